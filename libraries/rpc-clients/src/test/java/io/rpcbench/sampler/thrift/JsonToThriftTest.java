package io.rpcbench.sampler.thrift;

import static io.rpcbench.sampler.thrift.InventoryJson.BARE_ITEM;
import static io.rpcbench.sampler.thrift.InventoryJson.BEYOND_DOUBLE;
import static io.rpcbench.sampler.thrift.InventoryJson.FULL_ITEM;
import static io.rpcbench.sampler.thrift.InventoryJson.tree;
import static io.rpcbench.sampler.thrift.InventoryJson.with;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcbench.example.thrift.InventoryService;
import io.rpcbench.example.thrift.Item;
import io.rpcbench.example.thrift.ItemKind;
import io.rpcbench.example.thrift.Shelf;
import io.rpcbench.sampler.call.BadParameterException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.thrift.TBase;
import org.junit.jupiter.api.Test;

/** The JSON mapping alone, on the example InventoryService's generated classes: no server. */
class JsonToThriftTest {

    private final JsonToThrift json = new JsonToThrift("arguments");

    private Item item(String text) {
        return (Item) json.struct(ThriftStructShape.of(Item.class), tree(text), "item");
    }

    @SuppressWarnings("rawtypes")
    private TBase arguments(Class<?> argsClass, String text) {
        return json.arguments(ThriftStructShape.of(argsClass), tree(text), "InventoryService.m");
    }

    @Test
    void everyKindOfValueReadsIntoTheGeneratedStruct() {
        Item item = item(FULL_ITEM);

        assertThat(item.getId()).isEqualTo(BEYOND_DOUBLE);
        assertThat(item.getName()).isEqualTo("torque wrench");
        assertThat(item.getKind()).isEqualTo(ItemKind.TOOL);
        assertThat(item.getPriceMicros()).isEqualTo(Long.MAX_VALUE);
        assertThat(item.getWeightKg()).isEqualTo(1.25);
        assertThat(item.getTags()).containsExactly("metric", "calibrated");
        assertThat(item.getBarcodes()).containsExactlyInAnyOrder("0012345678905", "4006381333931", "9780201379624");
        assertThat(item.getStockByWarehouse()).containsExactly(Map.entry("north", 12), Map.entry("south", 0));
        assertThat(item.getDimensions().getWidthMm()).isEqualTo(40.5);
        assertThat(item.getDimensions().getDepthMm()).isEqualTo(310.25);
        assertThat(item.getNote()).isEqualTo("calibrated 2026-01 \u00e9\u4e2d");
        assertThat(item.getThumbnail()).containsExactly(0, 1, 2, 3, 255);
    }

    @Test
    void whatIsWrittenReadsBackAsTheSameJson() {
        assertThat(tree(ThriftToJson.render(item(FULL_ITEM)))).isEqualTo(tree(FULL_ITEM));
    }

    @Test
    void absentAndNullOptionalFieldsStayUnsetAndAreLeftOut() {
        Item item = item(with(BARE_ITEM, "note", "null"));

        assertThat(item.isSetDimensions()).isFalse();
        assertThat(item.isSetNote()).isFalse();
        assertThat(item.isSetThumbnail()).isFalse();
        assertThat(item.isSetKind()).isFalse();
        assertThat(tree(ThriftToJson.render(item))).isEqualTo(tree(BARE_ITEM));
    }

    @Test
    void longBeyondDoublePrecisionStaysExactAsNumberOrString() {
        assertThat(item(with(BARE_ITEM, "priceMicros", "9007199254740993")).getPriceMicros()).isEqualTo(BEYOND_DOUBLE);
        assertThat(item(with(BARE_ITEM, "priceMicros", "\"9007199254740993\"")).getPriceMicros()).isEqualTo(BEYOND_DOUBLE);
        assertThat(item(with(BARE_ITEM, "priceMicros", "-9223372036854775808")).getPriceMicros()).isEqualTo(Long.MIN_VALUE);
        assertThat(ThriftToJson.render(item(with(BARE_ITEM, "priceMicros", "9007199254740993"))))
                .contains("\"priceMicros\":9007199254740993");
    }

    @Test
    void mapsTakeAnObjectOrKeyValuePairsAndEnumKeysByName() {
        Shelf fromObject = (Shelf) json.struct(ThriftStructShape.of(Shelf.class),
                tree("{\"countByKind\":{\"PART\":2,\"KIT\":1},\"ids\":[3,9007199254740993]}"), "shelf");
        Shelf fromPairs = (Shelf) json.struct(ThriftStructShape.of(Shelf.class),
                tree("{\"countByKind\":[[\"PART\",2],[\"KIT\",1]],\"ids\":[3,9007199254740993]}"), "shelf");

        assertThat(fromObject.getCountByKind()).containsExactly(Map.entry(ItemKind.PART, 2), Map.entry(ItemKind.KIT, 1));
        assertThat(fromPairs).isEqualTo(fromObject);
        assertThat(fromObject.getIds()).isEqualTo(Set.of(3L, BEYOND_DOUBLE));
        assertThat(tree(ThriftToJson.render(fromObject)))
                .isEqualTo(tree("{\"countByKind\":{\"PART\":2,\"KIT\":1},\"ids\":[3,9007199254740993]}"));
    }

    @Test
    void argumentsComeAsAnArrayInOrderOrAnObjectByName() {
        TBase<?, ?> byPosition = arguments(InventoryService.shelve_args.class, "[\"A-1\", [" + BARE_ITEM + "]]");
        TBase<?, ?> byName = arguments(InventoryService.shelve_args.class,
                "{\"items\": [" + BARE_ITEM + "], \"code\": \"A-1\"}");

        assertThat(byPosition).isEqualTo(byName);
        InventoryService.shelve_args args = (InventoryService.shelve_args) byPosition;
        assertThat(args.getCode()).isEqualTo("A-1");
        assertThat(args.getItems()).containsExactly(new Item().setId(1).setName("washer"));
    }

    /** Generated code reads sets and maps into hash-ordered collections: a response shows them sorted instead. */
    @Test
    void setsAndMapKeysAreRenderedInTheirNaturalOrder() {
        Item item = item(with(with(FULL_ITEM, "barcodes", "[\"9\", \"1\", \"50\", \"5\"]"), "stockByWarehouse",
                "{\"west\": 3, \"south\": 0, \"north\": 12, \"east\": 7}"));

        assertThat(ThriftToJson.render(item)).contains("\"barcodes\":[\"1\",\"5\",\"50\",\"9\"]")
                .contains("\"stockByWarehouse\":{\"east\":7,\"north\":12,\"south\":0,\"west\":3}");
    }

    /** Thrift would send 0 for them: a null there would be a silent 0 on the wire. */
    @Test
    void nullForAPrimitiveThatIsNeitherOptionalNorRequiredIsRefused() {
        assertThatThrownBy(() -> arguments(InventoryService.find_args.class, "[null]"))
                .isInstanceOf(BadParameterException.class)
                .hasMessageStartingWith("arguments 'null' at id is null, but find_args.id is a primitive neither optional"
                        + " nor required, which Thrift sends as 0 (false) when unset; expected a value for it");
        assertThatThrownBy(() -> item(with(BARE_ITEM, "weightKg", "null")))
                .hasMessageContaining("at item.weightKg is null, but Item.weightKg is a primitive");
        assertThat(item(with(BARE_ITEM, "kind", "null")).isSetKind()).isFalse(); // an enum is an object: not sent
    }

    @Test
    void aWrongNumberOfArgumentsNamesTheMethodsArguments() {
        assertThatThrownBy(() -> arguments(InventoryService.shelve_args.class, "[\"A-1\"]"))
                .isInstanceOf(BadParameterException.class)
                .hasMessage("arguments '[\"A-1\"]' has 1 argument(s) for InventoryService.m; expected a JSON array of"
                        + " the 2 argument(s) of InventoryService.m (code, items), or an object keyed by their names;"
                        + " null for an argument without value");
        assertThatThrownBy(() -> arguments(InventoryService.shelve_args.class, "{\"code\":\"A-1\"}"))
                .hasMessageStartingWith("arguments '{\"code\":\"A-1\"}' lacks the argument 'items' of InventoryService.m;");
        assertThatThrownBy(() -> arguments(InventoryService.shelve_args.class, "7"))
                .hasMessageStartingWith("arguments '7' is neither an array nor an object;");
    }

    @Test
    void aValueThatDoesNotFitItsFieldNamesWhereAndWhatWasExpected() {
        assertThatThrownBy(() -> item(with(BARE_ITEM, "priceMicros", "\"lots\"")))
                .isInstanceOf(BadParameterException.class)
                .hasMessage("arguments '\"lots\"' at item.priceMicros is not an integer; expected an integer from"
                        + " -9223372036854775808 to 9223372036854775807 (i64), as a number or a string");
        assertThatThrownBy(() -> item(with(BARE_ITEM, "priceMicros", "1.5")))
                .hasMessageContaining("at item.priceMicros is not an integer");
        assertThatThrownBy(() -> item(with(BARE_ITEM, "priceMicros", "9223372036854775808")))
                .hasMessageContaining("at item.priceMicros is out of range");
        assertThatThrownBy(() -> item(with(BARE_ITEM, "stockByWarehouse", "{\"north\": 2147483648}")))
                .hasMessage("arguments '2147483648' at item.stockByWarehouse[\"north\"] is out of range; expected an"
                        + " integer from -2147483648 to 2147483647 (i32), as a number or a string");
        assertThatThrownBy(() -> item(with(BARE_ITEM, "kind", "\"HAMMER\"")))
                .hasMessage("arguments '\"HAMMER\"' at item.kind is not a ItemKind; expected one of PART, TOOL, KIT"
                        + " (a JSON string)");
        assertThatThrownBy(() -> item(with(BARE_ITEM, "tags", "[\"a\", 5]")))
                .hasMessage("arguments '5' at item.tags[1] is not a string; expected a JSON string");
        assertThatThrownBy(() -> item(with(BARE_ITEM, "tags", "[null]")))
                .hasMessageContaining("at item.tags[0] is null; expected a value: a Thrift list cannot hold null");
        assertThatThrownBy(() -> item(with(BARE_ITEM, "thumbnail", "\"not base64!\"")))
                .hasMessageContaining("at item.thumbnail is not base64");
        assertThatThrownBy(() -> item(with(BARE_ITEM, "dimensions", "{\"widthMm\": true}")))
                .hasMessageContaining("at item.dimensions.widthMm is not a number");
    }

    @Test
    void anUnknownFieldListsTheStructsFields() {
        assertThatThrownBy(() -> item(with(BARE_ITEM, "colour", "\"red\"")))
                .isInstanceOf(BadParameterException.class)
                .hasMessageContaining("at item.colour is not a field of Item; expected one of id, name, kind,"
                        + " priceMicros, weightKg, tags, barcodes, stockByWarehouse, dimensions, note, thumbnail");
    }

    @Test
    void aMissingRequiredFieldIsNamed() {
        assertThatThrownBy(() -> item("{\"id\": 3}"))
                .isInstanceOf(BadParameterException.class)
                .hasMessage("arguments '{\"id\":3}' at item lacks the required field 'name' of Item; expected every"
                        + " required field of Item with a value");
    }

    @Test
    void textThatIsNotJsonSaysWhere() {
        assertThatThrownBy(() -> json.parse("[1, ]", "a JSON array"))
                .isInstanceOf(BadParameterException.class)
                .hasMessageStartingWith("arguments '[1, ]' is not JSON at line 1 column 5")
                .hasMessageEndingWith("; expected a JSON array");
        assertThatThrownBy(() -> json.parse("[1] [2]", "a JSON array")).hasMessageContaining("is not JSON");
    }

    @Test
    void aLongResponseIsCutAtACharacterBoundaryAndSaysSo() {
        String text = "\"" + "\u00e9".repeat(10) + "\""; // 22 bytes in UTF-8

        assertThat(ThriftToJson.cap(text, 22)).isEqualTo(text);
        assertThat(ThriftToJson.cap(text, 6)).isEqualTo("\"\u00e9\u00e9 ... [response cut: first 5 of 22 bytes]");
        assertThat(ThriftToJson.cap(text, 0)).isEqualTo(" ... [response cut: first 0 of 22 bytes]");
    }

    @Test
    void listsKeepTheirOrder() {
        assertThat(item(with(BARE_ITEM, "tags", "[\"b\",\"a\",\"b\"]")).getTags()).isEqualTo(List.of("b", "a", "b"));
    }
}
