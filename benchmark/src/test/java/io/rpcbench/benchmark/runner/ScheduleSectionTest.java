package io.rpcbench.benchmark.runner;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.reports.page.TableSection;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ScheduleSectionTest {

    @Test
    void aKeptScheduleAndOneThatDroppedArrivalsAreEachARowWithTheirVerdict() {
        OpenSchedule kept = new OpenSchedule(2000, 30, 60_000, 60_228, 0);
        OpenSchedule dropped = new OpenSchedule(2000, 30, 60_000, 59_920, 20);

        TableSection section = ScheduleSection.of(List.of(Map.entry("thrift-echo-1k-open", kept),
                Map.entry("dubbo-echo-1k-open", dropped))).orElseThrow();

        assertThat(section.rows()).containsExactly(
                List.of("thrift-echo-1k-open", "2,000", "30", "60,000", "60,228", "0", "kept"),
                List.of("dubbo-echo-1k-open", "2,000", "30", "60,000", "59,920", "20", "NOT kept"));
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
    void noOpenWorkloadNoSection() {
        assertThat(ScheduleSection.of(List.of())).isEmpty();
    }
}
