package io.rpcbench.benchmark.runner;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.reports.dashboard.RunSummary;
import io.rpcbench.reports.statistics.ScheduleLagRule;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.function.LongUnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An open workload's schedule judged from a JTL: with the samplers' {@code lag_us} the lag decides and the verdict
 * names what bounded the run; a JTL without it (JMeter's Open Model Thread Group, older runs) is judged on the counts
 * as before. Each JTL is 13 s at 100 arrivals a second, read after a 2 s warm-up: 1,000 asked in the 10 s window.
 */
class OpenScheduleTest {

    private static final String HEADER = "timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,"
            + "success,failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect,elapsed_us";

    @TempDir
    Path dir;

    /** 100 arrivals a second for 13 s, each a call of {@code callUs} started {@code lagUs(i)} after it was due. */
    private RunSummary open(String name, LongUnaryOperator lagUs, long callUs) throws IOException {
        StringBuilder jtl = new StringBuilder(HEADER).append(",lag_us\n");
        for (int i = 0; i < 1300; i++) {
            long lag = lagUs.applyAsLong(i);
            long us = lag + callUs;
            jtl.append(1_700_000_000_000L + i * 10L).append(',').append(us / 1000).append(",thrift-echo-1k-open,OK,OK,"
                    + "Arrivals 1-1,text,true,,1100,1090,8,8,null,0,0,0,").append(us).append(',').append(lag)
                    .append('\n');
        }
        return summary(name, jtl.toString());
    }

    private RunSummary summary(String name, String jtl) throws IOException {
        Path file = dir.resolve(name + ".jtl");
        Files.writeString(file, jtl);
        return RunSummary.withDashboard(file, Duration.ofSeconds(2), Optional.of(Duration.ofSeconds(10)));
    }

    @Test
    void arrivalsStartedOnTimeKeptTheSchedule() throws IOException {
        OpenSchedule schedule = OpenSchedule.of(100, open("kept", i -> 80, 500), Optional.of(30.0), Optional.of(2));

        assertThat(schedule.kept()).isTrue();
        assertThat(schedule.verdict()).isEqualTo("the schedule was kept: schedule lag p99 0.080 ms, max 0.080 ms");
        assertThat(schedule.describe()).isEqualTo("1,000 asked in the 10 s window, 1,000 calls made, 0 dropped "
                + "(max_in_flight); schedule lag p50 0.080 ms, p99 0.080 ms, max 0.080 ms");
    }

    @Test
    void aGrowingLagIsAGeneratorThatFellBehindEvenWithEveryArrivalMade() throws IOException {
        RunSummary summary = open("behind", i -> i * 50L, 500);

        OpenSchedule busy = OpenSchedule.of(100, summary, Optional.of(96.0), Optional.of(2));
        OpenSchedule free = OpenSchedule.of(100, summary, Optional.of(30.0), Optional.of(2));

        assertThat(busy.made()).isEqualTo(busy.asked());
        assertThat(busy.kept()).isFalse();
        assertThat(busy.verdict()).startsWith(ScheduleLagRule.FELL_BEHIND + ": lag p99 ")
                .endsWith("bounded by the generator's CPU: the JMeter process used 96 % of the machine's 2 cores");
        assertThat(free.lag().orElseThrow().boundBy()).isEqualTo(ScheduleLagRule.GENERATOR_POOL);
    }

    /**
     * The lag of a run whose machine was saturated while JMeter itself was not (the provider, or other programs, took
     * the cores) is put down to the machine, as the dashboard does: with the agent's readings of JMeter's machine
     * (reached over loopback) at 98 %, the verdict names it instead of advising a larger thread pool.
     */
    @Test
    void aLagWhileJMetersMachineWasSaturatedIsTheMachinesWithTheAgentsReadings() throws IOException {
        RunSummary summary = open("machine", i -> i * 50L, 500);
        Path perfmon = dir.resolve("perfmon.csv");
        StringBuilder readings = new StringBuilder("timeStamp,elapsed,label,success\n");
        for (int second = 0; second < 13; second++) {
            readings.append(1_700_000_000_000L + second * 1000L).append(",98000,127.0.0.1 CPU combined,true\n");
        }
        Files.writeString(perfmon, readings);

        OpenSchedule withAgent = OpenSchedule.of(100, summary, perfmon, Optional.of(5.0), Optional.of(2));
        OpenSchedule without = OpenSchedule.of(100, summary, Optional.of(5.0), Optional.of(2));

        assertThat(withAgent.kept()).isFalse();
        assertThat(withAgent.lag().orElseThrow().boundBy()).isEqualTo(ScheduleLagRule.GENERATOR_CPU);
        assertThat(withAgent.verdict()).contains("bounded by the generator's machine: its CPU was at 98 %, shared "
                + "with the provider, so JMeter's threads waited for a core (the JMeter process itself used 5 %)");
        assertThat(without.lag().orElseThrow().boundBy()).isEqualTo(ScheduleLagRule.GENERATOR_POOL);
    }

    @Test
    void callsThatGrowAreTheProviders() throws IOException {
        // The calls take 0.5 ms in the window's first third, 5 ms in its last; the lag grows with them.
        StringBuilder jtl = new StringBuilder(HEADER).append(",lag_us\n");
        for (int i = 0; i < 1300; i++) {
            long call = i < 800 ? 500 : 5_000;
            long lag = i < 800 ? 80 : (i - 800) * 50L; // a backlog: up to 25 ms by the end
            long us = lag + call;
            jtl.append(1_700_000_000_000L + i * 10L).append(',').append(us / 1000).append(",a,OK,OK,Arrivals 1-1,text,"
                    + "true,,1100,1090,8,8,null,0,0,0,").append(us).append(',').append(lag).append('\n');
        }
        OpenSchedule schedule = OpenSchedule.of(100, summary("provider", jtl.toString()), Optional.of(30.0),
                Optional.of(2));

        assertThat(schedule.kept()).isFalse();
        assertThat(schedule.lag().orElseThrow().boundBy()).isEqualTo(ScheduleLagRule.PROVIDER);
        assertThat(schedule.verdict()).contains("bounded by the provider: the calls' own p99 rose from 0.500 ms");
    }

    @Test
    void aJtlWithoutLagIsJudgedOnTheCountsAsBefore() throws IOException {
        StringBuilder made = new StringBuilder(HEADER).append('\n');
        StringBuilder dropped = new StringBuilder(HEADER).append('\n');
        for (int i = 0; i < 1300; i++) {
            String row = 1_700_000_000_000L + i * 10L + ",0,a,OK,OK,Open 1-1,text,true,,1100,1090,8,8,null,0,0,0,500\n";
            made.append(row);
            dropped.append(i % 10 == 0 ? row.replace(",OK,OK,", ",dropped,max_in_flight,").replace(",true,", ",false,")
                    : row);
        }
        OpenSchedule kept = OpenSchedule.of(100, summary("made", made.toString()));
        OpenSchedule notKept = OpenSchedule.of(100, summary("dropped", dropped.toString()));

        assertThat(kept.lag()).isEmpty();
        assertThat(kept.kept()).isTrue();
        assertThat(kept.verdict()).isEqualTo("the schedule was kept");
        assertThat(notKept.dropped()).isEqualTo(100);
        assertThat(notKept.kept()).isFalse();
        assertThat(notKept.verdict()).isEqualTo("the schedule was NOT kept: the provider, or this JMeter, could not "
                + "take the rate on");
    }

    @Test
    void arrivalsOnTimeButTooFewAreNotAKeptSchedule() throws IOException {
        RunSummary summary = open("few", i -> 80, 500);
        OpenSchedule schedule = OpenSchedule.of(150, summary, Optional.empty(), Optional.empty());

        assertThat(schedule.kept()).isFalse();
        assertThat(schedule.verdict()).isEqualTo("the schedule was NOT kept: the calls started on time (lag p99 "
                + "0.080 ms) but 1,000 were made of 1,500 asked, 0 dropped: arrivals were not started");
    }

    @Test
    void aStepOfTheCapacitySearchIsJudgedOnTheP99FromTheDueTimeAndOnTheLag() throws IOException {
        // The calls take 0.5 ms, but they started up to 60 ms late: the SLO is not met and the schedule not kept.
        RunSummary summary = open("step", i -> i * 50L, 500);
        CapacitySearch search = new CapacitySearch(null, List.of("thrift-echo-1k-open"), "p99 < 5ms", 100,
                null, null);

        CapacitySearch.Step step = search.judge("thrift-echo-1k-open", 100, Optional.of(summary), Optional.empty());

        assertThat(step.held()).isFalse();
        assertThat(step.figures().orElseThrow().p99Ms()).isGreaterThan(50);
        assertThat(step.why()).contains("p99 < 5ms not met").contains(ScheduleLagRule.FELL_BEHIND);
    }
}
