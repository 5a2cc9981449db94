package io.rpcbench.reports.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.figures.Figures;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The comparison view: the seeds' table layout and their percentage formula. */
class ComparisonTablesTest {

    @Test
    void differenceIsOtherMinusFirstOverFirstAsInSeed000() {
        // Seed 000, 5.1: dubbo1 10813.5 TPS / 0.9 ms, dubbo2 11994 TPS / 0.79 ms; "对比百分比" 10.92 / -12.22.
        assertThat(ComparisonTables.difference(List.of(10813.5, 0.9), List.of(11994.0, 0.79)))
                .containsExactly(10.92, -12.22);
    }

    @Test
    void differenceIsMissingWhereTheFirstIsZeroOrAFigureIsMissing() {
        assertThat(ComparisonTables.difference(Arrays.asList(0.0, null, 5.0), Arrays.asList(1.0, 2.0, null)))
                .containsExactly(null, null, null);
    }

    @Test
    void oneTablePerScenarioWithOneRowPerSystemAndTheProviderHostsColumns() {
        DashboardData data = DashboardFixtures.dashboard().read(DashboardFixtures.folder());

        assertThat(data.comparison()).hasSize(1);
        DashboardData.ComparisonTable table = data.comparison().get(0);
        assertThat(table.scenario()).isEqualTo("echo-1k");
        // The fixtures' PerfMon files hold the host's CPU, memory % and network of one agent (no provider process,
        // no readbytes/writebytes, no GC): only those server columns appear.
        assertThat(table.columns()).containsExactly("samples", "TPS", "average ms", "p50 ms", "p90 ms", "p95 ms",
                "p99 ms", "p99.9 ms", "max ms", "error %", "provider host CPU %", "provider host memory %", "network in B/s",
                "network out B/s");
        assertThat(table.rows()).extracting(DashboardData.ComparisonRow::title).containsExactly("dubbo", "thrift");
        assertThat(table.rows()).extracting(DashboardData.ComparisonRow::resolution).containsExactly("ms", "us");
        assertThat(table.rows().get(1).values().get(10)).isEqualTo(data.runs().get(1).server().hostCpuPercent());
        assertThat(table.rows().get(0).values().get(1)).isEqualTo(data.runs().get(0).total().tps());
        assertThat(table.differences()).extracting(DashboardData.ComparisonRow::title)
                .containsExactly("thrift vs dubbo %");
        double dubboTps = data.runs().get(0).total().tps();
        double thriftTps = data.runs().get(1).total().tps();
        assertThat(table.differences().get(0).values().get(1))
                .isEqualTo(Figures.round((thriftTps - dubboTps) / dubboTps * 100, 2));
    }

    @Test
    void systemAndScenarioComeFromTheRunNameUnlessGiven() {
        RunInput run = RunInput.named("thrift-echo-100k", java.nio.file.Path.of("x.jtl"), java.util.Optional.empty(),
                java.util.Optional.empty());

        assertThat(run.system()).isEqualTo("thrift");
        assertThat(run.scenario()).isEqualTo("echo-100k");
        assertThat(RunInput.named("solo", run.jtl(), run.perfmon(), run.jmeterDashboard()).scenario()).isEmpty();
    }
}
