package io.rpcbench.sampler.dubbo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcbench.sampler.call.BadParameterException;
import io.rpcbench.sampler.call.SamplerParameters;
import io.rpcbench.sampler.registry.RegistryAccess;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DubboSettingsTest {

    private static DubboSettings at(String address) {
        return DubboSettings.from(new SamplerParameters(Map.of("address", address)::get));
    }

    private static DubboSettings with(Map<String, String> parameters) {
        return DubboSettings.from(new SamplerParameters(parameters::get));
    }

    @Test
    void aNacosAddressIsARegistryWhoseQueryGivesTheNamespaceAndRegistryGroup() {
        DubboSettings nacos = at("nacos://127.0.0.1:8848?namespace=bench&group=RPC");

        assertThat(nacos.direct()).isFalse();
        assertThat(nacos.nacos()).isTrue();
        assertThat(nacos.registryHostPort()).isEqualTo("127.0.0.1:8848");
        assertThat(nacos.access()).isEqualTo(new RegistryAccess("bench", "RPC", "", ""));
        assertThat(nacos.dubboAddress()).isEqualTo("nacos://127.0.0.1:8848");
    }

    @Test
    void theNacosSettingsAreParametersTooAndThePasswordIsNeverPrinted() {
        DubboSettings nacos = with(Map.of("address", "nacos://127.0.0.1:8848", "namespace", "bench",
                "registry_group", "RPC", "username", "bench-user", "password", "s3cret-value"));

        assertThat(nacos.access()).isEqualTo(new RegistryAccess("bench", "RPC", "bench-user", "s3cret-value"));
        assertThat(nacos.access().authenticated()).isTrue();
        assertThat(nacos.toString()).contains("bench-user").doesNotContain("s3cret-value");
        assertThat(nacos.access().describe()).isEqualTo("namespace 'bench', registry group 'RPC', user 'bench-user'");
    }

    @Test
    void aNacosSettingWithAZooKeeperAddressIsRefusedNamingIt() {
        assertThatThrownBy(() -> with(Map.of("address", "zookeeper://127.0.0.1:2181", "namespace", "bench")))
                .isInstanceOf(BadParameterException.class).hasMessageContaining("namespace")
                .hasMessageContaining("nacos://");
        assertThatThrownBy(() -> with(Map.of("address", "dubbo://127.0.0.1:20880", "password", "s3cret-value")))
                .isInstanceOf(BadParameterException.class).hasMessageContaining("password")
                .hasMessageNotContaining("s3cret-value");
    }

    @Test
    void credentialsInTheAddressAreRefusedWithoutShowingThem() {
        assertThatThrownBy(() -> at("nacos://127.0.0.1:8848?username=bench-user&password=s3cret-value"))
                .isInstanceOf(BadParameterException.class).hasMessageContaining("address")
                .hasMessageContaining("password").hasMessageNotContaining("s3cret-value");
    }

    @Test
    void aParameterThatContradictsTheAddressIsRefused() {
        assertThatThrownBy(() -> with(Map.of("address", "nacos://127.0.0.1:8848?namespace=bench",
                "namespace", "other"))).isInstanceOf(BadParameterException.class)
                .hasMessageContaining("namespace").hasMessageContaining("bench").hasMessageContaining("other");
        assertThat(with(Map.of("address", "nacos://127.0.0.1:8848?namespace=bench", "namespace", "bench")).access()
                .namespace()).isEqualTo("bench");
    }

    @Test
    void aUserWithoutAPasswordIsRefused() {
        assertThatThrownBy(() -> with(Map.of("address", "nacos://127.0.0.1:8848", "username", "bench-user")))
                .isInstanceOf(BadParameterException.class).hasMessageContaining("password");
    }

    @Test
    void zookeeperIsARegistryAndADubboUrlIsDirect() {
        assertThat(at("zookeeper://127.0.0.1:2181").direct()).isFalse();
        assertThat(at("zookeeper://127.0.0.1:2181").nacos()).isFalse();
        assertThat(at("dubbo://127.0.0.1:20880").direct()).isTrue();
    }
}
