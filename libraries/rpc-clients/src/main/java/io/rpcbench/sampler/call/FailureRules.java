package io.rpcbench.sampler.call;

/**
 * What one RPC library's exceptions mean, for {@link FailureClassifier}: each protocol words its own failures (its
 * client supplies its rules, {@link RpcClient#failureRules()}), while the rules every call shares (sockets, the JDK's
 * timeouts, our own exceptions) stay in {@code FailureClassifier}. Each method answers null when the library has
 * nothing to say, and the shared rules decide.
 *
 * <p>Order of use, for one failure: {@link #categorizeWhole} on the whole failure first; else, for each exception of
 * the cause chain from the outside in, our own exceptions, then {@link #decide}, then the JDK's rules, the first
 * answer winning. The message: {@link #detail}, else the shared wording.
 */
public interface FailureRules {

    /** No library of its own to read: the shared rules alone (e.g. RMI and Hessian, whose failures are the JDK's). */
    FailureRules NONE = new FailureRules() {};

    /**
     * The category of a failure the library recognises anywhere in its cause chain before any one exception of it
     * decides (e.g. a provider's answer carried inside a transport exception), or null.
     */
    default FailureCategory categorizeWhole(Throwable failure) {
        return null;
    }

    /** The category one exception of the cause chain decides, or null to let its cause (or the JDK's rules) decide. */
    default FailureCategory decide(Throwable link) {
        return null;
    }

    /**
     * What the failure was, in the library's own words, for a failure whose shared wording (exception class, message,
     * root cause) would say less: the text after {@code "{category} calling {target}: "}; null for the shared wording.
     */
    default String detail(Throwable failure) {
        return null;
    }
}
