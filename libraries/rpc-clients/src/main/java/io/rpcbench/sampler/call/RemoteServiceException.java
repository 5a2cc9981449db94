package io.rpcbench.sampler.call;

/**
 * An exception the provider's service threw, as a generic call reports it: the provider's exception class by name
 * (the consumer need not have it) and its message. Dubbo's {@code GenericException} carries both, but its own
 * message is the whole remote stack trace.
 */
public class RemoteServiceException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String exceptionClass;

    /** Without the generic exception as cause: its message, the remote stack trace, would fill the sample's. */
    public RemoteServiceException(String exceptionClass, String exceptionMessage) {
        super(exceptionClass + ": " + exceptionMessage);
        this.exceptionClass = exceptionClass;
    }

    /** The class of the provider's exception, e.g. {@code com.example.OrderNotFoundException}. */
    public String exceptionClass() {
        return exceptionClass;
    }
}
