package io.rpcbench.sampler.registry.consumer;

import java.io.IOException;

/**
 * The registry knows the interface but lists no provider of it (of the version and group asked for) right now: a
 * provider stopped or not yet started, which samples count as {@code connection}, as Dubbo's own "No provider
 * available" is.
 */
public final class NoProviderException extends IOException {

    private static final long serialVersionUID = 1L;

    public NoProviderException(String message) {
        super(message);
    }
}
