package io.rpcbench.sampler.thrift;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

/** Example InventoryService values as JSON, for the generic Thrift tests, and JSON trees to compare texts. */
public final class InventoryJson {

    /** 2^53 + 1: the first integer a double cannot hold. */
    public static final long BEYOND_DOUBLE = 9_007_199_254_740_993L;

    /** An item with every field set, the optional ones included; its set and map in the sorted order responses use. */
    public static final String FULL_ITEM = "{\"id\":" + BEYOND_DOUBLE + ",\"name\":\"torque wrench\",\"kind\":\"TOOL\","
            + "\"priceMicros\":9223372036854775807,\"weightKg\":1.25,\"tags\":[\"metric\",\"calibrated\"],"
            + "\"barcodes\":[\"0012345678905\",\"4006381333931\",\"9780201379624\"],\"stockByWarehouse\":{\"north\":12,\"south\":0},"
            + "\"dimensions\":{\"widthMm\":40.5,\"heightMm\":20.0,\"depthMm\":310.25},"
            + "\"note\":\"calibrated 2026-01 \\u00e9\\u4e2d\",\"thumbnail\":\"AAECA/8=\"}";

    /** An item with its required fields only. */
    public static final String BARE_ITEM = "{\"id\":1,\"name\":\"washer\"}";

    private static final ObjectMapper JSON = new ObjectMapper();

    private InventoryJson() {}

    /** The tree of a JSON text: equal trees are equal JSON, whatever the spacing. */
    public static JsonNode tree(String json) {
        try {
            return JSON.readTree(json);
        } catch (JsonProcessingException e) {
            throw new AssertionError("not JSON: " + json, e);
        }
    }

    /** A JSON object with one field replaced: {@code with(FULL_ITEM, "id", "3")}. */
    public static String with(String object, String field, String valueJson) {
        ObjectNode copy = (ObjectNode) tree(object).deepCopy();
        copy.set(field, tree(valueJson));
        return copy.toString();
    }
}
