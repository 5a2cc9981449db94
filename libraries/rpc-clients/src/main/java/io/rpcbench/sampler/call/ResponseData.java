package io.rpcbench.sampler.call;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * A sample's response text (see {@link RpcClient#responseText}), rendered now ({@link #of}) or when first read
 * ({@link #later}): most samples of a load test are never read (JMeter's CSV results leave the response data out),
 * and rendering a large answer can cost more than the call (a page of 15 protobuf users: about 200 µs as protobuf
 * JSON, measured), so a client renders later where it can.
 *
 * <p>Only what a check at call time finds cannot fail is rendered later (protobuf: {@code JsonPrintCheck}; Java
 * results: {@code JsonWriteCheck}; Thrift: {@code ThriftToJson.writable}): a response that cannot be rendered fails its
 * sample ({@link FailureCategory#SERIALIZATION}), which has to be known when the sample ends, not when someone reads it.
 * What no such check can see (a typed result's getter that throws, a cycle through its objects) fails when read: the
 * reader gets the failure, once (see the sampler's {@code RpcSampleResult}).
 *
 * <p>Threads: {@link #text()} may be called from any thread (the sampler's, a listener's); the text is rendered once,
 * the first reader rendering it and the others waiting for it.
 *
 * <pre>{@code
 * ResponseData data = ResponseData.later(() -> json(answer)); // nothing rendered yet
 * data.text();                                                // rendered now, and kept
 * }</pre>
 */
public final class ResponseData {

    /** What renders the text; null once it is rendered. Guarded by this. */
    private Supplier<String> render;
    private volatile String text;

    private ResponseData(Supplier<String> render, String text) {
        this.render = render;
        this.text = text;
    }

    /** A text rendered already. */
    public static ResponseData of(String text) {
        return new ResponseData(null, Objects.requireNonNull(text, "text"));
    }

    /**
     * A text {@code render} makes when first read; {@code render} must not answer null, and should not fail (a
     * failure is thrown to the reader, and the next read renders again).
     */
    public static ResponseData later(Supplier<String> render) {
        return new ResponseData(Objects.requireNonNull(render, "render"), null);
    }

    /** The text, rendered by the first call when it was given {@link #later}. */
    public String text() {
        String rendered = text;
        if (rendered != null) {
            return rendered;
        }
        synchronized (this) {
            if (text == null) {
                text = Objects.requireNonNull(render.get(), "the rendered response text");
                render = null; // what it held (the answer) is no longer needed
            }
            return text;
        }
    }

    /** Whether the text is there without rendering: given by {@link #of}, or read already. */
    public boolean rendered() {
        return text != null;
    }
}
