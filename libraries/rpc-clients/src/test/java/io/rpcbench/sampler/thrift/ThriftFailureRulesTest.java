package io.rpcbench.sampler.thrift;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.sampler.call.FailureCategory;
import io.rpcbench.sampler.call.FailureClassifier;
import java.net.ConnectException;
import java.net.SocketTimeoutException;
import org.apache.thrift.TApplicationException;
import org.apache.thrift.protocol.TProtocolException;
import org.apache.thrift.transport.TTransportException;
import org.junit.jupiter.api.Test;

class ThriftFailureRulesTest {

    @Test
    void thriftLayersHaveTheirOwnCategories() {
        assertThat(categorize(new TTransportException(new SocketTimeoutException("Read timed out"))))
                .isEqualTo(FailureCategory.TIMEOUT);
        assertThat(categorize(new TTransportException(new ConnectException("refused"))))
                .isEqualTo(FailureCategory.CONNECTION);
        assertThat(categorize(new TTransportException(TTransportException.END_OF_FILE, "closed")))
                .isEqualTo(FailureCategory.CONNECTION);
        assertThat(categorize(new TProtocolException("bad frame")))
                .isEqualTo(FailureCategory.SERIALIZATION);
        assertThat(categorize(new TApplicationException(TApplicationException.INTERNAL_ERROR, "boom")))
                .isEqualTo(FailureCategory.REMOTE_EXCEPTION);
    }

    private static FailureCategory categorize(Throwable failure) {
        return FailureClassifier.categorize(failure, ThriftFailureRules.RULES);
    }
}
