package io.rpcbench.perf;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.reports.figures.DashboardData;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class SeedsBenchmarkTest {

    @Test
    void putsTheSeedsFiguresBesideOursFigureByFigure() {
        List<String> columns = List.of("samples", "TPS", "average ms", "p90 ms", "p95 ms", "p99 ms", "error %",
                "provider host CPU %", "provider host memory %", "provider RSS MB", "network in B/s", "GC pause ms");
        DashboardData.ComparisonTable table = new DashboardData.ComparisonTable("echo-100k", columns, List.of(
                new DashboardData.ComparisonRow("dubbo", Arrays.asList(54000.0, 900.0, 22.1, 30.0, 35.0, 62.0, 0.0,
                        97.5, null, 352.13, 179270889.4, 57.285)),
                new DashboardData.ComparisonRow("thrift", Arrays.asList(600000.0, 10000.0, 1.9, 3.0, 4.0, 0.115, 0.0,
                        88.0, 40.0, 976.9, 2477339314.9, 118.471))), List.of());

        String markdown = SeedsBenchmark.markdown(List.of(table), "our machine");

        assertThat(markdown).contains("### echo-100k")
                .contains("| figure | seed 003: Dubbo 2.7.13 hessian2 | seed 003: Thrift | rpcbench: dubbo | rpcbench: thrift |")
                .contains("| TPS | 132.4 | - | 900.0 | 10000.0 |")
                .contains("| p99 ms | 288 | - | 62.000 | 0.115 |")
                .contains("| samples | 79450 | - | 54000 | 600000 |")
                .contains("| provider host CPU % | - | - | 97.50 | 88.00 |")
                .contains("| provider host memory % | - | - | - | 40.00 |")
                .contains("| provider RSS MB | 16.5 % of 4 GiB (java process) | - | 352.1 | 976.9 |")
                .contains("| network in B/s | 1 200 000 (chart; unit, direction not given) | - | 179270889 | 2477339315 |")
                .contains("| GC pause ms | 490 (in 10 min) | - | 57.29 | 118.5 |")
                .contains("- seed 003: Dubbo 2.7.13 hessian2: provider: 2 vCPU QEMU")
                .contains("- rpcbench: our machine");
    }
}
