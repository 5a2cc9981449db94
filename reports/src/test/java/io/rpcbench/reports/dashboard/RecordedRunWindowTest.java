package io.rpcbench.reports.dashboard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.statistics.MeasuredWindow;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * A recorded run's measured window through {@link Dashboard}, pinning the server rows of the comparison (issue 11
 * item 4). The fixtures in {@code window/} are two 30 s runs (Dubbo and Thrift, echo 1k) of 10 samples/s with
 * elapsed_us, and their PerfMon files with the labels the collector writes for two agents: 10.0.0.7, the provider's
 * host (CPU combined, Memory usedperc, Disks I/O readbytes/writebytes, Network I/O bytesrecv/bytessent, and the
 * provider's {@code CPU provider}, {@code Memory provider}, {@code JMX provider-gc-time} and
 * {@code JMX provider-gc-count}), and 127.0.0.1, the agent beside JMeter.
 *
 * <p>The first sample starts on a whole second, so with a warm-up of 10 s and 15 s measured the window is
 * [first start + 10 s, + 25 s) (whole seconds, {@link MeasuredWindow}): samples 100 to 249, sample 100 at its start
 * and sample 250 at its end, and the readings k = 11 to 25 of each series (one a second, reading k at first start
 * + k s - 30 ms: k = 10 just before the window, k = 25 just before its end). Each reading in the window is
 * base + (k % 3) x step, five whole cycles, so each mean is base + step and each sum 5 x the k % 3 = 0 value; the
 * warm-up readings (CPU 95 %, 5 MB/s, 300 ms of GC a second) and warm-up samples (15-20 ms) would change every
 * figure if they were counted.
 */
public class RecordedRunWindowTest {

    private static final Duration WARMUP = Duration.ofSeconds(10);
    private static final Optional<Duration> MEASURED = Optional.of(Duration.ofSeconds(15));

    private final DashboardData data = dashboard().read(file("dubbo-echo-1k.jtl").getParent());

    static Path file(String name) {
        try {
            return Path.of(RecordedRunWindowTest.class.getResource("/io/rpcbench/reports/window/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    public static Dashboard dashboard() {
        Dashboard dashboard = Dashboard.builder().title("recorded runs with a measured window");
        for (String run : List.of("dubbo-echo-1k", "thrift-echo-1k")) {
            RunInput input = RunInput.named(run, file(run + ".jtl"), Optional.of(file(run + "-perfmon.jtl")),
                    Optional.empty()).withWindow(WARMUP, MEASURED);
            // the runner's measure of JMeter's CPU for one of them: the page shows it beside the verdict
            dashboard.addRun(run.startsWith("thrift") ? input.withClientCpu(47.6, 2) : input);
        }
        return dashboard;
    }

    @Test
    void serverFiguresAreTheProviderHostsReadingsInTheWindow() {
        assertThat(data.runs().get(0).server()).isEqualTo(new DashboardData.ServerFigures("10.0.0.7",
                41.0, 30.5, 153.0, 513.0, 1_003_000.0, 2_003_000.0, 4096.0, 12288.0, 10L, 60.0, 0.4, List.of()));
        assertThat(data.runs().get(1).server()).isEqualTo(new DashboardData.ServerFigures("10.0.0.7",
                31.0, 25.5, 123.0, 257.0, 1_503_000.0, 2_503_000.0, 4096.0, 12288.0, 10L, 15.0, 0.1, List.of()));
    }

    @Test
    void theComparisonCarriesClientAndServerRowsAndTheirDifferences() {
        DashboardData.ComparisonTable table = data.comparison().get(0);

        assertThat(table.columns()).containsExactly("samples", "TPS", "average ms", "p50 ms", "p90 ms", "p95 ms",
                "p99 ms", "p99.9 ms", "max ms", "error %", "provider host CPU %", "provider host memory %",
                "provider CPU (% of a core)", "provider RSS MB", "network in B/s", "network out B/s", "disk read B/s",
                "disk write B/s", "GC collections", "GC pause ms", "GC pause %");
        assertThat(table.rows().get(0).values().subList(10, 21)).containsExactly(41.0, 30.5, 153.0, 513.0,
                1_003_000.0, 2_003_000.0, 4096.0, 12288.0, 10.0, 60.0, 0.4);
        assertThat(table.rows().get(0).values().subList(0, 2)).containsExactly(150.0, 10.0);
        // (thrift - dubbo) / dubbo x 100: CPU (31 - 41) / 41, GC pause (15 - 60) / 60.
        assertThat(table.differences().get(0).values().get(10)).isEqualTo(-24.39);
        assertThat(table.differences().get(0).values().get(19)).isEqualTo(-75.0);
    }

    @Test
    void clientFiguresCountTheSamplesThatStartedInTheWindow() throws IOException {
        DashboardData.RunData run = data.runs().get(0);
        List<long[]> all = DashboardDataGoldenTest.rawSamples(file("dubbo-echo-1k.jtl"));
        long firstStart = all.stream().mapToLong(r -> r[0]).min().orElseThrow();
        // The first whole second after the warm-up, for the 15 s measured (the run's 30 s outlast it).
        long windowStart = (firstStart + WARMUP.toMillis() + 999) / 1000 * 1000;
        long windowEnd = windowStart + MEASURED.orElseThrow().toMillis();
        long[] inWindow = all.stream().filter(r -> r[0] >= windowStart && r[0] < windowEnd)
                .mapToLong(r -> r[3]).sorted().toArray();

        assertThat(run.windowStartMs()).isEqualTo(windowStart);
        assertThat(run.windowEndMs()).isEqualTo(windowEnd);
        assertThat(all).as("a sample starts at the window's start (counted) and one at its end (not)")
                .anyMatch(r -> r[0] == windowStart).anyMatch(r -> r[0] == windowEnd);
        assertThat(run.total().samples()).isEqualTo(inWindow.length).isEqualTo(150);
        assertThat(run.total().tps()).isEqualTo(10.0);
        assertThat(run.total().averageMs()).isCloseTo(Arrays.stream(inWindow).average().orElseThrow() / 1000,
                within(0.0005));
        assertThat(run.total().maxMs()).isEqualTo(inWindow[inWindow.length - 1] / 1000.0).isLessThan(2.0);
        // The series still show the whole run: 30 s from the first sample, warm-up included.
        assertThat(run.client().tps().stream().mapToDouble(Double::doubleValue).sum()).isEqualTo(all.size());
    }

    @Test
    void theWindowIsSteadyAndASaturatedLoadGeneratorHostIsAWarning() {
        DashboardData.Steadiness dubbo = data.runs().get(0).steadiness();
        DashboardData.Steadiness thrift = data.runs().get(1).steadiness();

        assertThat(dubbo.thirds()).extracting(DashboardData.Third::samples).containsExactly(50L, 50L, 50L);
        assertThat(dubbo.steady()).isTrue();
        assertThat(dubbo.verdict()).isEqualTo("steady (first third 10.0 TPS, last 10.0, +0.0 %; spread 0.0 %)");
        assertThat(dubbo.warnings()).isEmpty();
        assertThat(thrift.warnings()).containsExactly("the load generator's machine (agent 127.0.0.1) had its CPU "
                + "saturated (97 %): TPS may be bounded by the load generator, not by the provider");
    }
}
