package io.rpcbench.reports.statistics;

import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.figures.Figures;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * Whether an open workload's arrivals kept their schedule, said in plain words, and if not what bounded the run: the
 * generator's CPU, the provider, or the generator's thread pool. An arrival's schedule lag is how late its call started
 * after it was due ({@link LagStatistics}); a generator that keeps up starts each call within a timer's resolution of
 * its due time, one that falls behind piles the lag up.
 *
 * <p>The rule ({@link #RULE}), over the measured window's arrivals (every label):
 * <ul>
 *   <li>kept when the lag's p99 is at most {@value #KEPT_LAG_P99_MS} ms: a JVM's timed park on Linux wakes 50 to
 *       100 µs late, and a thread made runnable waits for a core while the machine's cores are busy (on 2 vCPUs shared
 *       with the provider, Thrift's echo at 0.7 of its closed-loop rate kept its count and its calls' time with a lag
 *       p99 of 1.1 ms), so a generator that keeps up shows lags of about a millisecond at most, while one that falls
 *       behind piles its lag up to tens of ms and beyond (seconds, measured);</li>
 *   <li>also kept, with its late calls said, when the lag's p50 is at most {@value #KEPT_LAG_P50_MS} ms, its p99 did
 *       not grow within the window (the last third's at most {@value #LAG_GROWTH_FACTOR} x the first third's plus
 *       {@value #LAG_GROWTH_MS} ms) and no second of the window was a backlog (most of its arrivals started more
 *       than {@value #KEPT_LAG_P99_MS} ms late, {@link DashboardData.Third#backlogSeconds()}): most calls started on
 *       time and the late ones came from pauses of the generator's machine (its CPU, its garbage collector) of less
 *       than a second, which the response times include. A backlog that built up and drained within the window
 *       (measured: every call of 4 s at the window's start more than 5 ms late, its p99 162 ms, the lag's p50 still
 *       0.14 ms over 30 s) is the generator falling behind, however short;</li>
 *   <li>else the generator fell behind, bounded by
 *     <ol>
 *       <li>the generator's CPU when the JMeter process used {@value #SATURATED_CPU_PERCENT} % or more of its machine's
 *           cores, or the machine's CPU was at {@value #SATURATED_CPU_PERCENT} % or more (JMeter's threads then wait
 *           for a core, whoever else takes them; as {@link SteadinessRule} warns);</li>
 *       <li>else the provider when the calls' own time grew: their p99 in the window's last third above
 *           {@value #CALL_GROWTH_FACTOR} x their p99 in its first third, or their p99 over the window above the lag's
 *           p99 (the calls took the time, not the wait for a thread to start them);</li>
 *       <li>else the generator's thread pool: the lag grew while the calls kept their time and the CPU was free, so
 *           every pool thread was busy (by Little's law, calls a second x their mean time threads were at work at
 *           once).</li>
 *     </ol></li>
 * </ul>
 * A run without lag figures (a closed workload, a JTL without {@code lag_us}) is not judged.
 *
 * <pre>{@code
 * Optional<DashboardData.Schedule> s = ScheduleLagRule.judge(total, thirds.thirds(), loadGenerator);
 * }</pre>
 */
public final class ScheduleLagRule {

    /** The largest lag p99, ms, of a schedule kept. */
    static final double KEPT_LAG_P99_MS = 2;
    /** The largest lag p50, ms, of a schedule kept with late calls: most calls started on time, no backlog. */
    static final double KEPT_LAG_P50_MS = 1;
    /**
     * A lag p99 in the window's last third above this many times its first third's, plus {@value #LAG_GROWTH_MS} ms,
     * grew: a backlog adds tens of ms within a third (at 5 % over the rate for 2 s, 100 ms), while a third's p99 of a
     * short window is a few samples and moves by a few ms with the machine's noise.
     */
    static final double LAG_GROWTH_FACTOR = 2;
    static final double LAG_GROWTH_MS = 10;
    static final double SATURATED_CPU_PERCENT = SteadinessRule.SATURATED_CPU_PERCENT;
    static final double CALL_GROWTH_FACTOR = 2;

    /** What bounded a run that fell behind ({@link DashboardData.Schedule#boundBy()}). */
    public static final String GENERATOR_CPU = "generator CPU";
    public static final String PROVIDER = "provider";
    public static final String GENERATOR_POOL = "generator thread pool";

    /** The phrase of a schedule kept: what a reader (and a test) looks for. */
    public static final String KEPT = "the schedule was kept";
    /** The phrase of a schedule not kept. */
    public static final String FELL_BEHIND = "the generator fell behind the schedule";

    public static final String RULE = "Schedule lag: how late each arrival's call started after it was due. The "
            + "schedule was kept when the lag's p99 over the measured window is at most 2 ms (a JVM's timed park "
            + "wakes 50-100 us late, and a runnable thread waits for a core while the machine's cores are busy; a "
            + "generator that falls behind piles its lag up to tens of ms and beyond); also kept, its late calls "
            + "said, when the lag's p50 is at most 1 ms, its p99 did not grow within the window (last third at "
            + "most 2 x the first's + 10 ms) and in no second of the window were most arrivals more than 2 ms late: "
            + "pauses of the generator's machine, not a backlog. Else the generator fell "
            + "behind, bounded by: its CPU when the JMeter process used 90 % or more of the machine's cores, or the "
            + "machine's CPU was at 90 % or more; else the provider when the calls' "
            + "own p99 (the lag left out) in the window's last third is above 2 x that of its first third, or "
            + "above the lag's p99; else the generator's thread pool (the lag grew while its CPU was free: every "
            + "pool thread was busy).";

    private ScheduleLagRule() {}

    /**
     * @param total     the window's statistics over every label
     * @param thirds    the window's thirds with their lag and call p99 ({@link WindowThirds}); empty when not kept,
     *                  then the calls' growth within the window is not judged
     * @param generator what is known of the load generator's CPU
     * @return the verdict, or empty when no sample in the window had a schedule lag
     */
    public static Optional<DashboardData.Schedule> judge(LabelStatistics total, List<DashboardData.Third> thirds,
            SteadinessRule.LoadGenerator generator) {
        Optional<LagStatistics> found = total.scheduleLag();
        if (found.isEmpty() || found.get().samples() == 0) {
            return Optional.empty();
        }
        LagStatistics lag = found.get();
        DashboardData.ScheduleLag figures = lag.figures();
        if (figures.p99Ms() <= KEPT_LAG_P99_MS) {
            return Optional.of(new DashboardData.Schedule(RULE, true, null, KEPT + ": schedule lag p99 "
                    + ms(figures.p99Ms()) + ", max " + ms(figures.maxMs()), figures));
        }
        int backlogSeconds = thirds.stream().map(DashboardData.Third::backlogSeconds).filter(Objects::nonNull)
                .mapToInt(Integer::intValue).sum();
        if (figures.p50Ms() <= KEPT_LAG_P50_MS && !lagGrew(thirds) && backlogSeconds == 0) {
            return Optional.of(new DashboardData.Schedule(RULE, true, null, KEPT + " (schedule lag p50 "
                    + ms(figures.p50Ms()) + "), but 1 % of its calls started more than " + ms(figures.p99Ms())
                    + " late (max " + ms(figures.maxMs()) + "): pauses of the generator's machine (its CPU, its "
                    + "collector), which the response times include", figures));
        }
        String behind = FELL_BEHIND + ": lag p99 " + ms(figures.p99Ms()) + ", max " + ms(figures.maxMs())
                + (backlogSeconds == 0 ? "" : ", most arrivals of " + backlogSeconds + " s of the window more than "
                        + ms(KEPT_LAG_P99_MS) + " late (a backlog)") + "; ";
        Optional<Double> cpu = generator.jmeterCpuPercent();
        if (cpu.isPresent() && cpu.get() >= SATURATED_CPU_PERCENT) {
            return Optional.of(new DashboardData.Schedule(RULE, false, GENERATOR_CPU, behind + "bounded by the "
                    + "generator's CPU: the JMeter process used " + Figures.text(cpu.get(), 0) + " % of "
                    + generator.cores().map(c -> "the machine's " + c + " cores").orElse("all the machine's cores"),
                    figures));
        }
        Optional<Double> machine = generator.hostCpuPercent();
        if (machine.isPresent() && machine.get() >= SATURATED_CPU_PERCENT) {
            return Optional.of(new DashboardData.Schedule(RULE, false, GENERATOR_CPU, behind + "bounded by the "
                    + "generator's machine: its CPU was at " + Figures.text(machine.get(), 0) + " %"
                    + (generator.providerHost() ? ", shared with the provider" : "") + ", so JMeter's threads waited "
                    + "for a core" + cpu.map(c -> " (the JMeter process itself used " + Figures.text(c, 0) + " %)")
                            .orElse(""), figures));
        }
        Double first = thirds.isEmpty() ? null : thirds.get(0).callP99Ms();
        Double last = thirds.isEmpty() ? null : thirds.get(thirds.size() - 1).callP99Ms();
        if (first != null && last != null && first > 0 && last > CALL_GROWTH_FACTOR * first) {
            return Optional.of(new DashboardData.Schedule(RULE, false, PROVIDER, behind + "bounded by the provider: "
                    + "the calls' own p99 rose from " + ms(first) + " in the window's first third to " + ms(last)
                    + " in its last", figures));
        }
        if (figures.callP99Ms() > figures.p99Ms()) {
            return Optional.of(new DashboardData.Schedule(RULE, false, PROVIDER, behind + "bounded by the provider: "
                    + "the calls' own p99 (" + ms(figures.callP99Ms()) + ") is above the lag's: the calls took the "
                    + "time, not the wait for a thread to start them", figures));
        }
        double busy = total.throughput() * lag.callMeanMs() / 1000;
        return Optional.of(new DashboardData.Schedule(RULE, false, GENERATOR_POOL, behind + "bounded by the "
                + "generator's thread pool: the calls kept their time (p99 " + ms(figures.callP99Ms()) + ") while "
                + cpu.map(c -> "the JMeter process's CPU was free (" + Figures.text(c, 0) + " %)")
                        .orElse("the lag grew (the JMeter process's CPU was not measured)")
                + ", so every pool thread was busy (" + Figures.text(total.throughput(), 0) + " calls/s x "
                + ms(lag.callMeanMs()) + " on average: about " + Figures.text(Math.ceil(busy), 0)
                + (Math.ceil(busy) == 1 ? " thread" : " threads") + " at work at once, Little's law); give the "
                + "thread group a larger pool", figures));
    }

    /** Whether the lag's p99 rose within the window: a backlog building up, not pauses that came and went. */
    private static boolean lagGrew(List<DashboardData.Third> thirds) {
        if (thirds.isEmpty()) {
            return false;
        }
        Double first = thirds.get(0).lagP99Ms();
        Double last = thirds.get(thirds.size() - 1).lagP99Ms();
        return first != null && last != null && last > LAG_GROWTH_FACTOR * first + LAG_GROWTH_MS;
    }

    private static String ms(double value) {
        return Figures.text(value, 3) + " ms";
    }
}
