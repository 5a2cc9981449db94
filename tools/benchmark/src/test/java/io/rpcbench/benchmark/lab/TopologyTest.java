package io.rpcbench.benchmark.lab;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TopologyTest {

    @Test
    void providersTimesGeneratorsAndTheSeedsByName() {
        assertThat(Topology.parse("2x3")).isEqualTo(new Topology(2, 3));
        assertThat(Topology.parse("seed-000")).isEqualTo(new Topology(2, 2));
        assertThat(Topology.parse("seed-003")).isEqualTo(new Topology(1, 3));
        assertThat(Topology.parse("1x1")).hasToString("1x1");
    }

    @Test
    void aBadTopologyIsNamedWithWhatWasExpected() {
        assertThatThrownBy(() -> Topology.parse("2by2")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("hosts '2by2' is not PROVIDERSxGENERATORS (e.g. 2x2: two provider hosts, two load-generator "
                        + "hosts) or one of [seed-000, seed-003]");
        assertThatThrownBy(() -> Topology.parse("0x2")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least 1 provider host and 1 load-generator host").hasMessageContaining("got 0 providers");
        assertThatThrownBy(() -> Topology.parse("10x11")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at most 20 hosts");
    }
}
