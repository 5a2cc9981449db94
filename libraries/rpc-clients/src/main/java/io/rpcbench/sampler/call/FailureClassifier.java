package io.rpcbench.sampler.call;

import java.io.EOFException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.channels.ClosedChannelException;
import java.util.concurrent.TimeoutException;

/**
 * Maps what an RPC library throws to a {@link FailureCategory}, with the library's own {@link FailureRules} (each
 * protocol's client supplies them) and the rules every call shares: our own exceptions, then the JDK's sockets and
 * timeouts. Walks the cause chain from the outside in and takes the first exception that decides; the library's rules
 * may defer an exception of theirs to its cause (Dubbo: an {@code RpcException} with an unknown code). Whatever
 * decides nothing is counted as a remote exception, since the call reached the provider side of the library.
 *
 * <pre>{@code
 * FailureCategory category = FailureClassifier.categorize(failure, client.failureRules());
 * String message = FailureClassifier.describe(category, failure, client.target(), client.failureRules());
 * }</pre>
 */
public final class FailureClassifier {

    private FailureClassifier() {}

    public static FailureCategory categorize(Throwable failure, FailureRules rules) {
        FailureCategory whole = rules.categorizeWhole(failure);
        if (whole != null) {
            return whole;
        }
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            FailureCategory category = decide(t, rules);
            if (category != null) {
                return category;
            }
        }
        return FailureCategory.REMOTE_EXCEPTION;
    }

    /** True when the failure was caused by an interrupt, whose flag the caller should restore. */
    public static boolean wasInterrupted(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof InterruptedException || t instanceof java.nio.channels.ClosedByInterruptException) {
                return true;
            }
        }
        return false;
    }

    /**
     * "{category} calling {target}: {exception class}: {message}", or the library's own words for it
     * ({@link FailureRules#detail}), cut to a length a JTL row can carry.
     */
    public static String describe(FailureCategory category, Throwable failure, String target, FailureRules rules) {
        String detail = rules.detail(failure);
        if (detail != null) {
            return shorten(category.code() + " calling " + target + ": " + detail);
        }
        String message = failure.getMessage();
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        StringBuilder text = new StringBuilder()
                .append(category.code()).append(" calling ").append(target).append(": ")
                .append(failure.getClass().getName());
        if (message != null) {
            text.append(": ").append(message);
        }
        if (root != failure) {
            text.append(" (cause ").append(root.getClass().getName());
            if (root.getMessage() != null) {
                text.append(": ").append(root.getMessage());
            }
            text.append(')');
        }
        return shorten(text.toString().replace('\n', ' ').replace('\r', ' '));
    }

    private static String shorten(String text) {
        int max = 1000; // Dubbo messages embed whole URLs; a message this long is still readable in a JTL
        return text.length() <= max ? text : text.substring(0, max) + "...";
    }

    private static FailureCategory decide(Throwable t, FailureRules rules) {
        if (t instanceof BadParameterException) {
            return FailureCategory.BAD_PARAMETER; // found out only when preparing the call, e.g. an unknown method
        }
        if (t instanceof RemoteServiceException) {
            return FailureCategory.REMOTE_EXCEPTION;
        }
        FailureCategory library = rules.decide(t);
        return library != null ? library : jdk(t);
    }

    /**
     * The category the JDK's own exception {@code t} decides (a socket's timeout, a refused or closed connection, any
     * other I/O failure), or null: the rule every protocol shares, also for a library's rules to consult on a cause.
     */
    public static FailureCategory jdk(Throwable t) {
        if (t instanceof SocketTimeoutException || t instanceof TimeoutException) {
            return FailureCategory.TIMEOUT;
        }
        if (t instanceof ConnectException || t instanceof NoRouteToHostException || t instanceof UnknownHostException
                || t instanceof ClosedChannelException || t instanceof SocketException || t instanceof EOFException) {
            return FailureCategory.CONNECTION;
        }
        if (t instanceof IOException) {
            return FailureCategory.CONNECTION;
        }
        return null;
    }
}
