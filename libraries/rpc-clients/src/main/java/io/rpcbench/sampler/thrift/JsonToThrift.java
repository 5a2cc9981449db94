package io.rpcbench.sampler.thrift;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import io.rpcbench.sampler.call.BadParameterException;
import io.rpcbench.sampler.json.ExactJson;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.stream.Collectors;
import org.apache.thrift.TBase;
import org.apache.thrift.TEnum;
import org.apache.thrift.TFieldRequirementType;
import org.apache.thrift.TUnion;
import org.apache.thrift.meta_data.EnumMetaData;
import org.apache.thrift.meta_data.FieldValueMetaData;
import org.apache.thrift.meta_data.ListMetaData;
import org.apache.thrift.meta_data.MapMetaData;
import org.apache.thrift.meta_data.SetMetaData;
import org.apache.thrift.meta_data.StructMetaData;
import org.apache.thrift.protocol.TType;

/**
 * Builds Thrift values from JSON, led by the generated classes' own field metadata: no code per service. The
 * rules, which the sampler's README shows with examples:
 * <ul>
 *   <li>A method's arguments: a JSON array in declaration order, or an object keyed by argument name; every
 *       argument given (null for none).
 *   <li>struct, union, exception: an object keyed by IDL field name. An absent or null field stays unset; a
 *       required one must be there; a union takes exactly one field.
 *   <li>bool: true/false. byte, i16, i32, i64: an integer number, or a string holding one; in range, never
 *       rounded (i64 keeps every digit, beyond 2^53 too). double: a number, or "NaN", "Infinity", "-Infinity".
 *   <li>string: a string. binary: a base64 string. enum: the constant's name, e.g. "TOOL".
 *   <li>list, set: an array. map: an object whose keys are the map's keys as text (numbers, enum names, true/false),
 *       or an array of [key, value] pairs (needed when the keys are structs or containers).
 * </ul>
 * Anything else is a {@link BadParameterException} naming the parameter, the offending JSON, where it is (e.g.
 * {@code items[1].kind}) and what the field's type expects.
 */
public final class JsonToThrift {

    /** Exact numbers, no duplicate keys, nothing after the value. */
    private static final JsonMapper JSON = JsonMapper.builder()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .build();

    /** Longest piece of the input quoted in a message. */
    private static final int QUOTE_MAX = 120;

    private final String parameter;

    /** @param parameter the sampler parameter the JSON came from, for messages: e.g. {@code arguments} */
    public JsonToThrift(String parameter) {
        this.parameter = parameter;
    }

    /** Parses {@code text}; {@code expected} says what the parameter holds, for the message of bad JSON. */
    public JsonNode parse(String text, String expected) {
        try {
            return JSON.readTree(text);
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? ""
                    : " at line " + e.getLocation().getLineNr() + " column " + e.getLocation().getColumnNr();
            throw BadParameterException.of(parameter, quote(text), "is not JSON" + where + " (" + ExactJson.problem(e) + ")",
                    expected);
        }
    }

    /**
     * The {@code _args} struct of a method from its arguments as JSON: an array in declaration order, or an object
     * keyed by argument name.
     */
    @SuppressWarnings("rawtypes")
    public TBase arguments(ThriftStructShape args, JsonNode json, String method) {
        String expected = "a JSON array of the " + args.fields().size() + " argument(s) of " + method + " ("
                + args.names() + "), or an object keyed by their names; null for an argument without value";
        ObjectNode byName = JSON.createObjectNode();
        if (json.isArray()) {
            if (json.size() != args.fields().size()) {
                throw BadParameterException.of(parameter, quote(json.toString()),
                        "has " + json.size() + " argument(s) for " + method, expected);
            }
            for (int i = 0; i < json.size(); i++) {
                byName.set(args.fields().get(i).name(), json.get(i));
            }
        } else if (json.isObject()) {
            for (ThriftStructShape.Field field : args.fields()) {
                if (!json.has(field.name())) {
                    throw BadParameterException.of(parameter, quote(json.toString()),
                            "lacks the argument '" + field.name() + "' of " + method, expected);
                }
            }
            byName = (ObjectNode) json;
        } else {
            throw BadParameterException.of(parameter, quote(json.toString()), "is neither an array nor an object",
                    expected);
        }
        return struct(args, byName, "");
    }

    /** A field Thrift writes even when unset (default requiredness), with the primitive's zero value. */
    private static boolean writtenAsZeroWhenUnset(ThriftStructShape.Field field) {
        if (field.metaData().requirementType != TFieldRequirementType.DEFAULT) {
            return false;
        }
        byte type = field.metaData().valueMetaData.type;
        return type == TType.BOOL || type == TType.BYTE || type == TType.I16 || type == TType.I32
                || type == TType.I64 || type == TType.DOUBLE;
    }

    /** A new {@code shape} instance from a JSON object. */
    @SuppressWarnings({"rawtypes", "unchecked"})
    public TBase struct(ThriftStructShape shape, JsonNode json, String path) {
        String typeName = shape.type().getSimpleName();
        if (!json.isObject()) {
            throw bad(json, path, "is not an object", "a JSON object with fields of " + typeName + ": " + shape.names());
        }
        TBase struct = shape.newInstance();
        int set = 0;
        for (Iterator<Map.Entry<String, JsonNode>> it = json.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            ThriftStructShape.Field field = shape.field(entry.getKey());
            String fieldPath = path.isEmpty() ? entry.getKey() : path + "." + entry.getKey();
            if (field == null) {
                throw bad(json, fieldPath, "is not a field of " + typeName, "one of " + shape.names());
            }
            if (entry.getValue().isNull()) {
                if (writtenAsZeroWhenUnset(field)) {
                    throw bad(entry.getValue(), fieldPath, "is null, but " + typeName + "." + field.name() + " is a "
                            + "primitive neither optional nor required, which Thrift sends as 0 (false) when unset",
                            "a value for it (or the IDL to declare it optional)");
                }
                continue; // null: left unset, as if absent
            }
            struct.setFieldValue(field.id(), value(field.metaData().valueMetaData, entry.getValue(), fieldPath, shape.type()));
            set++;
        }
        for (ThriftStructShape.Field field : shape.fields()) {
            if (field.required() && !struct.isSet(field.id())) {
                throw bad(json, path, "lacks the required field '" + field.name() + "' of " + typeName,
                        "every required field of " + typeName + " with a value");
            }
        }
        if (struct instanceof TUnion && set != 1) {
            throw bad(json, path, "sets " + set + " fields of the union " + typeName,
                    "exactly one of " + shape.names());
        }
        return struct;
    }

    /**
     * The Java value the generated code holds for {@code json} in a field described by {@code meta}.
     *
     * @param owner the struct holding the field: a struct type the metadata names only (a forward reference) is
     *     looked up beside it
     */
    public Object value(FieldValueMetaData meta, JsonNode json, String path, Class<?> owner) {
        switch (meta.type) {
            case TType.BOOL:
                if (!json.isBoolean()) {
                    throw bad(json, path, "is not a bool", "true or false");
                }
                return json.booleanValue();
            case TType.BYTE:
                return integer(json, path, "byte", Byte.MIN_VALUE, Byte.MAX_VALUE).byteValue();
            case TType.I16:
                return integer(json, path, "i16", Short.MIN_VALUE, Short.MAX_VALUE).shortValue();
            case TType.I32:
                return integer(json, path, "i32", Integer.MIN_VALUE, Integer.MAX_VALUE).intValue();
            case TType.I64:
                return integer(json, path, "i64", Long.MIN_VALUE, Long.MAX_VALUE).longValue();
            case TType.DOUBLE:
                return decimal(json, path);
            case TType.STRING:
                return meta.isBinary() ? binary(json, path) : text(json, path);
            case TType.ENUM:
                return enumConstant(((EnumMetaData) meta).enumClass, json, path);
            case TType.STRUCT:
                return struct(ThriftStructShape.of(structClass(meta, owner)), json, path);
            case TType.LIST:
                return elements(((ListMetaData) meta).elemMetaData, json, path, owner, new ArrayList<>(), "list");
            case TType.SET:
                return elements(((SetMetaData) meta).elemMetaData, json, path, owner, new LinkedHashSet<>(), "set");
            case TType.MAP:
                return map((MapMetaData) meta, json, path, owner);
            default:
                throw new IllegalStateException("Thrift type " + meta.type + " at " + path + " is not supported");
        }
    }

    private Collection<Object> elements(FieldValueMetaData element, JsonNode json, String path, Class<?> owner,
            Collection<Object> into, String kind) {
        if (!json.isArray()) {
            throw bad(json, path, "is not an array", "a JSON array for a Thrift " + kind);
        }
        for (int i = 0; i < json.size(); i++) {
            into.add(notNull(element, json.get(i), path + "[" + i + "]", owner, kind));
        }
        return into;
    }

    private Map<Object, Object> map(MapMetaData meta, JsonNode json, String path, Class<?> owner) {
        Map<Object, Object> map = new LinkedHashMap<>();
        if (json.isObject() && textKeys(meta.keyMetaData)) {
            for (Iterator<Map.Entry<String, JsonNode>> it = json.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> entry = it.next();
                String entryPath = path + "[" + TextNode.valueOf(entry.getKey()) + "]"; // e.g. stock["north"]
                map.put(key(meta.keyMetaData, entry.getKey(), entryPath, owner),
                        notNull(meta.valueMetaData, entry.getValue(), entryPath, owner, "map"));
            }
            return map;
        }
        if (json.isArray()) {
            for (int i = 0; i < json.size(); i++) {
                JsonNode pair = json.get(i);
                String entryPath = path + "[" + i + "]";
                if (!pair.isArray() || pair.size() != 2) {
                    throw bad(pair, entryPath, "is not a [key, value] pair", "a JSON array of two elements");
                }
                map.put(notNull(meta.keyMetaData, pair.get(0), entryPath + "[0]", owner, "map"),
                        notNull(meta.valueMetaData, pair.get(1), entryPath + "[1]", owner, "map"));
            }
            return map;
        }
        throw bad(json, path, "is not a map", textKeys(meta.keyMetaData)
                ? "a JSON object keyed by the map's keys, or an array of [key, value] pairs"
                : "an array of [key, value] pairs (the keys are " + typeName(meta.keyMetaData) + ")");
    }

    /** A map key written as an object's key: its text read as the key type reads a JSON string. */
    private Object key(FieldValueMetaData meta, String text, String path, Class<?> owner) {
        if (meta.type == TType.BOOL) {
            if (!text.equals("true") && !text.equals("false")) {
                throw bad(TextNode.valueOf(text), path, "is not a bool key", "\"true\" or \"false\"");
            }
            return Boolean.valueOf(text);
        }
        if (meta.type == TType.DOUBLE) {
            try {
                return Double.valueOf(text);
            } catch (NumberFormatException e) {
                throw bad(TextNode.valueOf(text), path, "is not a number", "a double key such as \"1.5\"");
            }
        }
        return value(meta, TextNode.valueOf(text), path, owner); // strings, integers and enums accept their text
    }

    /** Keys an object's member names can spell: anything but structs and containers. */
    static boolean textKeys(FieldValueMetaData key) {
        return key.type != TType.STRUCT && key.type != TType.LIST && key.type != TType.SET && key.type != TType.MAP;
    }

    private Object notNull(FieldValueMetaData meta, JsonNode json, String path, Class<?> owner, String kind) {
        if (json.isNull()) {
            throw bad(json, path, "is null", "a value: a Thrift " + kind + " cannot hold null");
        }
        return value(meta, json, path, owner);
    }

    private BigInteger integer(JsonNode json, String path, String type, long min, long max) {
        String expected = "an integer from " + min + " to " + max + " (" + type + "), as a number or a string";
        BigInteger value;
        if (json.isIntegralNumber()) {
            value = json.bigIntegerValue();
        } else if (json.isTextual()) {
            try {
                value = new BigInteger(json.textValue().trim());
            } catch (NumberFormatException e) {
                throw bad(json, path, "is not an integer", expected);
            }
        } else {
            throw bad(json, path, "is not an integer", expected);
        }
        if (value.compareTo(BigInteger.valueOf(min)) < 0 || value.compareTo(BigInteger.valueOf(max)) > 0) {
            throw bad(json, path, "is out of range", expected);
        }
        return value;
    }

    private double decimal(JsonNode json, String path) {
        if (json.isNumber()) {
            return json.doubleValue();
        }
        if (json.isTextual()) {
            switch (json.textValue()) {
                case "NaN":
                    return Double.NaN;
                case "Infinity":
                    return Double.POSITIVE_INFINITY;
                case "-Infinity":
                    return Double.NEGATIVE_INFINITY;
                default:
                    break;
            }
        }
        throw bad(json, path, "is not a number", "a number (double), or \"NaN\", \"Infinity\", \"-Infinity\"");
    }

    private String text(JsonNode json, String path) {
        if (!json.isTextual()) {
            throw bad(json, path, "is not a string", "a JSON string");
        }
        return json.textValue();
    }

    private ByteBuffer binary(JsonNode json, String path) {
        String expected = "binary as a base64 string, e.g. \"AAEC\"";
        if (!json.isTextual()) {
            throw bad(json, path, "is not a string", expected);
        }
        try {
            return ByteBuffer.wrap(Base64.getDecoder().decode(json.textValue()));
        } catch (IllegalArgumentException e) {
            throw bad(json, path, "is not base64 (" + e.getMessage() + ")", expected);
        }
    }

    private Object enumConstant(Class<? extends TEnum> type, JsonNode json, String path) {
        Object[] constants = type.getEnumConstants();
        if (json.isTextual()) {
            for (Object constant : constants) {
                if (((Enum<?>) constant).name().equals(json.textValue())) {
                    return constant;
                }
            }
        }
        throw bad(json, path, "is not a " + type.getSimpleName(), "one of " + Arrays.stream(constants)
                .map(c -> ((Enum<?>) c).name()).collect(Collectors.joining(", ")) + " (a JSON string)");
    }

    /** The struct class of a field; a forward reference carries only the type's name, found beside its owner. */
    static Class<?> structClass(FieldValueMetaData meta, Class<?> owner) {
        if (meta instanceof StructMetaData) {
            return ((StructMetaData) meta).structClass;
        }
        String name = meta.getTypedefName();
        Class<?> top = owner;
        while (top.getEnclosingClass() != null) {
            top = top.getEnclosingClass();
        }
        String pkg = top.getPackageName();
        try {
            return Class.forName(pkg.isEmpty() ? name : pkg + "." + name, true, owner.getClassLoader());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException("the struct " + name + " of " + owner.getName() + " is not on the class path", e);
        }
    }

    /** "i64", "list<Item>": a field type as the IDL spells it, for messages. */
    static String typeName(FieldValueMetaData meta) {
        switch (meta.type) {
            case TType.BOOL: return "bool";
            case TType.BYTE: return "byte";
            case TType.I16: return "i16";
            case TType.I32: return "i32";
            case TType.I64: return "i64";
            case TType.DOUBLE: return "double";
            case TType.STRING: return meta.isBinary() ? "binary" : "string";
            case TType.ENUM: return ((EnumMetaData) meta).enumClass.getSimpleName();
            case TType.STRUCT: return meta instanceof StructMetaData
                    ? ((StructMetaData) meta).structClass.getSimpleName() : meta.getTypedefName();
            case TType.LIST: return "list<" + typeName(((ListMetaData) meta).elemMetaData) + ">";
            case TType.SET: return "set<" + typeName(((SetMetaData) meta).elemMetaData) + ">";
            case TType.MAP: return "map<" + typeName(((MapMetaData) meta).keyMetaData) + ", "
                    + typeName(((MapMetaData) meta).valueMetaData) + ">";
            default: return "type " + meta.type;
        }
    }

    private BadParameterException bad(JsonNode json, String path, String problem, String expected) {
        String where = path.isEmpty() ? "" : "at " + path + " ";
        return BadParameterException.of(parameter, quote(json.toString()), where + problem, expected);
    }

    private static String quote(String text) {
        return text.length() <= QUOTE_MAX ? text : text.substring(0, QUOTE_MAX) + "...";
    }
}
