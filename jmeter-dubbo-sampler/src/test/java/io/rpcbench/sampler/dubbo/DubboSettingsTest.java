package io.rpcbench.sampler.dubbo;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.sampler.call.SamplerParameters;
import java.util.Map;
import org.junit.jupiter.api.Test;

class DubboSettingsTest {

    private static DubboSettings at(String address) {
        return DubboSettings.from(new SamplerParameters(Map.of("address", address)::get));
    }

    @Test
    void aNacosAddressIsARegistryWithItsSettingsHandedToDubboAsWritten() {
        DubboSettings nacos = at("nacos://127.0.0.1:8848?namespace=bench&group=RPC");

        assertThat(nacos.direct()).isFalse();
        assertThat(nacos.nacos()).isTrue();
        assertThat(nacos.registryHostPort()).isEqualTo("127.0.0.1:8848");
        assertThat(nacos.dubboAddress()).isEqualTo("nacos://127.0.0.1:8848?namespace=bench&group=RPC");
    }

    @Test
    void zookeeperIsARegistryAndADubboUrlIsDirect() {
        assertThat(at("zookeeper://127.0.0.1:2181").direct()).isFalse();
        assertThat(at("zookeeper://127.0.0.1:2181").nacos()).isFalse();
        assertThat(at("dubbo://127.0.0.1:20880").direct()).isTrue();
    }
}
