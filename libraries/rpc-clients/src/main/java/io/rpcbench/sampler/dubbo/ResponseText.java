package io.rpcbench.sampler.dubbo;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.google.protobuf.MessageOrBuilder;
import io.rpcbench.sampler.call.ResponseData;
import io.rpcbench.sampler.json.ExactJson;
import io.rpcbench.sampler.json.JdkValues;
import io.rpcbench.sampler.json.JsonWriteCheck;
import io.rpcbench.sampler.protobuf.JsonPrintCheck;
import io.rpcbench.sampler.protobuf.ProtobufJson;
import java.nio.charset.StandardCharsets;
import java.util.function.Supplier;

/**
 * A call's result as the JSON text a sample carries, so JMeter's JSON extractors and assertions work on it, cut
 * to a maximum size. A generic result is the maps Dubbo returns (each POJO with its {@code "class"} key); a typed
 * one the objects themselves. Numbers stay exact ({@link ExactJson}).
 *
 * @param text      the JSON, or its first bytes followed by a line saying it was cut
 * @param fullBytes the UTF-8 size of the whole JSON
 */
public record ResponseText(String text, long fullBytes) {

    /** The start of the line appended to a cut text. */
    public static final String CUT_MARK = "[response cut by response_max_bytes: ";

    /** @throws IllegalStateException when the value cannot be written as JSON (a cycle included) */
    public static ResponseText render(Object value, int maxBytes) {
        byte[] json;
        try {
            json = ExactJson.MAPPER.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("the result is not writable as JSON: " + e.getOriginalMessage(), e);
        } catch (StackOverflowError e) { // a graph that holds itself, where Jackson does not catch it
            throw new IllegalStateException("the result is not writable as JSON: it holds itself (a cycle)", e);
        }
        return cut(json, maxBytes);
    }

    /**
     * A call's Java result as JSON, written now: a generic result ({@code generic}) with the provider's maps of JDK
     * values as their text ({@link JdkValues#plain}), a typed one as it is.
     *
     * @throws IllegalStateException when the result cannot be written as JSON (a cycle included)
     */
    public static ResponseText ofResult(Object result, boolean generic, int maxBytes) {
        Object shown;
        try {
            shown = generic ? JdkValues.plain(result) : result;
        } catch (StackOverflowError e) { // maps that hold themselves: JdkValues walks them
            throw new IllegalStateException("the result is not writable as JSON: it holds itself (a cycle)", e);
        }
        return render(shown, maxBytes);
    }

    /**
     * {@link #ofResult} as a sample's response data: written when first read where {@link JsonWriteCheck} finds the
     * result writable, else now, so that a failure to write it fails the sample. The text is the one {@code ofResult}
     * gives now.
     *
     * @throws IllegalStateException when the result is written now and cannot be
     */
    public static ResponseData ofResultWhenRead(Object result, boolean generic, int maxBytes) {
        if (JsonWriteCheck.writable(result)) {
            return ResponseData.later(() -> ofResult(result, generic, maxBytes).text());
        }
        return ResponseData.of(ofResult(result, generic, maxBytes).text());
    }

    /** JSON written elsewhere (protobuf's JSON mapping, see {@code ProtobufJson}), cut the same way. */
    public static ResponseText ofJson(String json, int maxBytes) {
        return cut(json.getBytes(StandardCharsets.UTF_8), maxBytes);
    }

    /**
     * A protobuf answer's JSON, cut the same way, as a sample's response data: printed when first read if
     * {@code printable} (see {@link JsonPrintCheck}), else now, so that a failure to print fails the sample.
     *
     * @param json prints the answer, e.g. {@code () -> ProtobufJson.print(message)}
     * @throws RuntimeException when the answer is not printable and printing it fails (an {@code Any}: an
     *     IllegalStateException from {@code ProtobufJson}; a value out of range: JsonFormat's IllegalArgumentException)
     */
    public static ResponseData ofProtobuf(boolean printable, Supplier<String> json, int maxBytes) {
        Supplier<String> text = () -> ofJson(json.get(), maxBytes).text();
        return printable ? ResponseData.later(text) : ResponseData.of(text.get());
    }

    /** {@link #ofProtobuf} of one message. */
    public static ResponseData ofMessage(MessageOrBuilder message, int maxBytes) {
        return ofProtobuf(JsonPrintCheck.printable(message), () -> ProtobufJson.print(message), maxBytes);
    }

    private static ResponseText cut(byte[] json, int maxBytes) {
        if (json.length <= maxBytes) {
            return new ResponseText(new String(json, StandardCharsets.UTF_8), json.length);
        }
        int end = maxBytes;
        while (end > 0 && (json[end] & 0xC0) == 0x80) { // never split a UTF-8 character
            end--;
        }
        String head = new String(json, 0, end, StandardCharsets.UTF_8);
        return new ResponseText(head + "\n" + CUT_MARK + end + " of " + json.length + " bytes shown]", json.length);
    }
}
