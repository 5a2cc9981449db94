package io.rpcbench.reports;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Seals the table the benchmark prints: golden files for a small fixed JTL of whole ms with fixed steadiness
 * verdicts, and for the Thrift dashboard fixture (elapsed_us) over its measured window with its own verdict.
 */
class SummaryTableTest {

    @Test
    void rendersTheSeedTableForAFixedJtl() throws Exception {
        RunSummary run = RunSummary.of(JtlReaderTest.resource("small.jtl"));
        SummaryTable table = new SummaryTable();
        for (LabelStatistics label : run.labels()) {
            table.add(label.label(), label, "results/" + label.label() + "/dashboard/index.html");
        }
        List<DashboardData.Third> thirds = List.of();
        table.addSteadiness("dubbo-echo-1k", new DashboardData.Steadiness(SteadinessRule.RULE, thirds, 1.2, 2.1, true,
                "steady (first third 24,810 TPS, last 25,102, +1.2 %; spread 2.1 %)", List.of()));
        table.addSteadiness("thrift-echo-1k", new DashboardData.Steadiness(SteadinessRule.RULE, thirds, 38, 38, false,
                "NOT STEADY: throughput rose 38.0 % within the window (first third 10,500 TPS, last third 14,490 TPS):"
                        + " still warming up; give a longer warm-up",
                List.of("the machine's CPU was saturated (97 %): TPS is bounded by the CPU that JMeter and the "
                        + "provider share, not by the provider alone")));

        String expected = Files.readString(JtlReaderTest.resource("small-summary.txt"));
        assertThat(table.render()).isEqualTo(expected.replace("\n", System.lineSeparator()));
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
    void runSummaryKeepsLabelsInOrderOfFirstAppearance() throws Exception {
        RunSummary run = RunSummary.of(JtlReaderTest.resource("small.jtl"));
        assertThat(run.labels()).extracting(LabelStatistics::label).containsExactly("dubbo-echo-1k", "thrift-echo-1k");
        assertThat(run.label("dubbo-echo-1k").errorsByCode()).containsOnlyKeys("timeout");
        assertThat(run.label("absent").samples()).isZero();
    }
}
