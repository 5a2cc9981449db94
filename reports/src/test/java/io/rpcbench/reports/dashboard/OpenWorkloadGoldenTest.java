package io.rpcbench.reports.dashboard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.page.DashboardJson;
import io.rpcbench.reports.statistics.ScheduleLagRule;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Seals the dashboard's figures of an open workload whose JTL has the samplers' {@code lag_us} column (a golden JSON
 * file), and checks the lag figures against values computed here from the raw rows. The fixture
 * ({@code open/thrift-echo-1k-open.jtl}, generated once with a fixed seed) is 20 s of arrivals due every 20 ms: a
 * closed set-up sample without lag first, then lags of 40-400 µs for 10 s, then lags growing by 4 ms a second while
 * the calls keep their 0.4-1.2 ms; {@code elapsed_us} is lag + call and the time stamp the due time. Read twice: a
 * window inside the first 10 s (the schedule kept) and the whole run after a 2 s warm-up (the generator fell behind,
 * its CPU free: the thread pool).
 *
 * <p>To accept an intended change of the figures, run with {@code -Drpcbench.golden.update=true} and review the
 * diff of {@code open-dashboard-data.json}.
 */
public class OpenWorkloadGoldenTest {

    private static final Path GOLDEN = Path.of("src/test/resources/io/rpcbench/reports/open/open-dashboard-data.json");

    private static final Path JTL = fixture("thrift-echo-1k-open.jtl");

    private final DashboardData data = dashboard().read(JTL.getParent());

    /** The fixture read twice: a window of the schedule kept, and the whole run whose generator fell behind. */
    public static Dashboard dashboard() {
        return Dashboard.builder().title("open workload")
                .addRun(RunInput.named("kept-open", JTL, Optional.empty(), Optional.empty())
                        .withWindow(Duration.ofSeconds(2), Optional.of(Duration.ofSeconds(6))).withClientCpu(40, 2))
                .addRun(RunInput.named("behind-open", JTL, Optional.empty(), Optional.empty())
                        .withWindow(Duration.ofSeconds(2), Optional.empty()).withClientCpu(40, 2));
    }

    @Test
    void figuresMatchTheGoldenFile() throws IOException {
        String json = DashboardJson.toJson(data) + "\n";
        if (Boolean.getBoolean("rpcbench.golden.update")) {
            Files.writeString(GOLDEN, json, StandardCharsets.UTF_8);
        }
        assertThat(json).isEqualTo(Files.readString(GOLDEN, StandardCharsets.UTF_8).replace("\r\n", "\n"));
    }

    @Test
    void lagFiguresEqualTheRawRowsOfTheWindow() throws IOException {
        for (DashboardData.RunData run : data.runs()) {
            List<long[]> rows = rows().stream()
                    .filter(r -> r[0] >= run.windowStartMs() && r[0] < run.windowEndMs()).toList();
            long[] lags = rows.stream().mapToLong(r -> r[2]).sorted().toArray();
            long[] elapsed = rows.stream().mapToLong(r -> r[1]).sorted().toArray();
            DashboardData.LabelFigures open = run.labels().stream()
                    .filter(f -> f.label().equals("thrift-echo-1k-open")).findFirst().orElseThrow();
            DashboardData.ScheduleLag lag = open.scheduleLag();

            assertThat(lag.samples()).isEqualTo(lags.length);
            assertThat(lag.maxMs()).isEqualTo(lags[lags.length - 1] / 1000.0);
            for (double[] p : new double[][] {{50, lag.p50Ms()}, {99, lag.p99Ms()}}) {
                double exact = DashboardDataGoldenTest.nearestRank(lags, p[0]) / 1000.0;
                assertThat(p[1]).as("lag p%s", p[0]).isCloseTo(exact, within(exact * 0.001 + 0.0005));
            }
            // The response times are from the due time: the lag is in them.
            double p99 = DashboardDataGoldenTest.nearestRank(elapsed, 99) / 1000.0;
            assertThat(open.p99Ms()).isCloseTo(p99, within(p99 * 0.001 + 0.0005));
        }
    }

    @Test
    void aWindowWhoseLagStayedSmallKeptItsSchedule() {
        DashboardData.Schedule schedule = data.runs().get(0).schedule();

        assertThat(schedule.kept()).isTrue();
        assertThat(schedule.verdict()).startsWith("the schedule was kept: schedule lag p99 0.");
        assertThat(schedule.rule()).isEqualTo(ScheduleLagRule.RULE);
    }

    @Test
    void aGrowingLagWithCallsKeepingTheirTimeAndCpuFreeIsTheThreadPools() {
        DashboardData.Schedule schedule = data.runs().get(1).schedule();

        assertThat(schedule.kept()).isFalse();
        assertThat(schedule.boundBy()).isEqualTo(ScheduleLagRule.GENERATOR_POOL);
        assertThat(schedule.verdict()).startsWith("the generator fell behind the schedule: lag p99 ")
                .contains("the JMeter process's CPU was free (40 %)");
    }

    @Test
    void theClosedSampleHasNoLagAndTheLagIsChartedPerBucket() {
        DashboardData.RunData run = data.runs().get(1);
        DashboardData.ClientSeries client = run.client();

        assertThat(client.lagP99Ms()).hasSameSizeAs(client.t());
        // The set-up sample's bucket (the run's first second) holds no arrival; the last second's lag is near 40 ms.
        assertThat(client.lagP99Ms().get(0)).isNull();
        assertThat(client.lagP99Ms().get(client.lagP99Ms().size() - 1)).isBetween(36.0, 41.0);
        assertThat(run.steadiness().thirds().get(2).lagP99Ms()).isGreaterThan(20.0);
        assertThat(run.steadiness().thirds().get(0).lagP99Ms()).isLessThan(1.0);
    }

    /** timeStamp, elapsed_us and lag_us of the open label's rows: its last two columns, never quoted. */
    private static List<long[]> rows() throws IOException {
        return Files.readAllLines(JTL, StandardCharsets.UTF_8).stream().skip(1)
                .filter(line -> line.contains(",thrift-echo-1k-open,")).map(line -> line.split(","))
                .map(f -> new long[] {Long.parseLong(f[0]), Long.parseLong(f[f.length - 2]),
                        Long.parseLong(f[f.length - 1])})
                .toList();
    }

    static Path fixture(String name) {
        try {
            return Path.of(OpenWorkloadGoldenTest.class.getResource("/io/rpcbench/reports/open/" + name).toURI());
        } catch (URISyntaxException | NullPointerException e) {
            throw new IllegalStateException("test fixture open/" + name + " is missing", e);
        }
    }
}
