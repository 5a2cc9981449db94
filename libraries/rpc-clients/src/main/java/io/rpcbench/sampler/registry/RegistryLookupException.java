package io.rpcbench.sampler.registry;

import java.io.IOException;

/**
 * The registry answered, and has not what was asked. The message names what was looked up, where, and what the
 * registry holds instead; the Dubbo clients turn the {@link #reason()} into a sample's failure category.
 */
public final class RegistryLookupException extends IOException {

    /** Why the look-up found nothing. */
    public enum Reason {
        /** Nothing of that interface, version and group was ever registered here (a mistake in the request). */
        UNKNOWN_SERVICE,
        /** It is known here (metadata, mapping) but no provider is running now. */
        NO_PROVIDER,
        /** A provider is running, and published no definition here. */
        NO_DEFINITION,
        /** The registry refused the user or password, or asks for one. */
        REFUSED
    }

    private static final long serialVersionUID = 1L;

    private final Reason reason;
    private final String problem;
    private final String expected;

    /**
     * @param problem  what was looked up, where, and what was found instead
     * @param expected what would have been found (e.g. the interfaces served there), empty when nothing can be said
     */
    public RegistryLookupException(Reason reason, String problem, String expected) {
        super(expected.isEmpty() ? problem : problem + "; expected " + expected);
        this.reason = reason;
        this.problem = problem;
        this.expected = expected;
    }

    public Reason reason() {
        return reason;
    }

    /** The message without what was expected: for a message that names the sampler parameter first. */
    public String problem() {
        return problem;
    }

    public String expected() {
        return expected;
    }
}
