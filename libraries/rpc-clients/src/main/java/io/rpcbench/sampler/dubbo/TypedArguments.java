package io.rpcbench.sampler.dubbo;

import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.rpcbench.sampler.call.BadParameterException;
import io.rpcbench.sampler.call.ServiceCallParameters;
import io.rpcbench.sampler.json.ExactJson;
import io.rpcbench.sampler.json.GenericArguments;
import io.rpcbench.sampler.json.MethodChoice;
import io.rpcbench.sampler.protobuf.ProtobufJson;
import java.lang.reflect.Method;
import java.lang.reflect.Type;

/**
 * Turns the JSON arguments of a call into the real objects of the method's parameter types (typed invocation, the
 * API jar on the class path), with Jackson and {@link ExactJson}'s exact numbers and ISO java.time. The generic
 * parameter types drive the mapping, so a {@code List<OrderLine>} gets {@code OrderLine}s and a
 * {@code Result<Order>} an {@code Order} as data. {@code "class"} keys, which generic arguments may carry, are
 * ignored here: the declared types decide. A parameter whose type is a generated protobuf message takes a JSON
 * object in protobuf's JSON mapping instead ({@link ProtobufJson}).
 */
public final class TypedArguments {

    private TypedArguments() {}

    /** @throws BadParameterException when the count differs or a value does not fit its parameter's type */
    public static Object[] convert(JsonNode arguments, Method method) {
        Type[] types = method.getGenericParameterTypes();
        if (arguments.size() != types.length) {
            throw BadParameterException.of(ServiceCallParameters.ARGUMENTS, GenericArguments.shown(arguments),
                    "has " + arguments.size() + " value" + (arguments.size() == 1 ? "" : "s") + " for "
                            + MethodChoice.describe(method),
                    "a JSON array of " + types.length + " value" + (types.length == 1 ? "" : "s"));
        }
        Object[] values = new Object[types.length];
        for (int i = 0; i < types.length; i++) {
            values[i] = value(arguments.get(i), types[i], ServiceCallParameters.ARGUMENTS + "[" + i + "]");
        }
        return values;
    }

    /**
     * One JSON value as an object of {@code type}: a generated protobuf message from protobuf's JSON mapping, anything
     * else by Jackson.
     *
     * @param name the value as messages name it, e.g. {@code arguments[0]}
     * @throws BadParameterException when the value does not fit the type
     */
    public static Object value(JsonNode json, Type type, String name) {
        Class<?> raw = ExactJson.MAPPER.getTypeFactory().constructType(type).getRawClass();
        if (ProtobufJson.isMessage(raw)) { // a generated message: protobuf's own JSON mapping, not its getters
            return ProtobufJson.parse(json, ProtobufJson.builderOf(raw), name);
        }
        JsonNode node = withoutClassKeys(json);
        JavaType javaType = ExactJson.MAPPER.getTypeFactory().constructType(type);
        Object value;
        try {
            value = ExactJson.MAPPER.treeToValue(node, javaType);
        } catch (java.io.IOException | IllegalArgumentException e) {
            String why = String.valueOf(e.getMessage()).lines().findFirst().orElse("");
            throw BadParameterException.of(name, GenericArguments.shown(json), "does not fit " + type.getTypeName()
                    + " (" + why + ")", "a JSON value of " + type.getTypeName());
        }
        if (value == null && raw.isPrimitive()) {
            throw BadParameterException.of(name, "null", "is null",
                    "a " + type.getTypeName() + " (a primitive cannot be null)");
        }
        return value;
    }

    private static JsonNode withoutClassKeys(JsonNode node) {
        if (node.isObject()) {
            ObjectNode copy = ExactJson.MAPPER.createObjectNode();
            node.fields().forEachRemaining(f -> {
                if (!f.getKey().equals(GenericArguments.CLASS_KEY)) {
                    copy.set(f.getKey(), withoutClassKeys(f.getValue()));
                }
            });
            return copy;
        }
        if (node.isArray()) {
            ArrayNode copy = ExactJson.MAPPER.createArrayNode();
            node.forEach(item -> copy.add(withoutClassKeys(item)));
            return copy;
        }
        return node;
    }
}
