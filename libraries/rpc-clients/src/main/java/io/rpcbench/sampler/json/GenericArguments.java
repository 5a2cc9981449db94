package io.rpcbench.sampler.json;

import com.fasterxml.jackson.databind.JsonNode;
import io.rpcbench.sampler.call.BadParameterException;
import io.rpcbench.sampler.call.ServiceCallParameters;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Turns the JSON arguments of a call into the values Dubbo's generic invocation sends, checking each against its
 * declared type, without any class of the service: the provider's {@code GenericFilter} then makes the real objects
 * ({@code PojoUtils.realize}).
 *
 * <p>Rules, by declared type:
 * <ul>
 *   <li>{@code long}, {@code int}, {@code short}, {@code byte} and their boxes: a JSON integer (or a string of
 *       digits), in range; a long keeps every digit (JSON numbers are not read as doubles);
 *   <li>{@code double}, {@code float}, {@code boolean}, {@code char}, {@code String}: the JSON value of that kind;
 *   <li>{@code BigDecimal}: a JSON number or string, exact, scale kept ({@code 12.30} stays {@code 12.30});
 *       {@code BigInteger}: an integer or a string of digits;
 *   <li>{@code LocalDateTime}, {@code LocalDate}, {@code LocalTime}: ISO-8601 text, checked and sent as text (as
 *       Dubbo's generic invocation carries them);
 *   <li>{@code Locale}, {@code UUID}, {@code Currency}, {@code Date}, {@code Instant}, {@code OffsetDateTime},
 *       {@code ZonedDateTime}, {@code Duration}: their text, sent as the objects themselves ({@link JdkValues});
 *   <li>an enum (known from the metadata): one of its constant names;
 *   <li>lists, sets, collections and arrays: a JSON array, each item of the element type; maps: a JSON object, keys
 *       converted to the key type, values to the value type;
 *   <li>any other class (a POJO): a JSON object whose fields are typed by the metadata's properties of that class
 *       when known (a field it lacks is an error); its {@code "class"} key is added when not given, so that the
 *       provider builds that class. A {@code "class"} written in the JSON wins: that is how a field declared
 *       {@code Object} or {@code T} (e.g. the data of a {@code Result<T>}) gets a type;
 *   <li>{@code Object} and types unknown to the metadata: JSON as it is (object as map, array as list, integer as
 *       Integer or Long, decimal as BigDecimal).
 * </ul>
 * Every value that does not fit is a {@link BadParameterException} naming the argument's path
 * ({@code arguments[0].lines[1].quantity}), the value and the expected type.
 */
public final class GenericArguments {

    /** The key of a generic POJO map naming its class, as Dubbo writes and reads it. */
    public static final String CLASS_KEY = "class";

    private static final int MAX_SHOWN_VALUE = 120;
    private static final Set<String> LIST_TYPES = Set.of("java.util.List", "java.util.ArrayList",
            "java.util.LinkedList", "java.util.Collection", "java.lang.Iterable");
    private static final Set<String> SET_TYPES = Set.of("java.util.Set", "java.util.HashSet",
            "java.util.LinkedHashSet", "java.util.TreeSet", "java.util.SortedSet");
    private static final Set<String> MAP_TYPES = Set.of("java.util.Map", "java.util.HashMap",
            "java.util.LinkedHashMap", "java.util.TreeMap", "java.util.SortedMap",
            "java.util.concurrent.ConcurrentHashMap", "java.util.concurrent.ConcurrentMap");

    private final ServiceDefinition definition;
    private final String serialization;

    /** For hessian2, Dubbo's default serialization. @param definition the service's metadata, or {@link ServiceDefinition#NONE} */
    public GenericArguments(ServiceDefinition definition) {
        this(definition, JdkValues.HESSIAN2);
    }

    /**
     * @param definition    the service's metadata, or {@link ServiceDefinition#NONE}
     * @param serialization the call's serialization, which decides which JDK values can travel ({@link JdkValues})
     */
    public GenericArguments(ServiceDefinition definition, String serialization) {
        this.definition = definition;
        this.serialization = serialization;
    }

    /**
     * @param arguments the JSON array of the arguments
     * @param method    the method called, whose parameter types type the arguments
     * @throws BadParameterException when the count differs or a value does not fit
     */
    public Object[] convert(JsonNode arguments, MethodSignature method) {
        List<String> types = method.parameterTypes();
        if (arguments.size() != types.size()) {
            throw BadParameterException.of(ServiceCallParameters.ARGUMENTS, shown(arguments),
                    "has " + arguments.size() + " value" + (arguments.size() == 1 ? "" : "s") + " for " + method,
                    "a JSON array of " + types.size() + " value" + (types.size() == 1 ? "" : "s"));
        }
        Object[] values = new Object[types.size()];
        for (int i = 0; i < values.length; i++) {
            values[i] = value(arguments.get(i), TypeName.parse(types.get(i)), ServiceCallParameters.ARGUMENTS
                    + "[" + i + "]");
        }
        return values;
    }

    private Object value(JsonNode node, TypeName type, String path) {
        String raw = type.raw();
        if (node.isNull()) {
            if (isPrimitive(raw)) {
                throw bad(path, node, "is null", "a " + raw + " (a primitive cannot be null)");
            }
            return null;
        }
        switch (raw) {
            case "long": case "java.lang.Long":
                return integral(node, type, path, BigInteger.valueOf(Long.MIN_VALUE), BigInteger.valueOf(Long.MAX_VALUE),
                        BigInteger::longValue);
            case "int": case "java.lang.Integer":
                return integral(node, type, path, BigInteger.valueOf(Integer.MIN_VALUE),
                        BigInteger.valueOf(Integer.MAX_VALUE), BigInteger::intValue);
            case "short": case "java.lang.Short":
                return integral(node, type, path, BigInteger.valueOf(Short.MIN_VALUE),
                        BigInteger.valueOf(Short.MAX_VALUE), BigInteger::shortValue);
            case "byte": case "java.lang.Byte":
                return integral(node, type, path, BigInteger.valueOf(Byte.MIN_VALUE), BigInteger.valueOf(Byte.MAX_VALUE),
                        BigInteger::byteValue);
            case "double": case "java.lang.Double":
                return decimal(node, type, path).doubleValue();
            case "float": case "java.lang.Float":
                return decimal(node, type, path).floatValue();
            case "boolean": case "java.lang.Boolean":
                if (!node.isBoolean()) {
                    throw bad(path, node, "is not a JSON boolean", "true or false for " + raw);
                }
                return node.booleanValue();
            case "char": case "java.lang.Character":
                if (!node.isTextual() || node.textValue().length() != 1) {
                    throw bad(path, node, "is not one character", "a JSON string of one character for " + raw);
                }
                return node.textValue().charAt(0);
            case "java.lang.String": case "java.lang.CharSequence":
                if (!node.isTextual()) {
                    throw bad(path, node, "is not a JSON string", "a JSON string for " + raw);
                }
                return node.textValue();
            case "java.math.BigDecimal":
                return decimal(node, type, path);
            case "java.math.BigInteger":
                return integral(node, type, path, null, null, Function.identity());
            case "java.time.LocalDateTime":
                return isoText(node, type, path, LocalDateTime::parse, "2024-05-06T07:08:09.123456789");
            case "java.time.LocalDate":
                return isoText(node, type, path, LocalDate::parse, "2024-05-06");
            case "java.time.LocalTime":
                return isoText(node, type, path, LocalTime::parse, "07:08:09.5");
            case "java.lang.Object":
                return natural(node, path);
            default:
                return JdkValues.handles(raw) ? JdkValues.fromJson(node, raw, path, serialization) : structured(node, type, path);
        }
    }

    private Object structured(JsonNode node, TypeName type, String path) {
        String raw = type.raw();
        if (type.isArray() || LIST_TYPES.contains(raw) || SET_TYPES.contains(raw)) {
            if (!node.isArray()) {
                throw bad(path, node, "is not a JSON array", "a JSON array for " + type);
            }
            Collection<Object> items = SET_TYPES.contains(raw) ? new LinkedHashSet<>() : new ArrayList<>();
            for (int i = 0; i < node.size(); i++) {
                items.add(value(node.get(i), type.element(), path + "[" + i + "]"));
            }
            return items;
        }
        if (MAP_TYPES.contains(raw)) {
            if (!node.isObject()) {
                throw bad(path, node, "is not a JSON object", "a JSON object for " + type);
            }
            Map<Object, Object> map = new LinkedHashMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> entry = it.next();
                String keyPath = path + "[\"" + entry.getKey() + "\"]";
                Object key = value(com.fasterxml.jackson.databind.node.TextNode.valueOf(entry.getKey()),
                        keyType(type.argument(0)), keyPath + " (key)");
                map.put(key, value(entry.getValue(), type.argument(1), keyPath));
            }
            return map;
        }
        ServiceDefinition.Type known = definition.type(type.toString());
        if (known == null) {
            known = definition.type(raw);
        }
        if (known != null && !known.enums().isEmpty()) {
            if (!node.isTextual() || !known.enums().contains(node.textValue())) {
                throw bad(path, node, "is not a constant of " + raw, "one of " + known.enums());
            }
            return node.textValue();
        }
        return pojo(node, raw, known, path);
    }

    private Object pojo(JsonNode node, String declared, ServiceDefinition.Type known, String path) {
        if (known == null && !node.isObject()) {
            return natural(node, path); // e.g. an enum name of a type the metadata does not describe: the provider decides
        }
        if (!node.isObject()) {
            throw bad(path, node, "is not a JSON object", "a JSON object with the fields of " + declared);
        }
        String className = declared;
        ServiceDefinition.Type type = known;
        JsonNode given = node.get(CLASS_KEY);
        if (given != null) {
            if (!given.isTextual() || !JavaNames.isClassName(given.textValue())) {
                throw bad(path + "." + CLASS_KEY, given, "is not a class name", "a Java class name");
            }
            className = given.textValue();
            type = definition.type(className);
        }
        Map<String, Object> map = new LinkedHashMap<>();
        map.put(CLASS_KEY, className);
        for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> field = it.next();
            if (field.getKey().equals(CLASS_KEY)) {
                continue;
            }
            String fieldPath = path + "." + field.getKey();
            if (type == null) {
                map.put(field.getKey(), natural(field.getValue(), fieldPath));
                continue;
            }
            String fieldType = type.properties().get(field.getKey());
            if (fieldType == null) {
                throw bad(fieldPath, field.getValue(), "is not a field of " + className,
                        "one of its fields " + type.properties().keySet());
            }
            map.put(field.getKey(), value(field.getValue(), TypeName.parse(fieldType), fieldPath));
        }
        return map;
    }

    /** JSON as it is, for values typed {@code Object} or by a class the metadata does not know. */
    private Object natural(JsonNode node, String path) {
        if (node.isObject()) {
            JsonNode given = node.get(CLASS_KEY);
            if (given != null && given.isTextual()) {
                return pojo(node, given.textValue(), definition.type(given.textValue()), path);
            }
            Map<String, Object> map = new LinkedHashMap<>();
            node.fields().forEachRemaining(f -> map.put(f.getKey(), natural(f.getValue(), path + "." + f.getKey())));
            return map;
        }
        if (node.isArray()) {
            List<Object> list = new ArrayList<>();
            for (int i = 0; i < node.size(); i++) {
                list.add(natural(node.get(i), path + "[" + i + "]"));
            }
            return list;
        }
        if (node.isIntegralNumber()) {
            return node.canConvertToInt() ? (Object) node.intValue()
                    : node.canConvertToLong() ? (Object) node.longValue() : node.bigIntegerValue();
        }
        if (node.isNumber()) {
            return node.decimalValue();
        }
        if (node.isBoolean()) {
            return node.booleanValue();
        }
        return node.isNull() ? null : node.asText();
    }

    private static <T> T integral(JsonNode node, TypeName type, String path, BigInteger min, BigInteger max,
            Function<BigInteger, T> narrow) {
        String expected = "an integer" + (min == null ? "" : " from " + min + " to " + max) + " for " + type.raw();
        BigInteger value;
        if (node.isIntegralNumber()) {
            value = node.bigIntegerValue();
        } else if (node.isTextual()) {
            try {
                value = new BigInteger(node.textValue().trim());
            } catch (NumberFormatException e) {
                throw bad(path, node, "is not an integer", expected);
            }
        } else {
            throw bad(path, node, node.isNumber() ? "has a fraction" : "is not an integer", expected);
        }
        if (min != null && (value.compareTo(min) < 0 || value.compareTo(max) > 0)) {
            throw bad(path, node, "is out of range", expected);
        }
        return narrow.apply(value);
    }

    private static BigDecimal decimal(JsonNode node, TypeName type, String path) {
        String expected = "a JSON number (or a string of one) for " + type.raw();
        if (node.isNumber()) {
            return node.isIntegralNumber() ? new BigDecimal(node.bigIntegerValue()) : node.decimalValue();
        }
        if (node.isTextual()) {
            try {
                return new BigDecimal(node.textValue().trim());
            } catch (NumberFormatException e) {
                throw bad(path, node, "is not a number", expected);
            }
        }
        throw bad(path, node, "is not a number", expected);
    }

    private static String isoText(JsonNode node, TypeName type, String path, Function<String, Object> parse,
            String example) {
        String expected = "an ISO-8601 string for " + type.raw() + ", e.g. \"" + example + "\"";
        if (!node.isTextual()) {
            throw bad(path, node, "is not a JSON string", expected);
        }
        try {
            parse.apply(node.textValue());
        } catch (DateTimeParseException e) {
            throw bad(path, node, "is not ISO-8601", expected);
        }
        return node.textValue();
    }

    /** Map keys arrive as JSON strings; an Object key stays a string. */
    private static TypeName keyType(TypeName declared) {
        return declared.raw().equals("java.lang.Object") ? new TypeName("java.lang.String", List.of()) : declared;
    }

    private static boolean isPrimitive(String raw) {
        return Set.of("long", "int", "short", "byte", "double", "float", "boolean", "char").contains(raw);
    }

    static BadParameterException bad(String path, JsonNode node, String problem, String expected) {
        return BadParameterException.of(path, shown(node), problem, expected);
    }

    public static String shown(JsonNode node) {
        String text = node.isTextual() ? node.textValue() : node.toString();
        return text.length() <= MAX_SHOWN_VALUE ? text : text.substring(0, MAX_SHOWN_VALUE) + "...";
    }
}
