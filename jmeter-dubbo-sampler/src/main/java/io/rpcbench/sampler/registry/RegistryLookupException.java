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

    private final Reason reason;

    public RegistryLookupException(Reason reason, String message) {
        super(message);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }
}
