package io.rpcbench.provider.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class RegistryAddressTest {

    @Test
    void aNacosAddressKeepsItsSettingsForDubbo() {
        RegistryAddress nacos = RegistryAddress.parse("nacos://127.0.0.1:8848?namespace=bench&group=RPC");

        assertThat(nacos.scheme()).isEqualTo("nacos");
        assertThat(nacos.hostPort()).isEqualTo("127.0.0.1:8848");
        assertThat(nacos.dubboAddress()).isEqualTo("nacos://127.0.0.1:8848?namespace=bench&group=RPC");
    }

    @Test
    void credentialsGoToDubboAsTheUserInformationAndAreNeverPrinted() {
        RegistryAddress nacos = RegistryAddress.parse("nacos://127.0.0.1:8848?namespace=bench")
                .withCredentials("bench-user", "s3cret/value");

        assertThat(nacos.dubboAddress()).isEqualTo("nacos://bench-user:s3cret%2Fvalue@127.0.0.1:8848?namespace=bench");
        assertThat(nacos.toString()).contains("bench-user").doesNotContain("s3cret");
        assertThat(nacos.hostPort()).isEqualTo("127.0.0.1:8848");
    }

    @Test
    void credentialsInTheAddressAreRefusedWithoutShowingThem() {
        assertThatThrownBy(() -> RegistryAddress.parse("nacos://127.0.0.1:8848?username=u&password=s3cret"))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("credentials")
                .hasMessageContaining("RPCBENCH_REGISTRY_PASSWORD").hasMessageNotContaining("s3cret");
    }

    @Test
    void aZooKeeperAddressIsHandedOnAsGiven() {
        RegistryAddress zookeeper = RegistryAddress.parse("zookeeper://10.0.0.5:2181");

        assertThat(zookeeper.scheme()).isEqualTo("zookeeper");
        assertThat(zookeeper.dubboAddress()).isEqualTo("zookeeper://10.0.0.5:2181");
    }

    @Test
    void anotherRegistryIsRefusedNamingTheOnesServed() {
        assertThatThrownBy(() -> RegistryAddress.parse("etcd://127.0.0.1:2379"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("'etcd://127.0.0.1:2379' is not a registry address; expected zookeeper://host:port "
                        + "or nacos://host:port");
    }
}
