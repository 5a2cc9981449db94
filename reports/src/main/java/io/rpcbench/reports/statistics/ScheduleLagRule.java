package io.rpcbench.reports.statistics;

import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.figures.Figures;
import java.util.List;
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
 *       100 µs late and a pooled thread's hand-off adds tens of µs, so a generator that keeps up shows lags well under
 *       1 ms; ten times the timer's lateness, and JMeter's own whole-ms resolution, leaves room for the machine's noise
 *       while a generator that falls behind piles its lag far past it;</li>
 *   <li>else the generator fell behind, bounded by
 *     <ol>
 *       <li>the generator's CPU when the JMeter process used {@value #SATURATED_CPU_PERCENT} % or more of its machine's
 *           cores (as {@link SteadinessRule} warns);</li>
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
    static final double KEPT_LAG_P99_MS = 1;
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
            + "schedule was kept when the lag's p99 over the measured window is at most 1 ms (a JVM's timed park "
            + "wakes 50-100 us late; 1 ms is ten times that). Else the generator fell behind, bounded by: its CPU "
            + "when the JMeter process used 90 % or more of the machine's cores; else the provider when the calls' "
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
        String behind = FELL_BEHIND + ": lag p99 " + ms(figures.p99Ms()) + ", max " + ms(figures.maxMs()) + "; ";
        Optional<Double> cpu = generator.jmeterCpuPercent();
        if (cpu.isPresent() && cpu.get() >= SATURATED_CPU_PERCENT) {
            return Optional.of(new DashboardData.Schedule(RULE, false, GENERATOR_CPU, behind + "bounded by the "
                    + "generator's CPU: the JMeter process used " + Figures.text(cpu.get(), 0) + " % of "
                    + generator.cores().map(c -> "the machine's " + c + " cores").orElse("all the machine's cores"),
                    figures));
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

    private static String ms(double value) {
        return Figures.text(value, 3) + " ms";
    }
}
