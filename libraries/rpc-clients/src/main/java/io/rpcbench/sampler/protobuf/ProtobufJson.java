package io.rpcbench.sampler.protobuf;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.MessageOrBuilder;
import com.google.protobuf.util.JsonFormat;
import io.rpcbench.sampler.call.BadParameterException;
import io.rpcbench.sampler.json.ExactJson;
import java.lang.reflect.InvocationTargetException;
import java.util.stream.Collectors;

/**
 * Protobuf messages as JSON, in protobuf's own JSON mapping ({@link JsonFormat}: lowerCamelCase field names, the
 * proto names accepted too, int64 as numbers or strings, enums by name, {@code Timestamp} as RFC 3339 text, bytes as
 * base64), for the arguments and results of protobuf methods, generated classes ({@code invocation=typed}) or
 * descriptors ({@code proto-descriptor}) alike. An argument that does not fit its message is a
 * {@link BadParameterException} naming the argument, the message type and its fields.
 *
 * <pre>{@code
 * Message request = ProtobufJson.parse(argumentNode, UserRequest.newBuilder(), "arguments[0]"); // {"id": 7}
 * String json = ProtobufJson.print(user); // {"id":"7","name":"User 7",...}: int64 as text, as the mapping says
 * }</pre>
 */
public final class ProtobufJson {

    /** Strict: a field the message lacks is an error, not dropped. */
    private static final JsonFormat.Parser PARSER = JsonFormat.parser();
    private static final JsonFormat.Printer PRINTER = JsonFormat.printer().omittingInsignificantWhitespace();

    private ProtobufJson() {}

    /** True for generated protobuf message classes (and {@code DynamicMessage}). */
    public static boolean isMessage(Class<?> type) {
        return Message.class.isAssignableFrom(type);
    }

    /**
     * A new builder of a generated message class, by its static {@code newBuilder()}.
     *
     * @throws IllegalArgumentException when {@code type} is not a generated message class
     */
    public static Message.Builder builderOf(Class<?> type) {
        try {
            return (Message.Builder) type.getMethod("newBuilder").invoke(null);
        } catch (NoSuchMethodException | IllegalAccessException | InvocationTargetException | ClassCastException e) {
            throw new IllegalArgumentException(type.getName() + " is not a generated protobuf message class", e);
        }
    }

    /**
     * The message {@code node} describes, built with {@code builder} (a new one per call).
     *
     * @param argument the argument's name in messages, e.g. {@code arguments[0]}
     * @throws BadParameterException when {@code node} is not a JSON object fitting the message
     */
    public static Message parse(JsonNode node, Message.Builder builder, String argument) {
        Descriptor type = builder.getDescriptorForType();
        if (node == null || !node.isObject()) {
            throw BadParameterException.of(argument, node == null ? "" : abbreviate(node.toString()),
                    "is not a JSON object, as the protobuf message " + type.getFullName() + " is", expected(type));
        }
        String json;
        try {
            json = ExactJson.MAPPER.writeValueAsString(node); // every digit of a long kept
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a parsed JSON tree could not be written again", e);
        }
        return parse(json, builder, argument);
    }

    /**
     * The message {@code json} describes.
     *
     * @throws BadParameterException when {@code json} is not an object of the message's JSON mapping
     */
    public static Message parse(String json, Message.Builder builder, String argument) {
        Descriptor type = builder.getDescriptorForType();
        try {
            PARSER.merge(json, builder);
            return builder.build();
        } catch (InvalidProtocolBufferException | RuntimeException e) { // Gson's parse errors are runtime ones
            throw BadParameterException.of(argument, abbreviate(json), "does not fit the protobuf message "
                    + type.getFullName() + " (" + firstLine(e) + ")", expected(type));
        }
    }

    /**
     * The message in protobuf's JSON mapping, without whitespace; fields at their default value are left out, as the
     * mapping says.
     *
     * @throws IllegalStateException when the message holds an {@code Any} of an unknown type
     */
    public static String print(MessageOrBuilder message) {
        try {
            return PRINTER.print(message);
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException("the protobuf message " + message.getDescriptorForType().getFullName()
                    + " cannot be written as JSON: " + e.getMessage(), e);
        }
    }

    /**
     * A message of {@code type} with every field at its default, in protobuf's JSON mapping on one line, for a user to
     * fill in: {@code {"id":"0"}} (int64 as text, as the mapping writes it); fields of a message type are left out (a
     * recursive type would nest without end).
     */
    public static String template(Descriptor type) {
        try {
            return TEMPLATE.print(DynamicMessage.getDefaultInstance(type));
        } catch (InvalidProtocolBufferException e) {
            return "{}"; // an Any among its fields: the user writes it
        }
    }

    private static final JsonFormat.Printer TEMPLATE = JsonFormat.printer().includingDefaultValueFields()
            .omittingInsignificantWhitespace();

    /** "a JSON object of rpcbench.user.UserRequest in protobuf's JSON mapping, with fields among id". */
    static String expected(Descriptor type) {
        String fields = type.getFields().stream().map(FieldDescriptor::getJsonName).collect(Collectors.joining(", "));
        return "a JSON object of " + type.getFullName() + " in protobuf's JSON mapping"
                + (fields.isEmpty() ? " ({}: it has no field)" : ", with fields among " + fields);
    }

    private static String firstLine(Exception e) {
        String message = String.valueOf(e.getMessage());
        int end = message.indexOf('\n');
        return end < 0 ? message : message.substring(0, end);
    }

    private static String abbreviate(String text) {
        return text.length() <= 120 ? text : text.substring(0, 120) + "...";
    }
}
