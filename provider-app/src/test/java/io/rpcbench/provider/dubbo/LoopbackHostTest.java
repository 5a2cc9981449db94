package io.rpcbench.provider.dubbo;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LoopbackHostTest {

    @Test
    void loopbackAddressesBecomeTheirIpv4MappedForm() {
        assertThat(LoopbackHost.forDubbo("127.0.0.1")).isEqualTo("[::ffff:127.0.0.1]");
        assertThat(LoopbackHost.forDubbo("127.1.2.3")).isEqualTo("[::ffff:127.1.2.3]");
    }

    @Test
    void localhostStaysOnLoopbackInsteadOfBindingEveryInterface() {
        assertThat(LoopbackHost.forDubbo("localhost")).isEqualTo("[::ffff:127.0.0.1]");
        assertThat(LoopbackHost.forDubbo("LOCALHOST")).isEqualTo("[::ffff:127.0.0.1]");
    }

    @Test
    void otherHostsAreLeftAsTheUserGaveThem() {
        assertThat(LoopbackHost.forDubbo("10.0.0.5")).isEqualTo("10.0.0.5");
        assertThat(LoopbackHost.forDubbo("provider.example.org")).isEqualTo("provider.example.org");
    }
}
