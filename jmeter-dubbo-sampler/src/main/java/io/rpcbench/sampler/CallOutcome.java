package io.rpcbench.sampler;

/**
 * What one echo call came to: success or a {@link FailureCategory} with a readable message, plus the bytes
 * sent and received. Carries no JMeter type; the samplers copy it into a {@code SampleResult}.
 *
 * @param failure       null when the call succeeded
 * @param message       "OK", or what went wrong and where
 * @param summary       a short description of the request, e.g. {@code echo string 1024 bytes}
 * @param sentBytes     bytes sent for this call (exact or estimated, see the client)
 * @param receivedBytes bytes received for this call (exact or estimated, see the client)
 */
public record CallOutcome(FailureCategory failure, String message, String summary, long sentBytes, long receivedBytes) {

    /** Response code and message of a successful sample. */
    public static final String OK = "OK";

    public static CallOutcome success(String summary, long sentBytes, long receivedBytes) {
        return new CallOutcome(null, OK, summary, sentBytes, receivedBytes);
    }

    public static CallOutcome failure(FailureCategory failure, String message, String summary) {
        return new CallOutcome(failure, message, summary, 0, 0);
    }

    public boolean successful() {
        return failure == null;
    }

    /** {@code OK} or the failure's category code. */
    public String responseCode() {
        return failure == null ? OK : failure.code();
    }
}
