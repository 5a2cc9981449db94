package io.rpcbench.benchmark.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class ProcessCpuTimelineTest {

    @Test
    void aProcessKeepingOneCoreBusyUsesAboutOneCoreOfTheMachine() {
        int cores = Runtime.getRuntime().availableProcessors();
        long from = System.currentTimeMillis();
        ProcessCpuTimeline timeline = ProcessCpuTimeline.start(ProcessHandle.current().pid());
        long until = from + 3_500;
        long spins = 0;
        while (System.currentTimeMillis() < until) { // one thread busy for 3.5 s: three readings or more
            spins++;
        }
        timeline.close();

        OptionalDouble percent = timeline.percentOfMachine(from, until, cores);
        assertThat(spins).isPositive();
        assertThat(percent).isPresent();
        // One busy thread is 100 / cores % of the machine; other work of this JVM adds a little, a busy machine
        // gives the thread less.
        assertThat(percent.getAsDouble()).isBetween(25.0 / cores, 100.0);
    }

    @Test
    void aSpanWithFewerThanTwoReadingsHasNoFigure() {
        ProcessCpuTimeline timeline = ProcessCpuTimeline.start(ProcessHandle.current().pid());
        timeline.close();

        assertThat(timeline.percentOfMachine(0, 1, 2)).isEmpty();
    }

    @Test
    void aProcessThatHasExitedGivesATimelineWithoutReadings() {
        ProcessCpuTimeline timeline = ProcessCpuTimeline.start(Long.MAX_VALUE);
        timeline.close();

        assertThat(timeline.percentOfMachine(0, Long.MAX_VALUE, 2)).isEmpty();
    }
}
