package io.rpcbench.agent.metric;

/** A spec the agent cannot serve; the message names the spec and what was expected. The reply shows an empty field. */
public final class BadSpecException extends IllegalArgumentException {
    public BadSpecException(MetricSpec spec, String expected) {
        super("bad metric spec '" + spec.text() + "': " + expected);
    }
}
