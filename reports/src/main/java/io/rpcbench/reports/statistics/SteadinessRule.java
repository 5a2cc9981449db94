package io.rpcbench.reports.statistics;

import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.figures.Figures;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Whether a run's measured window was steady, said in plain words: the figures of a window in which throughput
 * still rose (warm-up not over) or fell (the system degraded) describe no steady state, and a comparison built on
 * them misleads.
 *
 * <p>The rule ({@link #RULE}): cut the window into three equal thirds ({@link WindowThirds}); with each third's
 * TPS (samples that started in it / its length),
 * <ul>
 *   <li>change = (last third's TPS - first third's) / first third's x 100,</li>
 *   <li>spread = (max - min) / mean of the three TPS x 100;</li>
 * </ul>
 * the window is steady when |change| &lt;= {@value #MAX_CHANGE_PERCENT} % and spread &lt;=
 * {@value #MAX_SPREAD_PERCENT} %. A change beyond the limit is reported as "rose" (still warming up: give a
 * longer warm-up) or "fell" (degraded during the window); a spread beyond it alone as "varied" (unsteady: give a
 * longer window). The limits are the ones issue 11 proposed; the spread gets more room than the change because it
 * compares the extremes of three thirds, which noise alone widens. A window with fewer than
 * {@value #MIN_SAMPLES_PER_THIRD} samples in a third, or shorter than {@value #MIN_BUCKETS} time buckets, is too
 * short to judge (and not called steady).
 *
 * <p>Warnings, whatever the verdict: the JMeter process used {@value #SATURATED_CPU_PERCENT} % or more of the
 * load generator's cores (TPS is then bounded by JMeter), the load generator host's CPU was at
 * {@value #SATURATED_CPU_PERCENT} % or more (on a local run that CPU is shared with the provider), or the run
 * ended before the measured length asked for.
 *
 * <pre>{@code
 * DashboardData.Steadiness s = SteadinessRule.judge(thirds.thirds(), window, bucketMs, loadGenerator);
 * }</pre>
 */
public final class SteadinessRule {

    static final double MAX_CHANGE_PERCENT = 10;
    static final double MAX_SPREAD_PERCENT = 15;
    static final int MIN_SAMPLES_PER_THIRD = 30;
    static final int MIN_BUCKETS = 3;
    public static final double SATURATED_CPU_PERCENT = 90;

    public static final String RULE = "The measured window is cut into three equal thirds. Steady when throughput changes "
            + "by at most 10 % from the first third to the last ((last - first) / first) and the thirds' throughput "
            + "spreads by at most 15 % ((max - min) / mean). Not judged with fewer than 30 samples in a third or a "
            + "window shorter than 3 time buckets. Warnings when the JMeter process or the load generator host used "
            + "90 % or more of the CPU.";

    /**
     * What is known of the load generator's CPU over the window.
     *
     * @param jmeterCpuPercent the JMeter process's CPU as % of all the machine's cores, measured by the caller
     * @param cores            the machine's cores, for the message
     * @param host             the agent host that is the load generator's machine (an agent reached over
     *                         loopback runs beside JMeter), if any
     * @param hostCpuPercent   that host's CPU combined over the window
     * @param providerHost     whether the provider runs on that host too (a local run)
     */
    public record LoadGenerator(Optional<Double> jmeterCpuPercent, Optional<Integer> cores, Optional<String> host,
            Optional<Double> hostCpuPercent, boolean providerHost) {

        public static final LoadGenerator UNKNOWN = new LoadGenerator(Optional.empty(), Optional.empty(), Optional.empty(),
                Optional.empty(), false);
    }

    private SteadinessRule() {}

    public static DashboardData.Steadiness judge(List<DashboardData.Third> thirds, MeasuredWindow window, long bucketMs,
            LoadGenerator generator) {
        double first = thirds.get(0).tps();
        double last = thirds.get(2).tps();
        double min = thirds.stream().mapToDouble(DashboardData.Third::tps).min().orElse(0);
        double max = thirds.stream().mapToDouble(DashboardData.Third::tps).max().orElse(0);
        double mean = thirds.stream().mapToDouble(DashboardData.Third::tps).average().orElse(0);
        double change = first == 0 ? 0 : (last - first) / first * 100;
        double spread = mean == 0 ? 0 : (max - min) / mean * 100;
        long fewest = thirds.stream().mapToLong(DashboardData.Third::samples).min().orElse(0);

        boolean steady = false;
        String verdict;
        if (window.lengthMs() < MIN_BUCKETS * bucketMs) {
            verdict = "TOO SHORT TO JUDGE: the window is " + Figures.seconds(window.lengthMs()) + " long, under "
                    + MIN_BUCKETS + " time buckets of " + Figures.seconds(bucketMs) + "; give a longer window";
        } else if (fewest < MIN_SAMPLES_PER_THIRD) {
            verdict = "TOO SHORT TO JUDGE: a third of the window holds " + fewest + " samples; at least "
                    + MIN_SAMPLES_PER_THIRD + " per third are needed; give a longer window";
        } else if (change > MAX_CHANGE_PERCENT) {
            verdict = "NOT STEADY: throughput rose " + percent(change) + " within the window (" + firstAndLast(first,
                    last) + "): still warming up; give a longer warm-up";
        } else if (change < -MAX_CHANGE_PERCENT) {
            verdict = "NOT STEADY: throughput fell " + percent(-change) + " within the window (" + firstAndLast(first,
                    last) + "): the system degraded during the window (GC, a leak, a saturated resource?)";
        } else if (spread > MAX_SPREAD_PERCENT) {
            verdict = "NOT STEADY: throughput varied " + percent(spread) + " between thirds (" + tps(first) + ", "
                    + tps(thirds.get(1).tps()) + " and " + tps(last) + " TPS): unsteady; give a longer window";
        } else {
            steady = true;
            verdict = "steady (first third " + tps(first) + " TPS, last " + tps(last) + ", "
                    + (change >= 0 ? "+" : "-") + percent(Math.abs(change)) + "; spread " + percent(spread) + ")";
        }
        return new DashboardData.Steadiness(RULE, thirds, Figures.round(change, 2), Figures.round(spread, 2), steady,
                verdict, warnings(window, generator), generator.jmeterCpuPercent().map(cpu -> Figures.round(cpu, 1))
                        .orElse(null), generator.jmeterCpuPercent().flatMap(cpu -> generator.cores()).orElse(null));
    }

    private static List<String> warnings(MeasuredWindow window, LoadGenerator generator) {
        List<String> warnings = new ArrayList<>();
        generator.jmeterCpuPercent().filter(cpu -> cpu >= SATURATED_CPU_PERCENT).ifPresent(cpu -> warnings.add(
                "the JMeter process used " + Figures.text(cpu, 0) + " % of "
                        + generator.cores().map(c -> "the machine's " + c + " cores").orElse("all the machine's cores")
                        + ": the load generator was saturated; TPS is bounded by JMeter, not by the provider"));
        generator.hostCpuPercent().filter(cpu -> cpu >= SATURATED_CPU_PERCENT).ifPresent(cpu -> warnings.add(
                generator.providerHost()
                        ? "the machine's CPU was saturated (" + Figures.text(cpu, 0) + " %): TPS is bounded by the CPU "
                                + "that JMeter and the provider share, not by the provider alone"
                        : "the load generator's machine (agent " + generator.host().orElse("?") + ") had its CPU "
                                + "saturated (" + Figures.text(cpu, 0) + " %): TPS may be bounded by the load "
                                + "generator, not by the provider"));
        if (window.cutMs() > window.measuredMs() / 100) {
            warnings.add("the measured window is " + Figures.seconds(window.lengthMs()) + ", not the "
                    + Figures.seconds(window.measuredMs()) + " asked for: the run ended sooner");
        }
        return warnings;
    }

    private static String firstAndLast(double first, double last) {
        return "first third " + tps(first) + " TPS, last third " + tps(last) + " TPS";
    }

    /** TPS in words: whole numbers from 100 (24,810), one decimal below (12.5). */
    private static String tps(double tps) {
        return Figures.text(tps, tps >= 100 ? 0 : 1);
    }

    private static String percent(double value) {
        return Figures.text(value, 1) + " %";
    }
}
