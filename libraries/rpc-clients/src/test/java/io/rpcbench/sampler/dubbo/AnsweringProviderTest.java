package io.rpcbench.sampler.dubbo;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class AnsweringProviderTest {

    @Test
    void providersAreShownAsTheyRegisteredIpv4MappedAddressesAsIpv4() {
        assertThat(AnsweringProvider.host("127.0.0.1")).isEqualTo("127.0.0.1");
        assertThat(AnsweringProvider.host("[::ffff:127.0.0.1]")).isEqualTo("127.0.0.1");
        assertThat(AnsweringProvider.host("::ffff:127.0.0.1")).isEqualTo("127.0.0.1");
        assertThat(AnsweringProvider.host("[::1]")).isEqualTo("[0:0:0:0:0:0:0:1]");
        assertThat(AnsweringProvider.host("provider-1.example")).isEqualTo("provider-1.example");
    }

    @Test
    void nothingIsTakenWhenNoProviderWasTried() {
        assertThat(AnsweringProvider.take()).isNull();
    }
}
