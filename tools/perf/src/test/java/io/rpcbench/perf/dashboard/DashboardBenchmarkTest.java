package io.rpcbench.perf.dashboard;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.perf.dashboard.DashboardBenchmark.Measure;
import io.rpcbench.perf.process.MeasuredProcess;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class DashboardBenchmarkTest {

    private static final Duration DEADLINE = Duration.ofMinutes(30);

    private static Measure passed(double seconds) {
        return new Measure(new MeasuredProcess.Result(seconds, 300_000, 0, false, false), null);
    }

    private static Measure timedOut() {
        return new Measure(new MeasuredProcess.Result(1800.2, 1_100_000, -1, true, false), null);
    }

    private static Measure outOfMemory() {
        return new Measure(new MeasuredProcess.Result(700, 1_100_000, 1, false, true), null);
    }

    @Test
    void ratioIsJMeterOverOursPerRoundThenItsMedian() {
        assertThat(DashboardBenchmark.ratio(List.<Measure[]>of(new Measure[] {passed(4), passed(40)},
                new Measure[] {passed(5), passed(60)}, new Measure[] {passed(4), passed(56)}), DEADLINE))
                .isEqualTo("12.0 (10.0-14.0)");
    }

    @Test
    void aJMeterTimeoutGivesTheDeadlineOverOurTimeAsALowerBound() {
        assertThat(DashboardBenchmark.ratio(List.<Measure[]>of(new Measure[] {passed(200), timedOut()}), DEADLINE))
                .isEqualTo("> 9.0");
        assertThat(DashboardBenchmark.wall(List.of(timedOut()), DEADLINE)).isEqualTo("> 30 min");
    }

    @Test
    void anOutOfMemoryErrorIsNamedNotMeasured() {
        assertThat(DashboardBenchmark.wall(List.of(passed(500), outOfMemory()), DEADLINE)).isEqualTo("failed: OOM");
        assertThat(DashboardBenchmark.ratio(List.<Measure[]>of(new Measure[] {passed(20), outOfMemory()}), DEADLINE))
                .isEqualTo("- (JMeter failed)");
        assertThat(DashboardBenchmark.figure(List.of(outOfMemory()), m -> m.run().peakRssKiB())).isEqualTo("-");
    }

    @Test
    void fastEnoughWhenTheMedianRatioReachesTwentyThoughOneNoisyRoundDoesNot() {
        assertThat(DashboardBenchmark.fastEnough(List.<Measure[]>of(new Measure[] {passed(1), passed(22.8)},
                new Measure[] {passed(1), passed(31.6)}, new Measure[] {passed(1.6), passed(22.4)}))).isTrue();
        assertThat(DashboardBenchmark.fastEnough(List.<Measure[]>of(new Measure[] {passed(1), passed(16)},
                new Measure[] {passed(1), passed(18)}, new Measure[] {passed(1), passed(40)}))).isFalse();
    }

    @Test
    void aJMeterTimeoutOrOutOfMemoryCountsAsSlowerButOurFailureNeverPasses() {
        assertThat(DashboardBenchmark.fastEnough(List.<Measure[]>of(new Measure[] {passed(60), timedOut()})))
                .isTrue();
        assertThat(DashboardBenchmark.fastEnough(List.<Measure[]>of(new Measure[] {passed(20), outOfMemory()})))
                .isTrue();
        assertThat(DashboardBenchmark.fastEnough(List.<Measure[]>of(new Measure[] {outOfMemory(), passed(900)})))
                .isFalse();
    }
}
