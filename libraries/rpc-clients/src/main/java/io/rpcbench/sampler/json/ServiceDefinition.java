package io.rpcbench.sampler.json;

import com.fasterxml.jackson.core.JsonPointer;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * What a Dubbo 3 provider publishes about a service in its metadata center: every method with its parameter
 * types, and for every type used its properties (POJO fields), items (collection and map type arguments) and
 * enum constants. Read from the JSON Dubbo stores under {@code /dubbo/metadata/<interface>/provider/<application>}
 * (by the registry readers of package {@code registry}, which use this one); {@link #NONE} when there is none
 * (parameter types given by the user). A Dubbo 2.7 provider stores the same path in its own dialect (nested property definitions, fastjson
 * references), read alike.
 */
public record ServiceDefinition(String interfaceName, List<MethodSignature> methods, Map<String, Type> types) {

    private static final String REFERENCE = "$ref";
    private static final int MAX_REFERENCE_HOPS = 16;

    /** No metadata: parameter types come from the user, nested values are sent as JSON gives them. */
    public static final ServiceDefinition NONE = new ServiceDefinition("", List.of(), Map.of());

    /**
     * One type of the definition.
     *
     * @param properties field name to type name, for POJOs
     * @param enums      the constants, for enums
     */
    public record Type(String name, Map<String, String> properties, List<String> enums) {}

    /** @throws IOException when {@code json} is not Dubbo's full service definition */
    public static ServiceDefinition parse(String json) throws IOException {
        JsonNode root = ExactJson.MAPPER.readTree(json);
        if (root == null || !root.path("methods").isArray()) {
            throw new IOException("not a Dubbo service definition (no methods): " + abbreviate(json));
        }
        List<MethodSignature> methods = new ArrayList<>();
        for (JsonNode method : root.path("methods")) {
            methods.add(new MethodSignature(method.path("name").asText(), texts(method.path("parameterTypes")),
                    method.path("returnType").asText("")));
        }
        methods.sort(Comparator.comparing(MethodSignature::name).thenComparing(m -> m.parameterTypes().size()));
        Map<String, Type> types = new LinkedHashMap<>();
        for (JsonNode entry : root.path("types")) {
            JsonNode type = resolve(root, entry);
            String name = type.path("type").asText("");
            if (name.isEmpty() || types.containsKey(name)) {
                continue; // a reference to a type listed already
            }
            Map<String, String> properties = new LinkedHashMap<>();
            type.path("properties").fields().forEachRemaining(p -> {
                String propertyType = propertyType(root, p.getValue());
                if (!propertyType.isEmpty()) {
                    properties.put(p.getKey(), propertyType);
                }
            });
            types.put(name, new Type(name, properties, texts(type.path("enums"))));
        }
        return new ServiceDefinition(root.path("canonicalName").asText(""), List.copyOf(methods), types);
    }

    /**
     * A property's type name. Dubbo 3 writes the name itself; Dubbo 2.7 writes the property's whole type
     * definition, or a reference to one written earlier (below).
     */
    private static String propertyType(JsonNode root, JsonNode property) {
        return property.isTextual() ? property.asText() : resolve(root, property).path("type").asText("");
    }

    /**
     * The node {@code node} stands for. Dubbo 2.7 serialises the definition with fastjson, which writes a repeated
     * object as a reference to its first place, {@code {"$ref": "$.types[6].properties.total"}}; anything else is
     * itself. A reference that leads nowhere is a missing node.
     */
    private static JsonNode resolve(JsonNode root, JsonNode node) {
        for (int hop = 0; hop < MAX_REFERENCE_HOPS && node.path(REFERENCE).isTextual(); hop++) {
            String path = node.path(REFERENCE).asText();
            if (!path.startsWith("$")) {
                return MissingNode.getInstance(); // fastjson's relative forms ("@", "..") are not written here
            }
            node = root.at(JsonPointer.compile(path.substring(1).replaceAll("\\[(\\d+)]", ".$1").replace('.', '/')));
        }
        return node;
    }

    private static List<String> texts(JsonNode array) {
        List<String> texts = new ArrayList<>();
        array.forEach(n -> texts.add(n.asText()));
        return List.copyOf(texts);
    }

    private static String abbreviate(String text) {
        return text.length() <= 200 ? text : text.substring(0, 200) + "...";
    }

    public List<MethodSignature> methodsNamed(String name) {
        return methods.stream().filter(m -> m.name().equals(name)).toList();
    }

    /** The type named exactly so (e.g. {@code com.example.Order}), or null. */
    public Type type(String name) {
        return types.get(name);
    }

    /** Every method, one signature after the other: for messages naming what the service offers. */
    public String describeMethods() {
        return methods.stream().map(MethodSignature::toString).collect(Collectors.joining("; "));
    }
}
