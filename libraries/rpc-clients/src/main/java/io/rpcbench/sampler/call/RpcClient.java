package io.rpcbench.sampler.call;

import io.rpcbench.seconds.StreamFigures;

/**
 * One sampler thread's way to make one kind of call over some RPC library: the echo call of a prepared
 * {@code EchoRequest}, or a call of any service method. Knows nothing of JMeter: {@link TimedCall} runs
 * {@link #prepare()} untimed, times {@link #call()} and judges the result.
 *
 * <p>Order of calls: construct (connects when it can); per sample {@link #bind} (the sample's own parameter
 * values), {@code prepare()}, {@code call()}, then {@code explain} when it failed, else {@code mismatch},
 * {@code sentBytes}, {@code receivedBytes}, {@code responseText}; {@code answeredBy} for that call; finally
 * {@link #close()}.
 *
 * <p>Threads: the sampler thread makes every call but {@link #interrupt()} and {@link #close()}, which may come
 * from another thread (JMeter's stop, and its test-end teardown) while a call is blocked; implementations
 * keep what those two touch safe to read across threads.
 */
public interface RpcClient extends AutoCloseable {

    /**
     * Reads the parameters whose value may change from sample to sample (JMeter substitutes {@code ${var}} before
     * each sample), such as the arguments of a call. Untimed; does nothing by default.
     *
     * @throws BadParameterException when a value is invalid: the sample fails without a call
     */
    default void bind(SamplerParameters sample) {}

    /**
     * Untimed work the next call needs, such as (re)connecting after a failure, so a sample's time never
     * includes it; a failure here is the sample's failure. Does nothing by default.
     */
    default void prepare() throws Exception {}

    /** Makes the call and returns the response as the library gives it; throws what the library throws. */
    Object call() throws Exception;

    /**
     * Says what the failure of the last {@link #call()} means when finding out takes more than the call, such as a
     * registry read: run after the timer stopped, so that a failed sample's time is the call's alone. Does nothing by
     * default.
     *
     * @throws Exception what the failure means, which the sample reports instead of it; returns when the call's own
     *     failure stands
     */
    default void explain(Throwable failure) throws Exception {}

    /**
     * Null when {@code response} (from {@link #call()}) is what was expected, otherwise what differed. A call
     * with no expectation (any service method) answers null.
     */
    String mismatch(Object response);

    /** Bytes sent by the last successful call. */
    long sentBytes();

    /** Bytes received by the last successful call, given its response. */
    long receivedBytes(Object response);

    /**
     * The response as the text a sample's response data carries (JSON for service calls, so JMeter's JSON
     * extractors and assertions work on it), or null to carry only the request summary, as the echo does. The text
     * may be rendered {@linkplain ResponseData#later later}, when something reads the sample's data, where a check at
     * call time finds that rendering cannot fail.
     *
     * @throws RuntimeException when the response cannot be rendered: the sample fails with
     *     {@link FailureCategory#SERIALIZATION}
     */
    default ResponseData responseText(Object response) {
        return null;
    }

    /**
     * The response message of a passing sample, {@code OK} by default; a call with more to say than its data, such as
     * a stream's message count ({@code OK: 15 messages}), says it here, where JTL files keep it.
     */
    default String successMessage(Object response) {
        return CallOutcome.OK;
    }

    /**
     * The per-message figures of a passing call that was a stream ({@link StreamFigures}), given its response; null
     * (the default) for a call that was not. Asked only of a call whose {@link #successMessage} is not plain
     * {@code OK} (a stream's says its messages), so that the echo's hot path asks nothing more.
     */
    default StreamFigures streamFigures(Object response) {
        return null;
    }

    /**
     * The endpoint that answered the last call, or was tried last when it failed, as {@code scheme://host:port}
     * (e.g. {@code dubbo://127.0.0.1:20880} when the address is a registry): JMeter's URL of the sample, from which
     * the dashboard counts each provider's share. Called once after each call, by the sampler thread.
     */
    String answeredBy();

    /**
     * What this library's exceptions mean ({@link FailureClassifier}): its protocol's rules, beside the ones every call
     * shares (sockets, the JDK's timeouts); none of its own by default.
     */
    default FailureRules failureRules() {
        return FailureRules.NONE;
    }

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
