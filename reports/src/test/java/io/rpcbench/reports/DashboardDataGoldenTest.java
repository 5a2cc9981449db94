package io.rpcbench.reports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * Seals the dashboard's figures for the committed fixtures (a golden JSON file), and checks the figures that
 * matter against values computed here independently from the raw files: nearest-rank percentiles over the
 * sorted response times, counts, mean, throughput and per-second series.
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
    void summaryFiguresEqualIndependentlyComputedOnes() throws IOException {
        for (DashboardData.RunData run : data.runs()) {
            List<long[]> rows = rawSamples(DashboardFixtures.file(run.jtl()));
            long[] sorted = rows.stream().mapToLong(r -> r[1]).sorted().toArray();
            DashboardData.LabelFigures figures = run.labels().get(0);

            assertThat(figures.samples()).isEqualTo(sorted.length);
            assertThat(figures.minMs()).isEqualTo(sorted[0]);
            assertThat(figures.maxMs()).isEqualTo(sorted[sorted.length - 1]);
            assertThat(figures.p50Ms()).isEqualTo(nearestRank(sorted, 50));
            assertThat(figures.p90Ms()).isEqualTo(nearestRank(sorted, 90));
            assertThat(figures.p95Ms()).isEqualTo(nearestRank(sorted, 95));
            assertThat(figures.p99Ms()).isEqualTo(nearestRank(sorted, 99));
            double mean = rows.stream().mapToLong(r -> r[1]).average().orElseThrow();
            assertThat(figures.averageMs()).isCloseTo(mean, within(0.001));
            long firstStart = rows.stream().mapToLong(r -> r[0]).min().orElseThrow();
            long lastEnd = rows.stream().mapToLong(r -> r[0] + r[1]).max().orElseThrow();
            assertThat(figures.tps()).isCloseTo(sorted.length * 1000.0 / (lastEnd - firstStart), within(0.001));
            long failed = rows.stream().filter(r -> r[2] == 0).count();
            assertThat(figures.errorPercent()).isCloseTo(100.0 * failed / sorted.length, within(0.001));
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
     * timeStamp, elapsed and success (1/0) of every row, read with a plain split: the fixtures' first three
     * columns never hold quotes or commas, and success is the 8th column.
     */
    static List<long[]> rawSamples(Path jtl) throws IOException {
        List<long[]> rows = new ArrayList<>();
        List<String> lines = Files.readAllLines(jtl, StandardCharsets.UTF_8);
        for (String line : lines.subList(1, lines.size())) {
            String[] fields = line.split(",");
            boolean success = line.contains(",true,");
            rows.add(new long[] {Long.parseLong(fields[0]), Long.parseLong(fields[1]), success ? 1 : 0});
        }
        return rows;
    }
}
