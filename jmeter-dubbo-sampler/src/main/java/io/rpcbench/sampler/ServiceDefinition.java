package io.rpcbench.sampler;

import com.fasterxml.jackson.databind.JsonNode;
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
 * ({@link RegistryMetadata}); {@link #NONE} when there is none (parameter types given by the user).
 */
public record ServiceDefinition(String interfaceName, List<MethodSignature> methods, Map<String, Type> types) {

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
        for (JsonNode type : root.path("types")) {
            Map<String, String> properties = new LinkedHashMap<>();
            type.path("properties").fields().forEachRemaining(p -> properties.put(p.getKey(), p.getValue().asText()));
            String name = type.path("type").asText();
            types.put(name, new Type(name, properties, texts(type.path("enums"))));
        }
        return new ServiceDefinition(root.path("canonicalName").asText(""), List.copyOf(methods), types);
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
