package io.rpcbench.sampler.thrift;

import io.rpcbench.sampler.call.FailureCategory;
import io.rpcbench.sampler.call.FailureClassifier;
import io.rpcbench.sampler.call.FailureRules;
import java.net.SocketTimeoutException;
import org.apache.thrift.TApplicationException;
import org.apache.thrift.protocol.TProtocolException;
import org.apache.thrift.transport.TTransportException;

/**
 * What Thrift's exceptions mean ({@link FailureRules} for {@link FailureClassifier}), for every Thrift client: a
 * transport failure is a connection failure, or a timeout when its socket timed out; a protocol failure is
 * serialization; an application exception is the provider's answer.
 */
public final class ThriftFailureRules implements FailureRules {

    /** The rules of every Thrift client. */
    public static final FailureRules RULES = new ThriftFailureRules();

    private ThriftFailureRules() {}

    @Override
    public FailureCategory decide(Throwable t) {
        if (t instanceof TTransportException) {
            return thriftTransport((TTransportException) t);
        }
        if (t instanceof TProtocolException) {
            return FailureCategory.SERIALIZATION;
        }
        if (t instanceof TApplicationException) {
            return FailureCategory.REMOTE_EXCEPTION;
        }
        return null;
    }

    private static FailureCategory thriftTransport(TTransportException e) {
        if (e.getType() == TTransportException.TIMED_OUT || e.getCause() instanceof SocketTimeoutException) {
            return FailureCategory.TIMEOUT;
        }
        if (e.getCause() != null) {
            FailureCategory cause = FailureClassifier.jdk(e.getCause());
            if (cause == FailureCategory.TIMEOUT) {
                return cause;
            }
        }
        return FailureCategory.CONNECTION;
    }
}
