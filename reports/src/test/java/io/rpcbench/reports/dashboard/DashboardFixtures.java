package io.rpcbench.reports.dashboard;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * The committed dashboard fixtures: two runs (Dubbo and Thrift, echo 1k), each a JTL and a PerfMon file, 20 s at
 * 12 samples/s. The Dubbo JTL is JMeter's plain CSV (whole ms); the Thrift JTL has the samplers' elapsed_us column
 * (generated once from the elapsed column plus 0-999 µs, seed 11) and is read with a measured window.
 */
public final class DashboardFixtures {

    private DashboardFixtures() {}

    public static Path file(String name) {
        try {
            return Path.of(DashboardFixtures.class.getResource("/io/rpcbench/reports/dashboard/" + name).toURI());
        } catch (URISyntaxException | NullPointerException e) {
            throw new IllegalStateException("test fixture dashboard/" + name + " is missing", e);
        }
    }

    static Path folder() {
        return file("dubbo-echo-1k.jtl").getParent();
    }

    /** Thrift's measured window: 5 s after its first sample, for 12 s of its 20. */
    static final Duration THRIFT_WARMUP = Duration.ofSeconds(5);
    static final Duration THRIFT_MEASURED = Duration.ofSeconds(12);

    /** The two runs, with a JMeter dashboard link for the first only and a measured window for the second. */
    public static Dashboard dashboard() {
        return Dashboard.builder()
                .title("Dubbo vs Thrift, echo 1k </title><script>alert(1)</script>")
                .addRun("dubbo-echo-1k", file("dubbo-echo-1k.jtl"), Optional.of(file("dubbo-echo-1k-perfmon.jtl")),
                        Optional.of("dubbo-echo-1k/dashboard/index.html"))
                .addRun(RunInput.named("thrift-echo-1k", file("thrift-echo-1k.jtl"),
                                Optional.of(file("thrift-echo-1k-perfmon.jtl")), Optional.empty())
                        .withWindow(THRIFT_WARMUP, Optional.of(THRIFT_MEASURED)));
    }
}
