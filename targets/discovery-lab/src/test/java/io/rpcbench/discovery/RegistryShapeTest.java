package io.rpcbench.discovery;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The seed's registry shape: its counts, names and loopback addresses, and its refusals. */
class RegistryShapeTest {

    @Test
    void theSeedsShapeIs20000UrlsOf50ApplicationsOnLoopbackAddressesOtherThan127001() {
        RegistryShape seed = RegistryShape.SEED;

        assertThat(seed.urls()).isEqualTo(20_000);
        assertThat(seed.apps()).isEqualTo(50);
        assertThat(seed.interfaceNames()).hasSize(400).doesNotHaveDuplicates()
                .startsWith("io.rpcbench.discovery.App000Service0");
        assertThat(seed.host(0)).isEqualTo("127.0.1.1");
        assertThat(seed.host(249)).isEqualTo("127.0.1.250");
        assertThat(seed.host(250)).isEqualTo("127.0.2.1");
        assertThat(seed.appOf(499)).isEqualTo(49);
        assertThat(seed.appName(49)).isEqualTo("seed004-app-049");
    }

    @Test
    void protocolsAreFiveNamesThenNumberedAndPortsFollowEachOther() {
        RegistryShape shape = new RegistryShape(1, 1, 7, 1, 1024);

        assertThat(shape.protocol(0)).isEqualTo("dubbo");
        assertThat(shape.protocol(4)).isEqualTo("hessian");
        assertThat(shape.protocol(5)).isEqualTo("dubbo1");
        assertThat(shape.port(6)).isEqualTo(20886);
    }

    @Test
    void aShapeOutOfRangeIsRefusedNamingWhatAndTheRange() {
        assertThatThrownBy(() -> new RegistryShape(0, 8, 5, 10, 1024))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the registry's instances is 0; expected 1 to 63500");
        assertThatThrownBy(() -> new RegistryShape(10, 8, 5, 10, 50))
                .hasMessage("the registry's URL bytes is 50; expected 100 to 100000");
    }
}
