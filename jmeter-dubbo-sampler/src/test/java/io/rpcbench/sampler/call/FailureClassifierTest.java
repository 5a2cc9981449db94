package io.rpcbench.sampler.call;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.SocketTimeoutException;
import org.apache.dubbo.remoting.RemotingException;
import org.apache.dubbo.rpc.RpcException;
import org.apache.thrift.TApplicationException;
import org.apache.thrift.protocol.TProtocolException;
import org.apache.thrift.transport.TTransportException;
import org.junit.jupiter.api.Test;

class FailureClassifierTest {

    @Test
    void dubboCodesDecideTheCategory() {
        assertThat(FailureClassifier.categorize(new RpcException(RpcException.TIMEOUT_EXCEPTION, "late")))
                .isEqualTo(FailureCategory.TIMEOUT);
        assertThat(FailureClassifier.categorize(new RpcException(RpcException.NETWORK_EXCEPTION, "reset")))
                .isEqualTo(FailureCategory.CONNECTION);
        assertThat(FailureClassifier.categorize(new RpcException(RpcException.SERIALIZATION_EXCEPTION, "bad")))
                .isEqualTo(FailureCategory.SERIALIZATION);
        assertThat(FailureClassifier.categorize(new RpcException(RpcException.BIZ_EXCEPTION, "boom")))
                .isEqualTo(FailureCategory.REMOTE_EXCEPTION);
        assertThat(FailureClassifier.categorize(new RpcException(RpcException.FORBIDDEN_EXCEPTION,
                "No provider available for the service"))).isEqualTo(FailureCategory.CONNECTION);
    }

    @Test
    void unknownDubboCodeDefersToItsCause() {
        RpcException wrapped = new RpcException("failed", new ConnectException("Connection refused"));

        assertThat(FailureClassifier.categorize(wrapped)).isEqualTo(FailureCategory.CONNECTION);
    }

    @Test
    void thriftLayersHaveTheirOwnCategories() {
        assertThat(FailureClassifier.categorize(new TTransportException(new SocketTimeoutException("Read timed out"))))
                .isEqualTo(FailureCategory.TIMEOUT);
        assertThat(FailureClassifier.categorize(new TTransportException(new ConnectException("refused"))))
                .isEqualTo(FailureCategory.CONNECTION);
        assertThat(FailureClassifier.categorize(new TTransportException(TTransportException.END_OF_FILE, "closed")))
                .isEqualTo(FailureCategory.CONNECTION);
        assertThat(FailureClassifier.categorize(new TProtocolException("bad frame")))
                .isEqualTo(FailureCategory.SERIALIZATION);
        assertThat(FailureClassifier.categorize(new TApplicationException(TApplicationException.INTERNAL_ERROR, "boom")))
                .isEqualTo(FailureCategory.REMOTE_EXCEPTION);
    }

    @Test
    void plainJavaFailures() {
        assertThat(FailureClassifier.categorize(new SocketTimeoutException())).isEqualTo(FailureCategory.TIMEOUT);
        assertThat(FailureClassifier.categorize(new IOException("broken pipe"))).isEqualTo(FailureCategory.CONNECTION);
        assertThat(FailureClassifier.categorize(new IllegalStateException("provider threw")))
                .isEqualTo(FailureCategory.REMOTE_EXCEPTION);
    }

    @Test
    void messageNamesCategoryTargetAndRootCause() {
        String message = FailureClassifier.describe(FailureCategory.CONNECTION,
                new RpcException("Failed to invoke", new ConnectException("Connection refused")), "dubbo://127.0.0.1:1");

        assertThat(message).isEqualTo("connection calling dubbo://127.0.0.1:1: org.apache.dubbo.rpc.RpcException: "
                + "Failed to invoke (cause java.net.ConnectException: Connection refused)");
    }

    @Test
    void anExceptionTheProviderAnsweredWithIsRemoteNotConnection() {
        // how a Dubbo 2.7 provider's generic filter failure reaches a consumer: the exception's text, its stack trace
        RemotingException answered = new RemotingException((InetSocketAddress) null, null,
                "java.lang.reflect.InaccessibleObjectException: Unable to make private java.util.Currency(java.lang.String,"
                        + "int,int) accessible\njava.lang.reflect.InaccessibleObjectException: Unable to make ...\n"
                        + "\tat java.base/java.lang.reflect.AccessibleObject.checkCanSetAccessible(AccessibleObject.java:354)\n");
        RemotingException local = new RemotingException((InetSocketAddress) null, null,
                "message can not send, because channel is closed .\n\tat somewhere");

        assertThat(FailureClassifier.categorize(new RpcException("Failed to invoke remote method", answered)))
                .isEqualTo(FailureCategory.REMOTE_EXCEPTION);
        assertThat(FailureClassifier.describe(FailureCategory.REMOTE_EXCEPTION, answered, "dubbo://127.0.0.1:1"))
                .endsWith(": java.lang.reflect.InaccessibleObjectException: Unable to make private "
                        + "java.util.Currency(java.lang.String,int,int) accessible");
        assertThat(FailureClassifier.categorize(local)).isEqualTo(FailureCategory.CONNECTION);
    }

    @Test
    void aServiceTheProviderDoesNotExportIsAConnectionFailureNamingWhatItLacked() {
        // how a Dubbo 3.3 provider's answer to a call for another group reaches the consumer (measured)
        RemotingException answered = new RemotingException((InetSocketAddress) null, null,
                "org.apache.dubbo.remoting.RemotingException: Not found exported service: "
                        + "green/io.rpcbench.echo.EchoService:2.0:36713 in [blue/io.rpcbench.echo.EchoService:2.0:36713, "
                        + "rpcbench-provider/org.apache.dubbo.metadata.MetadataService:1.0.0:36713, "
                        + "io.rpcbench.example.OrderService:36713], may be version or group mismatch , channel: consumer:"
                        + " /127.0.0.1:56452 --> provider: /127.0.0.1:36713, message:RpcInvocation [methodName=echo, "
                        + "parameterTypes=[class java.lang.String]]\n"
                        + "\tat org.apache.dubbo.rpc.protocol.dubbo.DubboProtocol.getInvoker(DubboProtocol.java:318)\n");
        RpcException failure = new RpcException("Failed to invoke the method echo",
                new java.util.concurrent.ExecutionException(answered));

        FailureCategory category = FailureClassifier.categorize(failure);

        assertThat(category).isEqualTo(FailureCategory.CONNECTION);
        assertThat(FailureClassifier.describe(category, failure, "dubbo://127.0.0.1:36713")).isEqualTo(
                "connection calling dubbo://127.0.0.1:36713: the provider does not export io.rpcbench.echo.EchoService"
                        + " version 2.0 group green (it is unexporting, or serves another version or group); it exports"
                        + " io.rpcbench.echo.EchoService version 2.0 group blue, io.rpcbench.example.OrderService"
                        + " version (none) group (none)");
    }

    @Test
    void interruptIsFoundInTheCauseChain() {
        assertThat(FailureClassifier.wasInterrupted(new RpcException("x", new InterruptedException()))).isTrue();
        assertThat(FailureClassifier.wasInterrupted(new RpcException("x"))).isFalse();
    }
}
