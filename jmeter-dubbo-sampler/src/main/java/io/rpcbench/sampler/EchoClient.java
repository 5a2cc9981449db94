package io.rpcbench.sampler;

/**
 * One thread's way to make the echo call of a prepared {@link EchoRequest} over some RPC library. Knows
 * nothing of JMeter: {@link TimedCall} times {@link #call()} and judges the result.
 *
 * <p>Order of calls: construct (connects when it can), then any number of {@code call()} each followed by
 * {@code mismatch}, {@code sentBytes} and {@code receivedBytes} for that call, then {@link #close()}.
 * Implementations are used by one thread only.
 */
public interface EchoClient extends AutoCloseable {

    /** Makes the call and returns the response as the library gives it; throws what the library throws. */
    Object call() throws Exception;

    /** Null when {@code response} (from {@link #call()}) is the echo of the request, otherwise what differed. */
    String mismatch(Object response);

    /** Bytes sent by the last successful call. */
    long sentBytes();

    /** Bytes received by the last successful call, given its response. */
    long receivedBytes(Object response);

    /** Where the calls go, for messages: e.g. {@code thrift://127.0.0.1:9090} or the Dubbo address. */
    String target();

    /** Releases what this thread holds; never throws. */
    @Override
    void close();
}
