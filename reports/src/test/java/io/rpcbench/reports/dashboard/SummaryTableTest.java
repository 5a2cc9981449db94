package io.rpcbench.reports.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.jtl.JtlReaderTest;
import io.rpcbench.reports.jtl.JtlSample;
import io.rpcbench.reports.statistics.LabelStatistics;
import io.rpcbench.reports.statistics.SteadinessRule;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seals the table the benchmark prints: golden files for a small fixed JTL of whole ms with fixed steadiness
 * verdicts, for the Thrift dashboard fixture (elapsed_us) over its measured window with its own verdict, and for a
 * distributed run ({@link DistributedRunFixture}) with its rows per load generator and calls per provider.
 *
 * <p>To accept an intended change of the distributed run's table, run with {@code -Drpcbench.golden.update=true} and
 * review the diff of {@code distributed-summary.txt}.
 */
class SummaryTableTest {

    private static final Path DISTRIBUTED_GOLDEN =
            Path.of("src/test/resources/io/rpcbench/reports/distributed-summary.txt");

    @Test
    void rendersTheSeedTableForAFixedJtl() throws Exception {
        RunSummary run = RunSummary.of(JtlReaderTest.resource("small.jtl"));
        SummaryTable table = new SummaryTable();
        for (LabelStatistics label : run.labels()) {
            table.add(label.label(), label, "results/" + label.label() + "/dashboard/index.html");
        }
        List<DashboardData.Third> thirds = List.of();
        table.addSteadiness("dubbo-echo-1k", new DashboardData.Steadiness(SteadinessRule.RULE, thirds, 1.2, 2.1, true,
                "steady (first third 24,810 TPS, last 25,102, +1.2 %; spread 2.1 %)", List.of(), null, null));
        table.addSteadiness("thrift-echo-1k", new DashboardData.Steadiness(SteadinessRule.RULE, thirds, 38, 38, false,
                "NOT STEADY: throughput rose 38.0 % within the window (first third 10,500 TPS, last third 14,490 TPS):"
                        + " still warming up; give a longer warm-up",
                List.of("the machine's CPU was saturated (97 %): TPS is bounded by the CPU that JMeter and the "
                        + "provider share, not by the provider alone"), 61.6, 2));

        String expected = Files.readString(JtlReaderTest.resource("small-summary.txt"));
        assertThat(table.render()).isEqualTo(expected.replace("\n", System.lineSeparator()));
    }

    @Test
    void anOpenWorkloadsRowGetsItsScheduleLagAndVerdictAndAClosedOneNone() {
        Path jtl = OpenWorkloadGoldenTest.fixture("thrift-echo-1k-open.jtl");
        RunSummary run = RunSummary.withDashboard(jtl, Duration.ofSeconds(2), Optional.empty());
        SummaryTable table = new SummaryTable();
        table.add("open: set-up", run.label("set-up"), "index.html");
        table.add("open: thrift-echo-1k-open", run.label("thrift-echo-1k-open"), "index.html");
        table.addSchedule("open", run.schedule(Optional.of(40.0), Optional.of(2)).orElseThrow().verdict());

        String text = table.render();

        assertThat(text).contains("open: thrift-echo-1k-open: schedule lag p50 4.061 ms, p99 39.551 ms, max 40.159 ms "
                + "(900 arrivals; the calls' own p99 1.188 ms): response times above are from when each arrival was "
                + "due");
        assertThat(text).doesNotContain("open: set-up: schedule lag");
        assertThat(text).contains("Schedule of each open workload's arrivals:" + System.lineSeparator()
                + "  open: the generator fell behind the schedule: lag p99 39.551 ms, max 40.159 ms, most arrivals of "
                + "10 s of the window more than 2.000 ms late (a backlog); bounded by the generator's thread pool");
    }

    @Test
    void rendersMicrosecondsOverTheMeasuredWindowWithTheRunsVerdict() throws Exception {
        RunSummary run = RunSummary.of(DashboardFixtures.file("thrift-echo-1k.jtl"), DashboardFixtures.THRIFT_WARMUP,
                Optional.of(DashboardFixtures.THRIFT_MEASURED));
        DashboardData data = DashboardFixtures.dashboard().read(DashboardFixtures.folder());
        SummaryTable table = new SummaryTable();
        table.add("thrift-echo-1k", run.label("thrift-echo-1k"), "results/thrift-echo-1k/dashboard/index.html");
        table.addSteadiness("thrift-echo-1k", data.runs().get(1).steadiness());

        String expected = Files.readString(JtlReaderTest.resource("thrift-summary.txt"));
        assertThat(table.render()).isEqualTo(expected.replace("\n", System.lineSeparator()));
        // The same figures as the dashboard's, which reads the same window.
        assertThat(run.label("thrift-echo-1k").samples()).isEqualTo(data.runs().get(1).total().samples());
        assertThat(run.label("thrift-echo-1k").throughput()).isEqualTo(data.runs().get(1).total().tps());
    }

    @Test
    void longRowNamesWidenTheFirstColumnAndASharedDashboardIsListedOnce() throws Exception {
        RunSummary run = RunSummary.of(JtlReaderTest.resource("small.jtl"));
        SummaryTable table = new SummaryTable();
        for (LabelStatistics label : run.labels()) {
            table.add("dubbo-order-service: " + label.label(), label, "results/dubbo-order-service/dashboard/index.html");
        }

        String[] lines = table.render().split(System.lineSeparator());
        String header = lines[0];
        assertThat(header).startsWith("plan" + " ".repeat("dubbo-order-service: thrift-echo-1k".length() - 4) + " ");
        assertThat(lines[1]).startsWith("dubbo-order-service: dubbo-echo-1k ");
        assertThat(lines[2]).startsWith("dubbo-order-service: thrift-echo-1k ");
        // The figures stay right-aligned under their headers whatever the name's length.
        assertThat(lines[1].length()).isEqualTo(header.length());
        assertThat(table.render()).containsOnlyOnce("results/dubbo-order-service/dashboard/index.html")
                .contains("  dubbo-order-service  results/dubbo-order-service/dashboard/index.html");
    }

    @Test
    void rendersOneRowPerLoadGeneratorUnderThePlanAndTheCallsPerProvider(@TempDir Path dir) throws Exception {
        RunInput input = DistributedRunFixture.run(dir);
        RunSummary run = RunSummary.of(input.jtl(), input.warmup(), input.measured());
        SummaryTable table = new SummaryTable();
        table.add(DistributedRunFixture.PLAN, run.label(DistributedRunFixture.PLAN),
                "results/dubbo-echo-1k/dashboard/index.html");

        String rendered;
        Locale before = Locale.getDefault();
        Locale.setDefault(Locale.GERMANY); // a decimal comma, which the table must not take up
        try {
            rendered = table.render().replace(System.lineSeparator(), "\n");
        } finally {
            Locale.setDefault(before);
        }
        if (Boolean.getBoolean("rpcbench.golden.update")) {
            Files.writeString(DISTRIBUTED_GOLDEN, rendered, StandardCharsets.UTF_8);
        }
        assertThat(rendered).isEqualTo(Files.readString(DISTRIBUTED_GOLDEN, StandardCharsets.UTF_8)
                .replace("\r\n", "\n"));
        String[] lines = rendered.split("\n");
        assertThat(lines[1]).startsWith("dubbo-echo-1k ");
        assertThat(lines[2]).startsWith("  on 198.18.0.21 ");
        assertThat(lines[3]).startsWith("  on 198.18.0.22 ");
        assertThat(lines[2].length()).isEqualTo(lines[0].length());
    }

    @Test
    void aRunOfOneLoadGeneratorHasNoRowsPerGenerator() {
        LabelStatistics statistics = new LabelStatistics("echo");
        statistics.add(new JtlSample(0, 1, "echo", "OK", "", true, 0, 0, 1, "", 1_000, true, "198.18.0.21"));
        statistics.add(new JtlSample(1, 1, "echo", "OK", "", true, 0, 0, 1, "", 1_000, true, "198.18.0.21"));
        SummaryTable table = new SummaryTable();
        table.add("echo", statistics, "results/echo/dashboard/index.html");

        assertThat(statistics.generators()).containsOnlyKeys("198.18.0.21");
        assertThat(table.render()).doesNotContain(SummaryTable.GENERATOR_ROW).doesNotContain("engine")
                .doesNotContain("Calls per provider");
    }

    @Test
    void runSummaryKeepsLabelsInOrderOfFirstAppearance() throws Exception {
        RunSummary run = RunSummary.of(JtlReaderTest.resource("small.jtl"));
        assertThat(run.labels()).extracting(LabelStatistics::label).containsExactly("dubbo-echo-1k", "thrift-echo-1k");
        assertThat(run.label("dubbo-echo-1k").errorsByCode()).containsOnlyKeys("timeout");
        assertThat(run.label("absent").samples()).isZero();
    }
}
