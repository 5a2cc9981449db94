package io.rpcbench.sampler;

/**
 * One thread's way to make the echo call of a prepared {@link EchoRequest} over some RPC library. Knows
 * nothing of JMeter: {@link TimedCall} runs {@link #prepare()} untimed, times {@link #call()} and judges the result.
 *
 * <p>Order of calls: construct (connects when it can), then per sample {@code prepare()}, {@code call()} and
 * {@code mismatch}, {@code sentBytes} and {@code receivedBytes} for that call, then {@link #close()}.
 *
 * <p>Threads: the sampler thread makes every call but {@link #interrupt()} and {@link #close()}, which may come
 * from another thread (JMeter's stop, and its test-end teardown) while a call is blocked; implementations
 * keep what those two touch safe to read across threads.
 */
public interface EchoClient extends AutoCloseable {

    /**
     * Untimed work the next call needs, such as (re)connecting after a failure, so a sample's time never
     * includes it; a failure here is the sample's failure. Does nothing by default.
     */
    default void prepare() throws Exception {}

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

    /**
     * Makes a call blocked in this client fail soon, from another thread; the client stays usable, the next
     * {@code prepare()} recovers. Never throws.
     *
     * @return true when a call was in progress and has been made to fail, false when there was none or
     *     this library cannot cut a call short (it then ends by its timeout)
     */
    boolean interrupt();

    /** Releases what this thread holds; may come from another thread; never throws. */
    @Override
    void close();
}
