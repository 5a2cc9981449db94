package io.rpcbench.sampler.dubbo;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import io.rpcbench.sampler.call.BadParameterException;
import io.rpcbench.sampler.call.ServiceCallParameters;
import io.rpcbench.sampler.json.ExactJson;
import io.rpcbench.sampler.json.GenericArguments;
import io.rpcbench.sampler.json.MethodSignature;

/**
 * The argument of Dubbo's {@code protobuf-json} generic call: the request message as the text of one JSON object.
 * The consumer sends it as a string; the provider's {@code GenericFilter} parses it into the method's message class
 * with the "protobuf-json" serialization of dubbo-serialization-protobuf, which the provider must have (the
 * consumer needs neither the extension nor the message class). Dubbo carries exactly one argument this way.
 */
final class ProtobufJsonArgument {

    private ProtobufJsonArgument() {}

    /** @throws BadParameterException unless {@code arguments} is an array of one JSON object */
    static String text(JsonNode arguments, MethodSignature signature) {
        String type = signature.parameterTypes().isEmpty() ? "request message" : signature.parameterTypes().get(0);
        if (arguments.size() != 1) {
            throw BadParameterException.of(ServiceCallParameters.ARGUMENTS, GenericArguments.shown(arguments), "has "
                    + arguments.size() + " values, and Dubbo's protobuf-json generic call carries exactly one",
                    "a JSON array of one object, the " + type + " in protobuf's JSON mapping, e.g. [{\"id\": 7}]");
        }
        JsonNode message = arguments.get(0);
        if (!message.isObject()) {
            throw BadParameterException.of(ServiceCallParameters.ARGUMENTS + "[0]", GenericArguments.shown(message),
                    "is not a JSON object", "the " + type + " as a JSON object in protobuf's JSON mapping, e.g. "
                            + "{\"id\": 7}");
        }
        try {
            return ExactJson.MAPPER.writeValueAsString(message); // every digit of a long kept
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a parsed JSON tree could not be written again", e);
        }
    }
}
