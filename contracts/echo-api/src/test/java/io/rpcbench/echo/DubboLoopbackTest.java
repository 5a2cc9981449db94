package io.rpcbench.echo;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DubboLoopbackTest {

    @Test
    void loopbackAddressesBecomeTheirIpv4MappedForm() {
        assertThat(DubboLoopback.host("127.0.0.1")).isEqualTo("[::ffff:127.0.0.1]");
        assertThat(DubboLoopback.host("127.1.2.3")).isEqualTo("[::ffff:127.1.2.3]");
    }

    @Test
    void localhostStaysOnLoopbackInsteadOfBindingEveryInterface() {
        assertThat(DubboLoopback.host("localhost")).isEqualTo("[::ffff:127.0.0.1]");
        assertThat(DubboLoopback.host("LOCALHOST")).isEqualTo("[::ffff:127.0.0.1]");
    }

    @Test
    void otherHostsAreLeftAsTheUserGaveThem() {
        assertThat(DubboLoopback.host("10.0.0.5")).isEqualTo("10.0.0.5");
        assertThat(DubboLoopback.host("provider.example.org")).isEqualTo("provider.example.org");
    }
}
