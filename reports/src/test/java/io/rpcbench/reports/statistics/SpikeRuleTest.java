package io.rpcbench.reports.statistics;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.reports.figures.DashboardData;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SpikeRuleTest {

    private static final long T0 = 1_700_000_000_000L;
    private static final MeasuredWindow WINDOW = new MeasuredWindow(T0, T0 + 10_000, 0, 10_000);

    private static List<SpikeRule.Second> steady() {
        List<SpikeRule.Second> seconds = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            seconds.add(new SpikeRule.Second(T0 + i * 1000L, 1000, 2.0, 0, null));
        }
        return seconds;
    }

    @Test
    void aSecondOverThreeTimesTheMedianIsASpikeWithWhatHappenedInIt() {
        List<SpikeRule.Second> seconds = steady();
        seconds.set(3, new SpikeRule.Second(T0 + 3000, 1000, 6.5, 4, 5.0));
        seconds.set(6, new SpikeRule.Second(T0 + 6000, 1000, 9.0, 0, null));
        seconds.set(8, new SpikeRule.Second(T0 + 8000, 1000, 6.0, 0, null)); // exactly 3 x: not over
        List<Long> gcAt = List.of(T0 + 6500, T0 + 9500);
        List<Double> gcMs = List.of(12.5, 3.0);
        List<DashboardData.Spike> spikes = SpikeRule.find(seconds, 1000, WINDOW,
                (t, width) -> SpikeRule.providerGc("198.18.0.2", gcAt, gcMs, t, width));
        assertThat(spikes).extracting(DashboardData.Spike::t).containsExactly(T0 + 3000, T0 + 6000);
        assertThat(spikes.get(0).medianP99Ms()).isEqualTo(2.0);
        assertThat(spikes.get(0).causes()).containsExactly("4 failed samples",
                "schedule lag (lag p99 5.000 ms: arrivals waited for a thread)");
        assertThat(spikes.get(1).causes()).containsExactly("provider GC on 198.18.0.2: 12.5 ms of pauses");
    }

    @Test
    void aSpikeWithNoKnownCauseSaysSoAndSecondsOutsideTheWindowDoNotCount() {
        List<SpikeRule.Second> seconds = new ArrayList<>(steady());
        seconds.set(5, new SpikeRule.Second(T0 + 5000, 1000, 50, 0, 0.01));
        seconds.add(new SpikeRule.Second(T0 + 10_000, 1000, 500, 0, null)); // after the window
        List<DashboardData.Spike> spikes = SpikeRule.find(seconds, 1000, WINDOW, (t, width) -> List.of());
        assertThat(spikes).singleElement().satisfies(spike -> {
            assertThat(spike.t()).isEqualTo(T0 + 5000);
            assertThat(spike.causes()).containsExactly(SpikeRule.NOT_EXPLAINED);
        });
    }

    @Test
    void aWindowOfFewerThanThreeSecondsHasNoSpikes() {
        List<SpikeRule.Second> two = List.of(new SpikeRule.Second(T0, 10, 1, 0, null),
                new SpikeRule.Second(T0 + 1000, 10, 100, 0, null));
        assertThat(SpikeRule.find(two, 1000, WINDOW, (t, width) -> List.of())).isEmpty();
    }

    @Test
    void jmeterAtNinetyPercentOfTheMachineAroundASecondIsACause(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path file = dir.resolve(io.rpcbench.reports.jtl.jvm.CpuReadings.FILE_NAME);
        // 2 cores: 1.9 s of CPU in the second from T0 + 3000, 0.2 s in the others
        java.nio.file.Files.writeString(file, io.rpcbench.reports.jtl.jvm.CpuReadings.HEADER + "\n"
                + (T0 + 2000) + ",0,2\n" + (T0 + 3000) + ",200000000,2\n" + (T0 + 4000) + ",2100000000,2\n"
                + (T0 + 5000) + ",2300000000,2\n");
        io.rpcbench.reports.jtl.jvm.CpuReadings cpu = io.rpcbench.reports.jtl.jvm.CpuReadings.read(file);
        assertThat(cpu.cores()).isEqualTo(2);
        assertThat(SpikeRule.jmeterCpu(cpu, T0 + 3000, 1000)).containsExactly("JMeter at 95 % of the machine's CPU");
        assertThat(SpikeRule.jmeterCpu(cpu, T0 + 2000, 1000)).isEmpty();
        assertThat(SpikeRule.jmeterCpu(io.rpcbench.reports.jtl.jvm.CpuReadings.read(dir.resolve("none")), T0, 1000))
                .isEmpty();
    }
}
