package io.rpcbench.sampler.template;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rpcbench.sampler.json.JdkValues;
import io.rpcbench.sampler.json.MethodSignature;
import io.rpcbench.sampler.json.ServiceDefinition;
import io.rpcbench.sampler.json.TypeName;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The {@code arguments} of a Dubbo method as a template to fill in: a JSON array with one value per parameter, each in
 * the shape {@link io.rpcbench.sampler.json.GenericArguments} accepts for its declared type, typed by the service's
 * definition from the registry. The user then changes only values, never the shape:
 * {@code [{"id": 0, "lines": [{"quantity": 0, "sku": "", ...}], "placedAt": "2024-05-06T07:08:09", "status": "NEW"}]}.
 *
 * <p>Values, by declared type: numbers and their boxes {@code 0} (a {@code BigDecimal} and {@code BigInteger} too);
 * {@code boolean} {@code false}; {@code char} {@code "a"}; {@code String} {@code ""}; {@code java.time} types and the
 * JDK values of {@link JdkValues} an example of their text; an enum its first constant; lists, sets and arrays one
 * element; maps one entry whose key is the key type's template as text ({@code {"": value}}), or {@code {}} when the
 * key is not a text, number or enum; a POJO of the definition an object of all its properties by name, recursively, a type
 * met again inside itself {@code null}; {@code Object} (and a type variable) {@code null}; a class the definition does
 * not describe {@code {}}.
 *
 * <pre>{@code
 * String arguments = ArgumentTemplate.of(definition, signature);  // "[{\"id\": 0, ...}]"
 * }</pre>
 */
public final class ArgumentTemplate {

    /** Examples of the text of each date, time and JDK value type the sampler reads from a JSON string. */
    private static final Map<String, String> TEXT_EXAMPLES = Map.ofEntries(
            Map.entry("java.time.LocalDateTime", "2024-05-06T07:08:09"),
            Map.entry("java.time.LocalDate", "2024-05-06"),
            Map.entry("java.time.LocalTime", "07:08:09"),
            Map.entry("java.time.Instant", "2024-05-06T07:08:09Z"),
            Map.entry("java.time.OffsetDateTime", "2024-05-06T07:08:09+02:00"),
            Map.entry("java.time.ZonedDateTime", "2024-05-06T07:08:09+02:00[Europe/Paris]"),
            Map.entry("java.time.Duration", "PT1S"),
            Map.entry("java.util.Date", "2024-05-06T07:08:09.123Z"),
            Map.entry("java.util.Locale", "en-US"),
            Map.entry("java.util.UUID", "123e4567-e89b-12d3-a456-426614174000"),
            Map.entry("java.util.Currency", "EUR"));
    private static final Set<String> NUMBERS = Set.of("long", "int", "short", "byte", "double", "float",
            "java.lang.Long", "java.lang.Integer", "java.lang.Short", "java.lang.Byte", "java.lang.Double",
            "java.lang.Float", "java.lang.Number", "java.math.BigDecimal", "java.math.BigInteger");
    private static final Set<String> TEXTS = Set.of("java.lang.String", "java.lang.CharSequence");
    private static final Set<String> COLLECTIONS = Set.of("java.util.List", "java.util.ArrayList",
            "java.util.LinkedList", "java.util.Collection", "java.lang.Iterable", "java.util.Set", "java.util.HashSet",
            "java.util.LinkedHashSet", "java.util.TreeSet", "java.util.SortedSet");
    private static final Set<String> MAPS = Set.of("java.util.Map", "java.util.HashMap", "java.util.LinkedHashMap",
            "java.util.TreeMap", "java.util.SortedMap", "java.util.concurrent.ConcurrentHashMap",
            "java.util.concurrent.ConcurrentMap");

    private final ServiceDefinition definition;
    /** The POJO types being written, outermost first: one met again is cut off. */
    private final Set<String> open = new HashSet<>();

    private ArgumentTemplate(ServiceDefinition definition) {
        this.definition = definition;
    }

    /** The template of {@code method}'s arguments, typed by {@code definition}. */
    public static String of(ServiceDefinition definition, MethodSignature method) {
        ArgumentTemplate template = new ArgumentTemplate(definition);
        ArrayNode arguments = TemplateJson.array();
        method.parameterTypes().forEach(type -> arguments.add(template.value(TypeName.parse(type))));
        return TemplateJson.text(arguments);
    }

    private JsonNode value(TypeName type) {
        String raw = type.raw();
        if (NUMBERS.contains(raw)) {
            return TemplateJson.NODES.numberNode(0);
        }
        if (raw.equals("boolean") || raw.equals("java.lang.Boolean")) {
            return TemplateJson.NODES.booleanNode(false);
        }
        if (raw.equals("char") || raw.equals("java.lang.Character")) {
            return TemplateJson.NODES.textNode("a"); // one character, as the sampler requires
        }
        if (TEXTS.contains(raw)) {
            return TemplateJson.NODES.textNode("");
        }
        if (TEXT_EXAMPLES.containsKey(raw)) {
            return TemplateJson.NODES.textNode(TEXT_EXAMPLES.get(raw));
        }
        if (raw.equals("java.lang.Object")) {
            return TemplateJson.NODES.nullNode();
        }
        if (type.isArray() || COLLECTIONS.contains(raw)) {
            return TemplateJson.array().add(value(type.element()));
        }
        if (MAPS.contains(raw)) {
            return map(type);
        }
        return described(type);
    }

    private JsonNode map(TypeName type) {
        ObjectNode map = TemplateJson.object();
        JsonNode key = value(type.argument(0));
        if (key.isTextual() || key.isNumber() || key.isBoolean() || type.argument(0).raw().equals("java.lang.Object")) {
            map.set(key.isNull() ? "" : key.asText(), value(type.argument(1)));
        }
        return map;
    }

    /** An enum or a POJO as the definition describes it; {@code {}} for a class it does not describe. */
    private JsonNode described(TypeName type) {
        ServiceDefinition.Type known = definition.type(type.toString());
        if (known == null) {
            known = definition.type(type.raw());
        }
        if (known == null) {
            return TemplateJson.object();
        }
        if (!known.enums().isEmpty()) {
            return TemplateJson.NODES.textNode(known.enums().get(0));
        }
        if (!open.add(known.name())) {
            return TemplateJson.NODES.nullNode(); // a type inside itself (a tree's children): cut off
        }
        ObjectNode pojo = TemplateJson.object();
        // By name: Dubbo keeps a class's properties in a hash map, so the definition's order is no one's.
        new TreeMap<>(known.properties()).forEach((name, propertyType) -> pojo.set(name, value(TypeName.parse(propertyType))));
        open.remove(known.name());
        return pojo;
    }
}
