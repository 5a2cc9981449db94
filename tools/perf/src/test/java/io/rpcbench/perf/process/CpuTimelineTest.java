package io.rpcbench.perf.process;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CpuTimelineTest {

    private static CpuTimeline.Reading at(long epochMs, long ticks) {
        return new CpuTimeline.Reading(epochMs, new CpuTime(ticks));
    }

    @Test
    void theSpanRunsFromTheFirstReadingInsideTheWindowToTheLast() {
        List<CpuTimeline.Reading> readings = List.of(at(950, 1), at(1000, 5), at(1050, 9), at(1950, 80), at(2000, 90));
        // the window [1000, 2000): 1000 is in it, 2000 is not
        assertThat(CpuTimeline.span(readings, 1000, 2000)).contains(new CpuTimeline.Span(1000, 1950, 75));
    }

    @Test
    void fewerThanTwoReadingsInsideGiveNoSpan() {
        List<CpuTimeline.Reading> readings = List.of(at(900, 1), at(1500, 5), at(2100, 9));
        assertThat(CpuTimeline.span(readings, 1000, 2000)).isEqualTo(Optional.empty());
        assertThat(CpuTimeline.span(List.of(), 1000, 2000)).isEqualTo(Optional.empty());
    }

    @Test
    void readsARunningProcessUntilClosed() throws Exception {
        long self = ProcessHandle.current().pid();
        List<CpuTimeline.Reading> readings;
        long deadline = System.nanoTime() + 10_000_000_000L;
        try (CpuTimeline timeline = CpuTimeline.start(() -> self)) {
            // waits for two readings, with a deadline: busy work in between so the ticks can move
            while (timeline.readings().size() < 2 && System.nanoTime() < deadline) {
                Thread.onSpinWait();
            }
            timeline.close();
            readings = timeline.readings();
        }
        assertThat(readings).hasSizeGreaterThanOrEqualTo(2);
        assertThat(readings.get(1).epochMs()).isGreaterThanOrEqualTo(readings.get(0).epochMs());
        assertThat(readings.get(1).cpu().ticks()).isGreaterThanOrEqualTo(readings.get(0).cpu().ticks());
    }
}
