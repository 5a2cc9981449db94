package io.rpcbench.sampler;

import java.io.EOFException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.channels.ClosedChannelException;
import java.util.concurrent.TimeoutException;
import org.apache.dubbo.remoting.RemotingException;
import org.apache.dubbo.rpc.RpcException;
import org.apache.thrift.TApplicationException;
import org.apache.thrift.protocol.TProtocolException;
import org.apache.thrift.transport.TTransportException;

/**
 * Maps what an RPC library throws to a {@link FailureCategory}. Walks the cause chain from the outside in
 * and takes the first exception that decides; a Dubbo {@link RpcException} with an unknown code defers to
 * its cause. Whatever decides nothing is counted as a remote exception, since the call reached the
 * provider side of the library.
 */
public final class FailureClassifier {

    private FailureClassifier() {}

    public static FailureCategory categorize(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            FailureCategory category = decide(t);
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

    /** "{category} calling {target}: {exception class}: {message}", cut to a length a JTL row can carry. */
    public static String describe(FailureCategory category, Throwable failure, String target) {
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

    private static FailureCategory decide(Throwable t) {
        if (t instanceof BadParameterException) {
            return FailureCategory.BAD_PARAMETER; // found out only when preparing the call, e.g. an unknown method
        }
        if (t instanceof RegistryUnreachableException) {
            return FailureCategory.CONNECTION;
        }
        if (t instanceof RemoteServiceException) {
            return FailureCategory.REMOTE_EXCEPTION;
        }
        if (t instanceof RpcException) {
            return dubbo((RpcException) t);
        }
        if (t instanceof org.apache.dubbo.remoting.TimeoutException) {
            return FailureCategory.TIMEOUT;
        }
        if (t instanceof RemotingException) {
            return FailureCategory.CONNECTION;
        }
        if (t instanceof TTransportException) {
            return thriftTransport((TTransportException) t);
        }
        if (t instanceof TProtocolException) {
            return FailureCategory.SERIALIZATION;
        }
        if (t instanceof TApplicationException) {
            return FailureCategory.REMOTE_EXCEPTION;
        }
        return jdk(t);
    }

    private static FailureCategory dubbo(RpcException e) {
        if (e.isTimeout() || e.getCode() == RpcException.TIMEOUT_TERMINATE) {
            return FailureCategory.TIMEOUT;
        }
        if (e.isNetwork() || e.isNoInvokerAvailableAfterFilter()) {
            return FailureCategory.CONNECTION;
        }
        if (e.isForbidden() && String.valueOf(e.getMessage()).contains("No provider available")) {
            return FailureCategory.CONNECTION; // what a consumer says when the registry lists no provider
        }
        if (e.isSerialization()) {
            return FailureCategory.SERIALIZATION;
        }
        if (e.getCode() == RpcException.UNKNOWN_EXCEPTION) {
            return null; // the cause decides
        }
        return FailureCategory.REMOTE_EXCEPTION; // biz, forbidden, limit, method not found, validation...
    }

    private static FailureCategory thriftTransport(TTransportException e) {
        if (e.getType() == TTransportException.TIMED_OUT || e.getCause() instanceof SocketTimeoutException) {
            return FailureCategory.TIMEOUT;
        }
        if (e.getCause() != null) {
            FailureCategory cause = jdk(e.getCause());
            if (cause == FailureCategory.TIMEOUT) {
                return cause;
            }
        }
        return FailureCategory.CONNECTION;
    }

    private static FailureCategory jdk(Throwable t) {
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
