package io.rpcbench.sampler.dubbo;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.sampler.call.FailureCategory;
import io.rpcbench.sampler.call.FailureClassifier;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import org.apache.dubbo.remoting.RemotingException;
import org.apache.dubbo.rpc.RpcException;
import org.junit.jupiter.api.Test;

class DubboFailureRulesTest {

    @Test
    void dubboCodesDecideTheCategory() {
        assertThat(categorize(new RpcException(RpcException.TIMEOUT_EXCEPTION, "late")))
                .isEqualTo(FailureCategory.TIMEOUT);
        assertThat(categorize(new RpcException(RpcException.NETWORK_EXCEPTION, "reset")))
                .isEqualTo(FailureCategory.CONNECTION);
        assertThat(categorize(new RpcException(RpcException.SERIALIZATION_EXCEPTION, "bad")))
                .isEqualTo(FailureCategory.SERIALIZATION);
        assertThat(categorize(new RpcException(RpcException.BIZ_EXCEPTION, "boom")))
                .isEqualTo(FailureCategory.REMOTE_EXCEPTION);
        assertThat(categorize(new RpcException(RpcException.FORBIDDEN_EXCEPTION,
                "No provider available for the service"))).isEqualTo(FailureCategory.CONNECTION);
    }

    @Test
    void unknownDubboCodeDefersToItsCause() {
        RpcException wrapped = new RpcException("failed", new ConnectException("Connection refused"));

        assertThat(categorize(wrapped)).isEqualTo(FailureCategory.CONNECTION);
    }

    @Test
    void messageNamesCategoryTargetAndRootCause() {
        String message = describe(FailureCategory.CONNECTION,
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

        assertThat(categorize(new RpcException("Failed to invoke remote method", answered)))
                .isEqualTo(FailureCategory.REMOTE_EXCEPTION);
        assertThat(describe(FailureCategory.REMOTE_EXCEPTION, answered, "dubbo://127.0.0.1:1"))
                .endsWith(": java.lang.reflect.InaccessibleObjectException: Unable to make private "
                        + "java.util.Currency(java.lang.String,int,int) accessible");
        assertThat(categorize(local)).isEqualTo(FailureCategory.CONNECTION);
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

        FailureCategory category = categorize(failure);

        assertThat(category).isEqualTo(FailureCategory.CONNECTION);
        assertThat(describe(category, failure, "dubbo://127.0.0.1:36713")).isEqualTo(
                "connection calling dubbo://127.0.0.1:36713: the provider does not export io.rpcbench.echo.EchoService"
                        + " version 2.0 group green (it is unexporting, or serves another version or group); it exports"
                        + " io.rpcbench.echo.EchoService version 2.0 group blue, io.rpcbench.example.OrderService"
                        + " version (none) group (none)");
    }

    private static FailureCategory categorize(Throwable failure) {
        return FailureClassifier.categorize(failure, DubboFailureRules.RULES);
    }

    private static String describe(FailureCategory category, Throwable failure, String target) {
        return FailureClassifier.describe(category, failure, target, DubboFailureRules.RULES);
    }
}
