package io.rpcbench.reports.compare;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.reports.check.Threshold;
import io.rpcbench.reports.check.ThresholdCheck;
import io.rpcbench.reports.dashboard.OpenWorkloadGoldenTest;
import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.page.DashboardJson;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An open run is judged on its response times from when each arrival was due: {@code --assert} (the benchmark's and
 * {@code check}'s {@link ThresholdCheck} on the run's total) and {@code compare} (the total of its dashboard.json) read
 * the p99 with the schedule lag in it, never the calls' own time. The open fixture's whole run: calls of 0.4-1.2 ms,
 * lags growing to 40 ms.
 */
class OpenRunJudgedFromDueTimeTest {

    @TempDir
    Path dir;

    private final DashboardData.RunData run = OpenWorkloadGoldenTest.dashboard().read(Path.of("target"))
            .runs().get(1);

    @Test
    void assertJudgesTheP99FromTheDueTime() {
        DashboardData.LabelFigures total = run.total();
        assertThat(total.scheduleLag().callP99Ms()).as("the calls' own p99").isLessThan(5);

        ThresholdCheck check = ThresholdCheck.of(Threshold.parse("p99 < 5ms"), Map.of(run.name(), total));

        assertThat(check.passed()).isFalse();
        assertThat(total.p99Ms()).isGreaterThan(total.scheduleLag().p99Ms()).isGreaterThan(35);
    }

    @Test
    void compareReadsTheP99FromTheDueTime() throws Exception {
        Path json = dir.resolve("open-run").resolve("dashboard.json");
        Files.createDirectories(json.getParent());
        DashboardJson.write(OpenWorkloadGoldenTest.dashboard().read(dir), json);

        RowFigures row = ComparedRun.read(RunFolder.resolve(List.of(json)).get(0)).rows().stream()
                .filter(r -> r.name().equals(run.name())).findFirst().orElseThrow();

        assertThat(row.value(Metric.P99_MS)).isEqualTo(run.total().p99Ms()).isGreaterThan(35);
    }
}
