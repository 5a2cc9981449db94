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
            Class<?> raw = method.getParameterTypes()[i];
            if (ProtobufJson.isMessage(raw)) { // a generated message: protobuf's own JSON mapping, not its getters
                values[i] = ProtobufJson.parse(arguments.get(i), ProtobufJson.builderOf(raw),
                        ServiceCallParameters.ARGUMENTS + "[" + i + "]");
                continue;
            }
            JsonNode node = withoutClassKeys(arguments.get(i));
            JavaType type = ExactJson.MAPPER.getTypeFactory().constructType(types[i]);
            try {
                values[i] = ExactJson.MAPPER.treeToValue(node, type);
            } catch (java.io.IOException | IllegalArgumentException e) {
                String why = String.valueOf(e.getMessage()).lines().findFirst().orElse("");
                throw BadParameterException.of(ServiceCallParameters.ARGUMENTS + "[" + i + "]",
                        GenericArguments.shown(arguments.get(i)), "does not fit " + types[i].getTypeName() + " (" + why + ")",
                        "a JSON value of " + types[i].getTypeName());
            }
            if (values[i] == null && method.getParameterTypes()[i].isPrimitive()) {
                throw BadParameterException.of(ServiceCallParameters.ARGUMENTS + "[" + i + "]", "null", "is null",
                        "a " + types[i].getTypeName() + " (a primitive cannot be null)");
            }
        }
        return values;
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
