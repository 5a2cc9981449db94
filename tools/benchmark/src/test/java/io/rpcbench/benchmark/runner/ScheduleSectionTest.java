package io.rpcbench.benchmark.runner;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.page.TableSection;
import io.rpcbench.reports.statistics.ScheduleLagRule;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ScheduleSectionTest {

    @Test
    void aKeptScheduleAndOneThatDroppedArrivalsAreEachARowWithTheirVerdict() {
        OpenSchedule kept = new OpenSchedule(2000, 30, 60_000, 60_228, 0);
        OpenSchedule dropped = new OpenSchedule(2000, 30, 60_000, 59_920, 20);

        TableSection section = ScheduleSection.of(List.of(Map.entry("thrift-echo-1k-open", kept),
                Map.entry("dubbo-echo-1k-open", dropped))).orElseThrow();

        assertThat(section.rows()).containsExactly(
                List.of("thrift-echo-1k-open", "2,000", "30", "60,000", "60,228", "0", "-", "kept"),
                List.of("dubbo-echo-1k-open", "2,000", "30", "60,000", "59,920", "20", "-", "NOT kept"));
        assertThat(section.html()).contains("id=\"open-schedule\"", "Open workloads: was the schedule kept?",
                "<td>NOT kept</td>");
    }

    @Test
    void tooFewCallsBreakTheScheduleWithNoneDropped() {
        OpenSchedule behind = new OpenSchedule(2000, 30, 60_000, 55_000, 0);

        assertThat(behind.kept()).isFalse();
        assertThat(ScheduleSection.of(List.of(Map.entry("dubbo-echo-1k-open", behind))).orElseThrow().rows().get(0))
                .endsWith("NOT kept");
    }

    @Test
    void arrivalsWithADueTimeShowTheirScheduleLag() {
        DashboardData.Schedule lagged = new DashboardData.Schedule(ScheduleLagRule.RULE, false,
                ScheduleLagRule.GENERATOR_POOL, "the generator fell behind the schedule: lag p99 12.500 ms, max 31.000 "
                        + "ms; bounded by the generator's thread pool",
                new DashboardData.ScheduleLag(60_000, 0.061, 12.5, 31, 0.4, 0.9));
        OpenSchedule behind = new OpenSchedule(2000, 30, 60_000, 60_010, 0, Optional.of(lagged));

        assertThat(ScheduleSection.of(List.of(Map.entry("thrift-echo-1k-open", behind))).orElseThrow().rows())
                .containsExactly(List.of("thrift-echo-1k-open", "2,000", "30", "60,000", "60,010", "0",
                        "0.061 / 12.500 / 31.000", "NOT kept"));
        assertThat(behind.verdict()).isEqualTo(lagged.verdict());
    }

    @Test
    void noOpenWorkloadNoSection() {
        assertThat(ScheduleSection.of(List.of())).isEmpty();
    }
}
