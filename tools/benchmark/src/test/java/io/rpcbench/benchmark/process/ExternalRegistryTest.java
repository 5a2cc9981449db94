package io.rpcbench.benchmark.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ExternalRegistryTest {

    private static final Map<String, String> PASSWORD = Map.of(ExternalRegistry.PASSWORD_VARIABLE, "s3cret=value");

    @Test
    void aNacosWithAUserGivesTheProviderItsOptionsAndPasswordAndJMeterAPropertiesFile() {
        ExternalRegistry nacos = ExternalRegistry.parse("nacos://127.0.0.1:8848?namespace=bench", "bench-user",
                PASSWORD);

        assertThat(nacos.providerOptions()).containsExactly("--registry", "nacos://127.0.0.1:8848?namespace=bench",
                "--registry-username", "bench-user");
        assertThat(nacos.providerEnvironment()).isEqualTo(PASSWORD);
        assertThat(nacos.jmeterCredentials()).hasValue("dubbo.username=bench-user\ndubbo.password=s3cret=value\n");
        assertThat(nacos.toString()).contains("bench-user").doesNotContain("s3cret");
    }

    @Test
    void aZooKeeperWithoutAUserNeedsNoCredentials() {
        ExternalRegistry zookeeper = ExternalRegistry.parse("zookeeper://127.0.0.1:2181", null, PASSWORD);

        assertThat(zookeeper.providerOptions()).isEqualTo(List.of("--registry", "zookeeper://127.0.0.1:2181"));
        assertThat(zookeeper.providerEnvironment()).isEmpty();
        assertThat(zookeeper.jmeterCredentials()).isEmpty();
    }

    @Test
    void badRegistriesAreRefusedNamingTheOption() {
        assertThatThrownBy(() -> ExternalRegistry.parse("etcd://127.0.0.1:2379", null, Map.of()))
                .hasMessageStartingWith("--registry 'etcd://127.0.0.1:2379' is not a registry address; expected");
        assertThatThrownBy(() -> ExternalRegistry.parse("nacos://127.0.0.1:8848?password=s3cret", null, Map.of()))
                .hasMessageContaining("credentials").hasMessageNotContaining("s3cret");
        assertThatThrownBy(() -> ExternalRegistry.parse("nacos://127.0.0.1:8848", "bench-user", Map.of()))
                .hasMessageContaining(ExternalRegistry.PASSWORD_VARIABLE);
        assertThatThrownBy(() -> ExternalRegistry.parse("zookeeper://127.0.0.1:2181", "bench-user", PASSWORD))
                .hasMessageContaining("nacos://");
    }
}
