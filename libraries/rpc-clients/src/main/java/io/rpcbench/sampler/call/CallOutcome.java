package io.rpcbench.sampler.call;

import io.rpcbench.seconds.StreamFigures;

/**
 * What one call came to: success or a {@link FailureCategory} with a readable message, plus the bytes sent and
 * received, the call's own time in microseconds and, for service calls, the response as text. Carries no JMeter
 * type; the samplers copy it into a {@code SampleResult}.
 *
 * @param failure       null when the call succeeded
 * @param message       "OK", or what went wrong and where
 * @param summary       a short description of the request, e.g. {@code echo string 1024 bytes}
 * @param sentBytes     bytes sent for this call (exact or estimated, see the client)
 * @param receivedBytes bytes received for this call (exact or estimated, see the client)
 * @param responseText  the response as text, rendered or to be rendered when read (see
 *                      {@link RpcClient#responseText}), or null
 * @param elapsedMicros the call's own time in microseconds, measured by {@link TimedCall} around the call only, also
 *                      for a call that failed; 0 when no call was made (bad parameter, no connection, no client)
 * @param stream        a passing stream's per-message figures; null for a call that was not a stream, or failed
 */
public record CallOutcome(FailureCategory failure, String message, String summary, long sentBytes, long receivedBytes,
                          ResponseData responseText, long elapsedMicros, StreamFigures stream) {

    /** Response code and message of a successful sample. */
    public static final String OK = "OK";

    /** A passing call that took {@code elapsedMicros} microseconds. */
    public static CallOutcome success(String summary, long sentBytes, long receivedBytes, ResponseData responseText,
            long elapsedMicros) {
        return new CallOutcome(null, OK, summary, sentBytes, receivedBytes, responseText, elapsedMicros, null);
    }

    /** A passing call whose response message says more than {@link #OK}, e.g. a stream's message count. */
    public static CallOutcome success(String summary, long sentBytes, long receivedBytes, ResponseData responseText,
            long elapsedMicros, String message) {
        return new CallOutcome(null, message, summary, sentBytes, receivedBytes, responseText, elapsedMicros, null);
    }

    public static CallOutcome failure(FailureCategory failure, String message, String summary) {
        return new CallOutcome(failure, message, summary, 0, 0, null, 0, null);
    }

    /** This outcome of a call that took {@code micros} microseconds. */
    public CallOutcome withElapsedMicros(long micros) {
        return new CallOutcome(failure, message, summary, sentBytes, receivedBytes, responseText, micros, stream);
    }

    /** This outcome with a stream's per-message figures. */
    public CallOutcome withStream(StreamFigures figures) {
        return new CallOutcome(failure, message, summary, sentBytes, receivedBytes, responseText, elapsedMicros,
                figures);
    }

    public boolean successful() {
        return failure == null;
    }

    /** {@code OK} or the failure's category code. */
    public String responseCode() {
        return failure == null ? OK : failure.code();
    }

    /**
     * What a sample's response data shows: the response text (rendered now if it was left for later), else the message
     * of a failure or the summary.
     */
    public String responseData() {
        if (responseText != null) {
            return responseText.text();
        }
        return successful() ? summary : message;
    }
}
