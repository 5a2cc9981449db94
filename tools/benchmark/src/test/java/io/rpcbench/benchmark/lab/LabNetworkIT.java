package io.rpcbench.benchmark.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/** The lab network made and removed: addresses on the bridge, no route off it, nothing left behind. */
@ResourceLock(LabRoot.LOCK)
class LabNetworkIT {

    @BeforeAll
    static void root() {
        LabRoot.require();
    }

    @Test
    void hostsGetTheirAddressesAndNoRouteAndAllIsRemovedAfterwards() {
        List<String> made;
        try (LabNetwork lab = LabNetwork.create("198.18.7", List.of("controller", "provider-1"))) {
            made = lab.namespaceNames();
            assertThat(made).hasSize(3).allMatch(ns -> ns.startsWith(LabNetwork.NAMESPACE_PREFIX + lab.id() + "-"));
            assertThat(LabNetwork.namespaces()).containsAll(made);
            LabHost provider = lab.host("provider-1");
            assertThat(provider.address()).isEqualTo("198.18.7.2");
            assertThat(Ip.ip("-n", provider.namespace(), "-4", "-o", "addr", "show"))
                    .contains("inet 127.0.0.1/8").contains("inet 198.18.7.2/24");
            // Only the link's own /24: no default route, so nothing in a host can reach beyond the lab.
            assertThat(Ip.ip("-n", provider.namespace(), "-4", "route", "show").strip())
                    .isEqualTo("198.18.7.0/24 dev eth0 proto kernel scope link src 198.18.7.2");
            // One host reaches another through the switch: a connect to a closed port there is refused, which
            // takes the other host's answer (an unreachable one would time out or say "No route to host").
            String reply = Ip.run(lab.host("controller").command(List.of("bash", "-c",
                    "(exec 3<>/dev/tcp/198.18.7.2/9); true")));
            assertThat(reply).contains("Connection refused");
            assertThat(lab.processes()).isEmpty();
        }
        assertThat(LabNetwork.namespaces()).doesNotContainAnyElementsOf(made);
    }
}
