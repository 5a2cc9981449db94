package io.rpcbench.reports.dashboard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.page.DashboardJson;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Seals the dashboard's figures for the committed fixtures (a golden JSON file), and checks the figures that
 * matter against values computed here independently from the raw files: the measured window, nearest-rank
 * percentiles over the sorted response times of the samples that started in it (whole ms, or µs from
 * elapsed_us), counts, mean, throughput and per-second series.
 *
 * <p>To accept an intended change of the figures, run with {@code -Drpcbench.golden.update=true} and review
 * the diff of {@code dashboard-data.json}.
 */
class DashboardDataGoldenTest {

    private static final Path GOLDEN = Path.of("src/test/resources/io/rpcbench/reports/dashboard/dashboard-data.json");

    private final DashboardData data = DashboardFixtures.dashboard().read(DashboardFixtures.folder());

    @Test
    void figuresMatchTheGoldenFile() throws IOException {
        String json = DashboardJson.toJson(data) + "\n";
        if (Boolean.getBoolean("rpcbench.golden.update")) {
            Files.writeString(GOLDEN, json, StandardCharsets.UTF_8);
        }
        assertThat(json).isEqualTo(Files.readString(GOLDEN, StandardCharsets.UTF_8).replace("\r\n", "\n"));
    }

    @Test
    void summaryFiguresEqualIndependentlyComputedOnesOverTheMeasuredWindow() throws IOException {
        for (DashboardData.RunData run : data.runs()) {
            List<long[]> all = rawSamples(DashboardFixtures.file(run.jtl()));
            long firstStart = all.stream().mapToLong(r -> r[0]).min().orElseThrow();
            long lastEnd = all.stream().mapToLong(r -> r[0] + r[1]).max().orElseThrow();
            boolean windowed = run.name().startsWith("thrift");
            // Thrift's run outlasts its warm-up and window, so the window starts on the first whole second after
            // the warm-up (as JMeter's report generator cuts) and lasts the measured length; Dubbo's, with neither,
            // is the whole run.
            long windowStart = windowed
                    ? (firstStart + DashboardFixtures.THRIFT_WARMUP.toMillis() + 999) / 1000 * 1000 : firstStart;
            long windowEnd = windowed ? windowStart + DashboardFixtures.THRIFT_MEASURED.toMillis() : lastEnd;
            assertThat(windowEnd).as("the run's end").isLessThanOrEqualTo(lastEnd);
            assertThat(run.windowStartMs()).isEqualTo(windowStart);
            assertThat(run.windowEndMs()).isEqualTo(windowEnd);
            assertThat(run.warmupMs()).isEqualTo(windowStart - firstStart);

            List<long[]> rows = all.stream().filter(r -> r[0] >= windowStart && r[0] < windowEnd).toList();
            // Thrift's window leaves the warm-up and the run's last 2.6 s out: 12 s at 12 samples/s; Dubbo's
            // counts all.
            assertThat(rows.size()).as("samples in the window").isEqualTo(windowed ? 144 : all.size());
            DashboardData.LabelFigures figures = run.labels().get(0);
            assertThat(figures.samples()).isEqualTo(rows.size());
            double errorShare = 100.0 * rows.stream().filter(r -> r[2] == 0).count() / rows.size();
            assertThat(figures.errorPercent()).isCloseTo(errorShare, within(0.001));
            assertThat(figures.tps()).isCloseTo(rows.size() * 1000.0 / (windowEnd - windowStart), within(0.001));
            if (windowed) {
                // elapsed_us: µs; mean, min and max exact, percentiles within HdrHistogram's 0.1 %.
                long[] us = rows.stream().mapToLong(r -> r[3]).sorted().toArray();
                assertThat(figures.resolution()).isEqualTo("us");
                assertThat(figures.minMs()).isEqualTo(us[0] / 1000.0);
                assertThat(figures.maxMs()).isEqualTo(us[us.length - 1] / 1000.0);
                assertThat(figures.averageMs()).isCloseTo(Arrays.stream(us).average().orElseThrow() / 1000, within(0.0005));
                for (double[] p : new double[][] {{50, figures.p50Ms()}, {90, figures.p90Ms()}, {95, figures.p95Ms()},
                        {99, figures.p99Ms()}, {99.9, figures.p999Ms()}}) {
                    double exact = nearestRank(us, p[0]) / 1000.0;
                    assertThat(p[1]).as("p%s", p[0]).isCloseTo(exact, within(exact * 0.001 + 0.0005));
                }
            } else {
                // No elapsed_us: JMeter's whole ms, exact.
                long[] ms = rows.stream().mapToLong(r -> r[1]).sorted().toArray();
                assertThat(figures.resolution()).isEqualTo("ms");
                assertThat(figures.minMs()).isEqualTo(ms[0]);
                assertThat(figures.maxMs()).isEqualTo(ms[ms.length - 1]);
                assertThat(figures.p50Ms()).isEqualTo(nearestRank(ms, 50));
                assertThat(figures.p90Ms()).isEqualTo(nearestRank(ms, 90));
                assertThat(figures.p95Ms()).isEqualTo(nearestRank(ms, 95));
                assertThat(figures.p99Ms()).isEqualTo(nearestRank(ms, 99));
                assertThat(figures.p999Ms()).isEqualTo(nearestRank(ms, 99.9));
                assertThat(figures.averageMs()).isCloseTo(Arrays.stream(ms).average().orElseThrow(), within(0.0005));
            }
        }
    }

    @Test
    void throughputSeriesCountsTheSamplesStartedInEachSecond() throws IOException {
        DashboardData.RunData run = data.runs().get(0);
        Map<Long, Integer> perSecond = new TreeMap<>();
        rawSamples(DashboardFixtures.file(run.jtl())).forEach(r -> perSecond.merge(r[0] / 1000 * 1000, 1, Integer::sum));

        assertThat(run.bucketMs()).isEqualTo(1000);
        assertThat(run.client().t()).containsExactlyElementsOf(perSecond.keySet());
        assertThat(run.client().tps()).containsExactlyElementsOf(
                perSecond.values().stream().map(Integer::doubleValue).toList());
    }

    @Test
    void errorsAreGroupedByResponseCodeWithTheFirstMessageAsExample() {
        List<DashboardData.ErrorCategory> errors = data.runs().get(0).errors();

        assertThat(errors).extracting(DashboardData.ErrorCategory::code).containsExactly("timeout", "remote-exception");
        assertThat(errors).extracting(DashboardData.ErrorCategory::count).containsExactly(3L, 1L);
        assertThat(errors.get(0).exampleMessage()).startsWith("Timeout after 100 ms").contains("</script>");
        assertThat(data.runs().get(1).errors()).isEmpty();
    }

    @Test
    void perfMonValuesAreTheCollectorsElapsedDividedByAThousand() {
        DashboardData.HostCharts host = data.runs().get(0).hosts().get(0);

        assertThat(host.host()).isEqualTo("127.0.0.1");
        assertThat(host.charts()).extracting(DashboardData.ServerChart::title)
                .containsExactly("CPU", "Memory %", "Disks I/O", "Network I/O");
        DashboardData.ServerSeries cpu = host.charts().get(0).series().get(0);
        assertThat(cpu.name()).isEqualTo("combined");
        // First row of dubbo-echo-1k-perfmon.jtl: 1700000000014,35657,127.0.0.1 CPU combined
        assertThat(cpu.t().get(0)).isEqualTo(1700000000000L);
        assertThat(cpu.v().get(0)).isEqualTo(35.657);
        DashboardData.ServerSeries queue = host.charts().get(2).series().get(2);
        assertThat(queue.name()).isEqualTo("queue");
        assertThat(queue.failedReads()).isEqualTo(1);
        assertThat(queue.v()).isEmpty();
    }

    @Test
    void clientAndServerShareTheRunsTimeAxis() {
        DashboardData.RunData run = data.runs().get(0);
        long lastClient = run.client().t().get(run.client().t().size() - 1);

        assertThat(run.startMs()).isEqualTo(1700000000000L);
        assertThat(run.endMs()).isEqualTo(Math.max(lastClient, 1700000020000L) + run.bucketMs());
    }

    /** ceil(p/100 * n)-th smallest value: the nearest-rank percentile. */
    static long nearestRank(long[] sorted, double percentile) {
        int rank = (int) Math.ceil(percentile / 100.0 * sorted.length);
        return sorted[Math.max(rank, 1) - 1];
    }

    /**
     * timeStamp, elapsed, success (1/0) and elapsed_us (or -1) of every row, read with a plain split: the
     * fixtures' first three columns never hold quotes or commas, success is the 8th column, and elapsed_us, when
     * the header has it, the last.
     */
    static List<long[]> rawSamples(Path jtl) throws IOException {
        List<long[]> rows = new ArrayList<>();
        List<String> lines = Files.readAllLines(jtl, StandardCharsets.UTF_8);
        boolean microseconds = lines.get(0).endsWith(",elapsed_us");
        for (String line : lines.subList(1, lines.size())) {
            String[] fields = line.split(",");
            boolean success = line.contains(",true,");
            rows.add(new long[] {Long.parseLong(fields[0]), Long.parseLong(fields[1]), success ? 1 : 0,
                    microseconds ? Long.parseLong(fields[fields.length - 1]) : -1});
        }
        return rows;
    }
}
