package io.rpcbench.sampler.call;

import io.rpcbench.seconds.StreamFigures;

/**
 * Makes one call with the timer around the call and nothing else, then judges the response outside
 * the timer. The client's {@link RpcClient#prepare()} (e.g. a reconnect) runs before the timer starts; if it
 * fails the sample fails with an empty time. A failed call is explained ({@link RpcClient#explain}, e.g. a registry
 * read saying why no provider was found) after the timer stopped, and the sample reports the explanation. Never
 * throws: every failure becomes a {@link CallOutcome} with a category.
 *
 * <p>Inside the sampler's timer the call is also timed with {@link System#nanoTime()}: the outcome's
 * {@link CallOutcome#elapsedMicros()} is the call's own time in microseconds (JMeter's own elapsed has whole
 * milliseconds only, too coarse for a call on loopback). It covers {@code call()} alone, never prepare, the
 * response check or its rendering; it is 0 when no call was made. The response text is rendered here, outside the
 * timer, unless the client leaves it for {@linkplain ResponseData#later later}.
 *
 * <pre>{@code
 * CallOutcome outcome = TimedCall.run(client, summary, new TimedCall.Stopwatch() {
 *     public void start() { result.sampleStart(); }
 *     public void stop() { result.sampleEnd(); }
 * });
 * }</pre>
 */
public final class TimedCall {

    /** The sampler's timer; JMeter's {@code SampleResult.sampleStart/sampleEnd} in the samplers. */
    public interface Stopwatch {
        void start();

        void stop();
    }

    private TimedCall() {}

    public static CallOutcome run(RpcClient client, String summary, Stopwatch stopwatch) {
        try {
            client.prepare();
        } catch (Throwable t) { // e.g. the provider is still down: no call is made, and no connect time is counted
            stopwatch.start();
            stopwatch.stop();
            return failed(client, summary, t);
        }
        Object response = null;
        Throwable failure = null;
        long elapsedNanos;
        stopwatch.start();
        long startNanos = System.nanoTime(); // inside the sampler's timer: the micros cover no more than it does
        try {
            response = client.call();
        } catch (Throwable t) { // runTest must never throw: every error, even an Error, is a failed sample
            failure = t;
        } finally {
            elapsedNanos = System.nanoTime() - startNanos;
            stopwatch.stop();
        }
        if (failure != null) {
            failure = explained(client, failure);
        }
        return judged(client, summary, response, failure, micros(elapsedNanos));
    }

    /** The failure as the client explains it ({@link RpcClient#explain}), after the timer: a read may be slow. */
    private static Throwable explained(RpcClient client, Throwable failure) {
        try {
            client.explain(failure);
            return failure;
        } catch (Throwable explanation) { // what the failure means, or why finding out failed: the sample's failure
            return explanation;
        }
    }

    /** At least 1 for a call that was made, however fast, so that 0 always means "no call". */
    static long micros(long elapsedNanos) {
        return Math.max(1, elapsedNanos / 1000);
    }

    /** The outcome of a call that was made, with its time; a passing one (the hot path) is built once. */
    private static CallOutcome judged(RpcClient client, String summary, Object response, Throwable failure,
            long micros) {
        if (failure != null) {
            return failed(client, summary, failure).withElapsedMicros(micros);
        }
        String mismatch;
        try {
            mismatch = client.mismatch(response);
        } catch (RuntimeException e) { // a response of an unexpected type
            mismatch = "the response could not be compared: " + e;
        }
        if (mismatch != null) {
            return CallOutcome.failure(FailureCategory.WRONG_RESPONSE,
                    "wrong response from " + client.target() + ": " + mismatch, summary).withElapsedMicros(micros);
        }
        ResponseData text;
        try {
            text = client.responseText(response);
        } catch (RuntimeException e) { // the call answered, but its answer cannot be shown or asserted on
            return CallOutcome.failure(FailureCategory.SERIALIZATION, "serialization calling " + client.target()
                    + ": the response could not be written as the sample's response data: " + e.getMessage(), summary)
                    .withElapsedMicros(micros);
        }
        String message = client.successMessage(response);
        if (message == CallOutcome.OK) { // the echo's hot path: no second factory, no string built
            return CallOutcome.success(summary, client.sentBytes(), client.receivedBytes(response), text, micros);
        }
        CallOutcome outcome = CallOutcome.success(summary, client.sentBytes(), client.receivedBytes(response), text,
                micros, message);
        StreamFigures stream = client.streamFigures(response);
        return stream == null ? outcome : outcome.withStream(stream);
    }

    private static CallOutcome failed(RpcClient client, String summary, Throwable failure) {
        if (FailureClassifier.wasInterrupted(failure)) {
            Thread.currentThread().interrupt(); // the engine is stopping this thread: keep the flag for it
            return stopped(client.target(), FailureClassifier.describe(FailureCategory.STOPPED, failure,
                    client.target(), client.failureRules()), summary);
        }
        if (failure instanceof BadParameterException bad) { // found while preparing, e.g. an unknown method
            return CallOutcome.failure(FailureCategory.BAD_PARAMETER, bad.getMessage(), "no call: bad parameter");
        }
        FailureRules rules = client.failureRules();
        FailureCategory category = FailureClassifier.categorize(failure, rules);
        return CallOutcome.failure(category, FailureClassifier.describe(category, failure, client.target(), rules),
                summary);
    }

    /**
     * The outcome of a call that JMeter cut off by stopping its thread ({@link FailureCategory#STOPPED}), from what
     * the library said ({@code cause}, which may read as a connection or remote failure).
     */
    public static CallOutcome stopped(String target, String cause, String summary) {
        return CallOutcome.failure(FailureCategory.STOPPED, FailureCategory.STOPPED.code() + " calling " + target
                + ": JMeter stopped this thread while the call was in flight (the run ended or was stopped), not the "
                + "provider's failure; the library said: " + cause, summary);
    }

    /** The outcome of every sample of a thread whose parameters are invalid: no call is made. */
    public static CallOutcome refused(BadParameterException problem, Stopwatch stopwatch) {
        stopwatch.start(); // gives the sample a start time so the JTL row has a real timestamp
        stopwatch.stop();
        return CallOutcome.failure(FailureCategory.BAD_PARAMETER, problem.getMessage(), "no call: bad parameter");
    }
}
