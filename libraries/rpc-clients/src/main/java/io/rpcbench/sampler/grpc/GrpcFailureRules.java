package io.rpcbench.sampler.grpc;

import io.grpc.Status;
import io.grpc.StatusException;
import io.grpc.StatusRuntimeException;
import io.rpcbench.sampler.call.FailureCategory;
import io.rpcbench.sampler.call.FailureRules;

/**
 * What grpc-java's failures mean: the status code of a {@link StatusRuntimeException} decides its category
 * (a deadline is a timeout, an unavailable server or a method it does not serve a connection failure, a message it
 * could not read a serialization failure, every other code the server's own error) and is named in the message with
 * the server's description.
 */
public final class GrpcFailureRules implements FailureRules {

    public static final FailureRules RULES = new GrpcFailureRules();

    private GrpcFailureRules() {}

    @Override
    public FailureCategory decide(Throwable link) {
        Status status = status(link);
        if (status == null) {
            return null;
        }
        return switch (status.getCode()) {
            case DEADLINE_EXCEEDED -> FailureCategory.TIMEOUT;
            case UNAVAILABLE, UNIMPLEMENTED -> FailureCategory.CONNECTION;
            case INTERNAL -> String.valueOf(status.getDescription()).toLowerCase().contains("pars")
                    ? FailureCategory.SERIALIZATION : FailureCategory.REMOTE_EXCEPTION;
            case CANCELLED -> status.getCause() instanceof InterruptedException ? FailureCategory.STOPPED
                    : FailureCategory.REMOTE_EXCEPTION;
            default -> FailureCategory.REMOTE_EXCEPTION;
        };
    }

    /** {@code gRPC status UNIMPLEMENTED: Method not found: rpcbench.user.UserService/nope}. */
    @Override
    public String detail(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            Status status = status(t);
            if (status != null) {
                return "gRPC status " + status.getCode() + (status.getDescription() == null ? ""
                        : ": " + status.getDescription());
            }
        }
        return null;
    }

    private static Status status(Throwable t) {
        if (t instanceof StatusRuntimeException e) {
            return e.getStatus();
        }
        return t instanceof StatusException e ? e.getStatus() : null;
    }
}
