package io.rpcbench.perf.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.rpcbench.perf.process.CpuTime;
import io.rpcbench.perf.process.ProcessCost;
import io.rpcbench.perf.process.ThreadCpu;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class AgentBenchmarkTest {

    private static AgentBenchmark.Round round(double ourCpu, double originalCpu) {
        return round(ourCpu, originalCpu, 64);
    }

    private static AgentBenchmark.Round round(double ourCpu, double originalCpu, double ourRssMax) {
        return new AgentBenchmark.Round(new AgentBenchmark.Side(new ProcessCost.Window(ourCpu, 60, ourRssMax), 4.0),
                new AgentBenchmark.Side(new ProcessCost.Window(originalCpu, 50, 51), 4.0),
                Map.of("client tcp", 30L), 60.0, "0.10 0.20 0.30 -> 0.15 0.20 0.30");
    }

    @Test
    void aWindowHasTheCpuShareAndTheMeanAndMaxRssInMib() {
        ProcessCost.Window window = ProcessCost.window(new CpuTime(100), new CpuTime(130), 100,
                TimeUnit.SECONDS.toNanos(60), List.of(1024L, 2048L, 3072L));
        assertThat(window.cpuPercent()).isCloseTo(0.5, within(1e-9));
        assertThat(window.rssMeanMiB()).isCloseTo(2.0, within(1e-9));
        assertThat(window.rssMaxMiB()).isCloseTo(3.0, within(1e-9));
    }

    @Test
    void theTableShowsMediansAndTheCpuRatioPerRound() {
        String table = AgentBenchmark.table(List.of(round(0.2, 0.4), round(0.3, 0.3), round(0.1, 0.4)), 4);
        assertThat(table).contains("| rpcbench server-agent | 0.20 (0.10-0.30) | 60 (60-60) | 64 (64-64) | 4.0 (4.0-4.0) |")
                .contains("| original ServerAgent 2.2.2 | 0.40 (0.30-0.40) | 50 (50-50) | 51 (51-51) |")
                .contains("| CPU ours/original | 0.50 (0.25-1.00) | | | |")
                .contains("CPU ours/original per round: 0.50, 1.00, 0.25");
    }

    @Test
    void theVerdictTellsEachTargetFromTheMediansAndPassesOnlyWhenBothAreMet() {
        assertThat(AgentBenchmark.verdict(List.of(round(0.2, 0.4), round(0.3, 0.3), round(0.1, 0.4))))
                .isEqualTo("Target 'no more CPU than the original' (median ratio at most 1.00): met (median ratio "
                        + "0.50). Target 'RSS at most 64 MiB' (median of the rounds' maxima): met (ours 64 MiB, "
                        + "original 51 MiB). Both: PASS.");
        assertThat(AgentBenchmark.verdict(List.of(round(1.5, 0.5))))
                .isEqualTo("Target 'no more CPU than the original' (median ratio at most 1.00): NOT met (median "
                        + "ratio 3.00). Target 'RSS at most 64 MiB' (median of the rounds' maxima): met (ours 64 MiB, "
                        + "original 51 MiB). Both: FAIL.");
        assertThat(AgentBenchmark.verdict(List.of(round(0.2, 0.4, 70), round(0.2, 0.4, 66), round(0.2, 0.4, 60))))
                .contains("Target 'RSS at most 64 MiB' (median of the rounds' maxima): NOT met (ours 66 MiB, "
                        + "original 51 MiB). Both: FAIL.");
    }

    @Test
    void theVerdictComparesTheRatioAsPrinted() {
        assertThat(AgentBenchmark.verdict(List.of(round(0.2004, 0.2)))).contains("met (median ratio 1.00)")
                .doesNotContain("NOT met").endsWith("Both: PASS.");
        assertThat(AgentBenchmark.verdict(List.of(round(0.202, 0.2)))).contains("NOT met (median ratio 1.01)");
    }

    @Test
    void theResolutionSaysHowManyTicksTheOriginalUsedAndWhatWindowGivesAHundred() {
        assertThat(AgentBenchmark.resolution(List.of(round(0.2, 0.4)), 100))
                .isEqualTo("Resolution: the original used 24 clock ticks of CPU in a round's window (median), so one "
                        + "tick more or less moves a round's ratio by 4 %; for final figures take a window where it "
                        + "uses 100 or more (--seconds 250 or more).");
        assertThat(AgentBenchmark.resolution(List.of(round(2.0, 2.0)), 100))
                .isEqualTo("Resolution: the original used 120 clock ticks of CPU in a round's window (median), so one "
                        + "tick more or less moves a round's ratio by 1 %.");
    }

    @Test
    void threadsAreGroupedByNameWithoutNumbersAndAddressesAndShownAsPercentOfOneCore() {
        assertThat(ThreadCpu.group("tcp-read /127.0.0.1:58908")).isEqualTo("tcp-read");
        assertThat(ThreadCpu.group("C1 CompilerThre")).isEqualTo("C1 CompilerThre");
        assertThat(ThreadCpu.group("GC Thread#3")).isEqualTo("GC Thread");
        ThreadCpu.Reading before = new ThreadCpu.Reading(Map.of(1L, "main", 2L, "GC Thread#0"), Map.of(1L, 10L, 2L, 5L));
        ThreadCpu.Reading after = new ThreadCpu.Reading(Map.of(1L, "main", 2L, "GC Thread#0", 3L, "GC Thread#1"),
                Map.of(1L, 10L, 2L, 7L, 3L, 4L));
        assertThat(ThreadCpu.used(before, after)).containsExactly(Map.entry("GC Thread", 6L));
        assertThat(AgentBenchmark.threads(round(0.5, 1.0), 100)).isEqualTo("client tcp 0.50 %");
        assertThat(AgentBenchmark.threads(round(0.8, 1.0), 100)).as("the process used more than its live threads")
                .isEqualTo("client tcp 0.50 %, other 0.30 %");
    }

    @Test
    void perfMonLinesEndEveryFieldWithATab() {
        assertThat(MetricsClient.fieldCount("12.5\t\t40.1\t")).isEqualTo(3);
        assertThat(MetricsClient.fieldCount("12.5\t40.1")).isEqualTo(2);
    }
}
