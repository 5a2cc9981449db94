package io.rpcbench.benchmark.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ProviderEndpointsTest {

    @Test
    void parsesEveryEndpointOfTheReadyLine() {
        ProviderEndpoints endpoints = ProviderEndpoints.parse(
                "rpcbench-provider ready zookeeper=127.0.0.1:2181 dubbo=dubbo://127.0.0.1:20880 thrift=127.0.0.1:9090");
        assertThat(endpoints.zookeeper()).contains("127.0.0.1:2181");
        assertThat(endpoints.dubbo()).contains("dubbo://127.0.0.1:20880");
        assertThat(endpoints.thrift()).contains("127.0.0.1:9090");
        assertThat(ProviderEndpoints.port(endpoints.dubbo().orElseThrow())).isEqualTo(20880);
    }

    @Test
    void parsesTheHttpEchoEndpoint() {
        ProviderEndpoints endpoints = ProviderEndpoints.parse("rpcbench-provider ready zookeeper=127.0.0.1:2181 "
                + "dubbo=dubbo://127.0.0.1:20880 thrift=127.0.0.1:9090 rest=http://127.0.0.1:50051");
        assertThat(endpoints.rest()).contains("http://127.0.0.1:50051");
        assertThat(ProviderEndpoints.port(endpoints.rest().orElseThrow())).isEqualTo(50051);
        assertThat(ProviderEndpoints.parse("rpcbench-provider ready thrift=127.0.0.1:1").rest()).isEmpty();
    }

    @Test
    void parsesTheUserServiceStacksByName() {
        ProviderEndpoints endpoints = ProviderEndpoints.parse("rpcbench-provider ready zookeeper=127.0.0.1:2181 "
                + "dubbo=dubbo://127.0.0.1:20880 thrift=127.0.0.1:9090 user-dubbo-hessian2=dubbo://127.0.0.1:20881 "
                + "user-dubbo-protobuf=dubbo://127.0.0.1:20882 user-tri-protobuf=tri://127.0.0.1:20883 "
                + "user-tri-hessian2=tri://127.0.0.1:20884");

        assertThat(endpoints.userServiceStacks()).containsExactly(
                Map.entry("user-dubbo-hessian2", "dubbo://127.0.0.1:20881"),
                Map.entry("user-dubbo-protobuf", "dubbo://127.0.0.1:20882"),
                Map.entry("user-tri-hessian2", "tri://127.0.0.1:20884"),
                Map.entry("user-tri-protobuf", "tri://127.0.0.1:20883"));
        assertThat(ProviderEndpoints.parse("rpcbench-provider ready thrift=127.0.0.1:1").userServiceStacks()).isEmpty();
    }

    @Test
    void anEndpointLeftOutIsEmpty() {
        assertThat(ProviderEndpoints.parse("rpcbench-provider ready thrift=127.0.0.1:1").dubbo()).isEmpty();
    }

    @Test
    void otherLinesAreRejectedWithTheExpectedForm() {
        assertThatThrownBy(() -> ProviderEndpoints.parse("starting"))
                .hasMessage("'starting' is not a provider ready line; expected 'rpcbench-provider ready key=value ...'");
    }
}
