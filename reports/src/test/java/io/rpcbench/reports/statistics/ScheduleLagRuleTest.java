package io.rpcbench.reports.statistics;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.jtl.JtlSample;
import java.util.List;
import java.util.Optional;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;

/** The schedule verdict in words: kept, and for a generator that fell behind each thing that can bound it. */
class ScheduleLagRuleTest {

    private static final SteadinessRule.LoadGenerator CPU_FREE = cpu(40);

    private static SteadinessRule.LoadGenerator cpu(double percent) {
        return new SteadinessRule.LoadGenerator(Optional.of(percent), Optional.of(2), Optional.empty(),
                Optional.empty(), false);
    }

    /** 1,000 arrivals a second over 10 s, each with {@code lagUs} and a call of {@code callUs}. */
    private static LabelStatistics arrivals(long lagUs, long callUs) {
        LabelStatistics total = new LabelStatistics("Total", 10_000);
        for (int i = 0; i < 10_000; i++) {
            total.add(arrival(i, lagUs, callUs));
        }
        return total;
    }

    private static JtlSample arrival(long at, long lagUs, long callUs) {
        long us = lagUs + callUs;
        return new JtlSample(at, us / 1000, "a", "OK", "", true, 0, 0, 0, "", us, true, "", lagUs);
    }

    private static List<DashboardData.Third> thirds(double firstCallP99, double lastCallP99) {
        return List.of(new DashboardData.Third(0, 1, 1, 1, 1, 1, 5.0, firstCallP99, 0),
                new DashboardData.Third(1, 2, 1, 1, 1, 1, 5.0, firstCallP99, 0),
                new DashboardData.Third(2, 3, 1, 1, 1, 1, 5.0, lastCallP99, 0));
    }

    @Test
    void aLagWithinATimersLatenessKeptTheSchedule() {
        DashboardData.Schedule s = ScheduleLagRule.judge(arrivals(80, 500), thirds(0.5, 0.5), CPU_FREE).orElseThrow();

        assertThat(s.kept()).isTrue();
        assertThat(s.boundBy()).isNull();
        assertThat(s.verdict()).isEqualTo("the schedule was kept: schedule lag p99 0.080 ms, max 0.080 ms");
        assertThat(s.lag().p99Ms()).isEqualTo(0.08);
        assertThat(s.lag().callP99Ms()).isEqualTo(0.5);
        assertThat(s.rule()).isEqualTo(ScheduleLagRule.RULE);
    }

    @Test
    void aLagAtTheLimitIsStillKept() {
        assertThat(ScheduleLagRule.judge(arrivals(2000, 500), List.of(), CPU_FREE).orElseThrow().kept()).isTrue();
        assertThat(ScheduleLagRule.judge(arrivals(2100, 500), List.of(), CPU_FREE).orElseThrow().kept()).isFalse();
    }

    @Test
    void aBusyJMeterProcessIsTheGeneratorsCpu() {
        DashboardData.Schedule s = ScheduleLagRule.judge(arrivals(25_000, 30_000), thirds(0.5, 30), cpu(95))
                .orElseThrow();

        assertThat(s.kept()).isFalse();
        assertThat(s.boundBy()).isEqualTo(ScheduleLagRule.GENERATOR_CPU);
        assertThat(s.verdict()).isEqualTo("the generator fell behind the schedule: lag p99 25.000 ms, max 25.000 ms; "
                + "bounded by the generator's CPU: the JMeter process used 95 % of the machine's 2 cores");
    }

    @Test
    void mostCallsOnTimeAndALagThatDidNotGrowKeptTheScheduleWithItsLateCallsSaid() {
        LabelStatistics total = new LabelStatistics("Total", 10_000);
        for (int i = 0; i < 10_000; i++) {
            total.add(arrival(i, i % 50 == 0 ? 10_000 : 100, 500)); // 2 % of the calls 10 ms late: a pause
        }
        List<DashboardData.Third> steady = List.of(new DashboardData.Third(0, 1, 1, 1, 1, 1, 10.0, 0.5, 0),
                new DashboardData.Third(1, 2, 1, 1, 1, 1, 10.0, 0.5, 0), new DashboardData.Third(2, 3, 1, 1, 1, 1, 10.0,
                        0.5, 0));
        List<DashboardData.Third> growing = List.of(new DashboardData.Third(0, 1, 1, 1, 1, 1, 1.0, 0.5, 0),
                new DashboardData.Third(1, 2, 1, 1, 1, 1, 8.0, 0.5, 0), new DashboardData.Third(2, 3, 1, 1, 1, 1, 12.5,
                        0.5, 0));

        DashboardData.Schedule kept = ScheduleLagRule.judge(total, steady, CPU_FREE).orElseThrow();
        DashboardData.Schedule behind = ScheduleLagRule.judge(total, growing, CPU_FREE).orElseThrow();

        assertThat(kept.kept()).isTrue();
        assertThat(kept.verdict()).startsWith("the schedule was kept (schedule lag p50 0.1")
                .contains("but 1 % of its calls started more than 10");
        assertThat(behind.kept()).as("the lag's p99 grew from 1 to 12.5 ms within the window").isFalse();
        assertThat(behind.verdict()).startsWith(ScheduleLagRule.FELL_BEHIND);
    }

    /**
     * 30 s of 1,000 arrivals a second through the window's thirds (as a run's report reads them), each arrival's
     * lag given by {@code lagUsAt} of its offset in ms from the window's start.
     */
    private static DashboardData.Schedule judgeThroughThirds(LongUnaryOperator lagUsAt) {
        return judgeThroughThirds(30_000, 1, lagUsAt);
    }

    /** As above, a window of {@code lengthMs} with an arrival every {@code everyMs}. */
    private static DashboardData.Schedule judgeThroughThirds(long lengthMs, long everyMs, LongUnaryOperator lagUsAt) {
        MeasuredWindow window = new MeasuredWindow(0, lengthMs, 30_000, 0);
        WindowThirds thirds = new WindowThirds(window);
        LabelStatistics total = new LabelStatistics("Total", 30_000);
        for (long at = 0; at < lengthMs; at += everyMs) {
            JtlSample sample = arrival(at, lagUsAt.applyAsLong(at), 500);
            total.add(sample);
            thirds.accept(sample);
        }
        return ScheduleLagRule.judge(total, thirds.thirds(), CPU_FREE).orElseThrow();
    }

    @Test
    void aBacklogThatBuiltUpAndDrainedWithinTheWindowFellBehindThoughMostCallsWereOnTime() {
        // as measured: every arrival of the window's first 4 s late by tens to 160 ms, the other 26 s on time
        DashboardData.Schedule s = judgeThroughThirds(at -> at < 4_000 ? 20_000 + at * 35 : 100);

        assertThat(s.lag().p50Ms()).as("most calls were on time").isLessThan(1);
        assertThat(s.kept()).isFalse();
        assertThat(s.verdict()).startsWith(ScheduleLagRule.FELL_BEHIND)
                .contains("most arrivals of 4 s of the window more than 2.000 ms late (a backlog)");
    }

    @Test
    void pausesShorterThanASecondKeptTheSchedule() {
        // a 40 ms pause every 3 s: 1.3 % of the arrivals up to 40 ms late, no second mostly late
        DashboardData.Schedule s = judgeThroughThirds(at -> at % 3_000 < 40 ? (40 - at % 3_000) * 1000 : 100);

        assertThat(s.kept()).isTrue();
        assertThat(s.verdict()).startsWith("the schedule was kept (schedule lag p50 0.1")
                .contains("pauses of the generator's machine");
    }

    @Test
    void aFewLateArrivalsOfASlowScheduleOrOfTheWindowsLastPartSecondAreNoBacklog() {
        // 5 arrivals a second: the 3 of second 4 late make "most" of it, yet 3 arrivals are no backlog
        DashboardData.Schedule slow = judgeThroughThirds(30_000, 200, at -> at / 1000 == 4 && at % 1000 < 600
                ? 30_000 : 100);
        // a window that runs to the run's end, 20 ms into its last second, whose arrivals there were late
        DashboardData.Schedule partial = judgeThroughThirds(18_020, 1, at -> at >= 18_000 || at % 2_000 < 30
                ? 8_000 : 100);

        assertThat(slow.verdict()).startsWith(ScheduleLagRule.KEPT + " (").contains("pauses of the generator's machine");
        assertThat(partial.verdict()).startsWith(ScheduleLagRule.KEPT + " (")
                .contains("pauses of the generator's machine");
    }

    @Test
    void aSaturatedMachineSharedWithTheProviderIsTheGeneratorsCpu() {
        SteadinessRule.LoadGenerator shared = new SteadinessRule.LoadGenerator(Optional.of(55.0), Optional.of(2),
                Optional.of("127.0.0.1"), Optional.of(98.0), true);

        DashboardData.Schedule s = ScheduleLagRule.judge(arrivals(25_000, 2_000), thirds(2, 2), shared).orElseThrow();

        assertThat(s.kept()).isFalse();
        assertThat(s.boundBy()).isEqualTo(ScheduleLagRule.GENERATOR_CPU);
        assertThat(s.verdict()).contains("bounded by the generator's machine: its CPU was at 98 %, shared with the "
                + "provider, so JMeter's threads waited for a core (the JMeter process itself used 55 %)");
    }

    @Test
    void callsThatGrewWithinTheWindowAreTheProviders() {
        DashboardData.Schedule s = ScheduleLagRule.judge(arrivals(25_000, 3_000), thirds(0.5, 3.0), CPU_FREE)
                .orElseThrow();

        assertThat(s.boundBy()).isEqualTo(ScheduleLagRule.PROVIDER);
        assertThat(s.verdict()).isEqualTo("the generator fell behind the schedule: lag p99 25.000 ms, max 25.000 ms; "
                + "bounded by the provider: the calls' own p99 rose from 0.500 ms in the window's first third to "
                + "3.000 ms in its last");
    }

    @Test
    void callsSlowerThanTheLagAreTheProviders() {
        DashboardData.Schedule s = ScheduleLagRule.judge(arrivals(5_000, 40_000), thirds(40, 40), CPU_FREE)
                .orElseThrow();

        assertThat(s.boundBy()).isEqualTo(ScheduleLagRule.PROVIDER);
        assertThat(s.verdict()).endsWith("bounded by the provider: the calls' own p99 (40.000 ms) is above the lag's: "
                + "the calls took the time, not the wait for a thread to start them");
    }

    @Test
    void aGrowingLagWhileCallsKeepTheirTimeAndTheCpuIsFreeIsTheThreadPool() {
        DashboardData.Schedule s = ScheduleLagRule.judge(arrivals(25_000, 2_000), thirds(2, 2), CPU_FREE)
                .orElseThrow();

        assertThat(s.boundBy()).isEqualTo(ScheduleLagRule.GENERATOR_POOL);
        assertThat(s.verdict()).isEqualTo("the generator fell behind the schedule: lag p99 25.000 ms, max 25.000 ms; "
                + "bounded by the generator's thread pool: the calls kept their time (p99 2.000 ms) while the JMeter "
                + "process's CPU was free (40 %), so every pool thread was busy (1,000 calls/s x 2.000 ms on "
                + "average: about 2 threads at work at once, Little's law); give the thread group a larger pool");
    }

    @Test
    void withoutTheCpuMeasuredAndWithoutThirdsTheThreadPoolIsNamedFromTheLagAlone() {
        DashboardData.Schedule s = ScheduleLagRule.judge(arrivals(25_000, 2_000), List.of(),
                SteadinessRule.LoadGenerator.UNKNOWN).orElseThrow();

        assertThat(s.boundBy()).isEqualTo(ScheduleLagRule.GENERATOR_POOL);
        assertThat(s.verdict()).contains("while the lag grew (the JMeter process's CPU was not measured)");
    }

    @Test
    void aClosedWorkloadIsNotJudged() {
        LabelStatistics closed = new LabelStatistics("Total", 10_000);
        closed.add(new JtlSample(0, 1, "a", "OK", "", true, 0, 0, 0, "", 1_200, true));

        assertThat(closed.scheduleLag()).isEmpty();
        assertThat(ScheduleLagRule.judge(closed, List.of(), CPU_FREE)).isEmpty();
    }

    @Test
    void lagIsKeptApartFromTheResponseTimeWhichIncludesIt() {
        LabelStatistics total = arrivals(3_000, 500);

        assertThat(total.percentileMs(99)).isEqualTo(3.5);
        assertThat(total.scheduleLag().orElseThrow().lagPercentileMs(99)).isEqualTo(3.0);
        assertThat(total.scheduleLag().orElseThrow().callPercentileMs(99)).isEqualTo(0.5);
        assertThat(total.scheduleLag().orElseThrow().samples()).isEqualTo(10_000);
    }
}
