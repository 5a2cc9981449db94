package io.rpcbench.sampler.call;

/**
 * Why a sample failed. The {@link #code()} is the JMeter response code of the failed sample, so a JTL
 * or dashboard can count failures per category; the set is closed on purpose so that reports can rely on it.
 */
public enum FailureCategory {
    /** The provider did not answer within the configured timeout. */
    TIMEOUT("timeout"),
    /** No connection: refused, reset, closed, no provider available, unknown host. */
    CONNECTION("connection"),
    /** The request or the response could not be encoded or decoded. */
    SERIALIZATION("serialization"),
    /** The provider answered with an exception. */
    REMOTE_EXCEPTION("remote-exception"),
    /** A sampler parameter is invalid; no call was made. */
    BAD_PARAMETER("bad-parameter"),
    /** The provider answered, but not with the echo of the request. */
    WRONG_RESPONSE("wrong-response"),
    /**
     * JMeter stopped the thread while its call was in flight (the end of an open model's schedule, a stop or a
     * shutdown): the call was cut off, not failed by the provider. Reports leave these out of the figures and say
     * how many there were.
     */
    STOPPED("stopped"),
    /**
     * No call was made: the sampler's {@code max_in_flight} calls were already in flight when this one was due (under
     * an open model: an arrival the provider, or this JMeter, could not take on). Reports leave these out of the
     * figures and say how many arrivals were dropped.
     */
    DROPPED("dropped");

    private final String code;

    FailureCategory(String code) {
        this.code = code;
    }

    /** The response code written to the sample, e.g. {@code timeout}. */
    public String code() {
        return code;
    }
}
