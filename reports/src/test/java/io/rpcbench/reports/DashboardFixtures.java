package io.rpcbench.reports;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Optional;

/** The committed dashboard fixtures: two runs (Dubbo and Thrift, echo 1k), each a JTL and a PerfMon file. */
final class DashboardFixtures {

    private DashboardFixtures() {}

    static Path file(String name) {
        try {
            return Path.of(DashboardFixtures.class.getResource("dashboard/" + name).toURI());
        } catch (URISyntaxException | NullPointerException e) {
            throw new IllegalStateException("test fixture dashboard/" + name + " is missing", e);
        }
    }

    static Path folder() {
        return file("dubbo-echo-1k.jtl").getParent();
    }

    /** The two runs, with a JMeter dashboard link for the first only. */
    static Dashboard dashboard() {
        return Dashboard.builder()
                .title("Dubbo vs Thrift, echo 1k </title><script>alert(1)</script>")
                .addRun("dubbo-echo-1k", file("dubbo-echo-1k.jtl"), Optional.of(file("dubbo-echo-1k-perfmon.jtl")),
                        Optional.of("dubbo-echo-1k/dashboard/index.html"))
                .addRun("thrift-echo-1k", file("thrift-echo-1k.jtl"), Optional.of(file("thrift-echo-1k-perfmon.jtl")),
                        Optional.empty());
    }
}
