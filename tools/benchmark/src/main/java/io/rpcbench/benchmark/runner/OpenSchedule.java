package io.rpcbench.benchmark.runner;

import io.rpcbench.reports.dashboard.RunSummary;
import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.statistics.LabelStatistics;
import io.rpcbench.reports.statistics.ScheduleLagRule;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * An open workload's schedule against its measured window: the arrivals it asked for (rate x the window's seconds, as
 * the window was placed: a run whose schedule began before its first call gets a shorter window than asked), the calls
 * made, the arrivals dropped at the samplers' cap ({@code max_in_flight}), and, when the samples carry it, the
 * arrivals' schedule lag with its verdict ({@link ScheduleLagRule}).
 *
 * <p>The schedule was kept when none was dropped, the calls made are within 2 %, or three standard deviations of a
 * Poisson count, of those asked, and, with lag figures, the lag's p99 stayed within the rule's limit. A thread group
 * that records each arrival's due time (rpcbench's Arrivals Thread Group) never drops an arrival at a cap: it queues
 * it, which shows as lag, so for its runs the lag decides and the verdict names what bounded the run. JMeter's Open
 * Model Thread Group records no due time: its runs are judged on the counts alone, as before.
 *
 * <pre>{@code
 * OpenSchedule schedule = OpenSchedule.of(rate, summary, jmeterCpuPercent, cores);
 * out.println(schedule.describe() + ": " + schedule.verdict());
 * }</pre>
 *
 * @param rate            arrivals a second the plan asked for
 * @param measuredSeconds the measured window's length as placed in the run
 * @param asked           arrivals due in the window: rate x its length (to the ms: a window placed from the first
 *                        call, after a ramp, is not whole seconds)
 * @param made            calls made in the window (samples, failed ones included; dropped and stopped ones not)
 * @param dropped         arrivals dropped at the cap in the window
 * @param lag             the schedule lag's verdict; empty when no sample had a due time (JMeter's Open Model Thread
 *                        Group, a JTL without {@code lag_us})
 */
public record OpenSchedule(double rate, int measuredSeconds, long asked, long made, long dropped,
        Optional<DashboardData.Schedule> lag) {

    /** A schedule without lag figures: judged on the counts alone. */
    public OpenSchedule(double rate, int measuredSeconds, long asked, long made, long dropped) {
        this(rate, measuredSeconds, asked, made, dropped, Optional.empty());
    }

    /** The schedule of a run at {@code rate} arrivals a second, from its window's statistics; JMeter's CPU unknown. */
    public static OpenSchedule of(double rate, RunSummary summary) {
        return of(rate, summary, Optional.empty(), Optional.empty());
    }

    /**
     * The schedule of a run at {@code rate} arrivals a second, from its window's statistics, with the JMeter process's
     * CPU over the window as a share of the machine's {@code cores}, which the lag's verdict names when it bounded the
     * run (empty when not measured).
     */
    public static OpenSchedule of(double rate, RunSummary summary, Optional<Double> jmeterCpuPercent,
            Optional<Integer> cores) {
        return of(rate, summary, summary.schedule(jmeterCpuPercent, cores));
    }

    /**
     * As {@link #of(double, RunSummary, Optional, Optional)}, with the agents' readings of the run ({@code perfmon}):
     * the lag's verdict then names JMeter's machine when its CPU was saturated, as the dashboard does.
     */
    public static OpenSchedule of(double rate, RunSummary summary, Path perfmon, Optional<Double> jmeterCpuPercent,
            Optional<Integer> cores) {
        return of(rate, summary, summary.schedule(perfmon, jmeterCpuPercent, cores));
    }

    private static OpenSchedule of(double rate, RunSummary summary, Optional<DashboardData.Schedule> lag) {
        long windowMs = summary.windowEndMs() - summary.windowStartMs();
        int measuredSeconds = (int) (windowMs / 1000);
        long made = summary.labels().stream().mapToLong(LabelStatistics::samples).sum();
        long dropped = summary.labels().stream().mapToLong(LabelStatistics::dropped).sum();
        return new OpenSchedule(rate, measuredSeconds, Math.round(rate * windowMs / 1000.0), made, dropped, lag);
    }

    /**
     * Whether the calls followed the rate: none dropped, as many made as asked within the arrivals' noise, and with lag
     * figures the lag within its limit.
     */
    public boolean kept() {
        return followedRate() && lag.map(DashboardData.Schedule::kept).orElse(true);
    }

    private boolean followedRate() {
        double slack = Math.max(0.02 * asked, 3 * Math.sqrt(asked));
        return dropped == 0 && Math.abs(made - asked) <= slack;
    }

    /**
     * Whether the schedule was kept, in words: with lag figures the lag's verdict ("the schedule was kept: schedule lag
     * p99 ...", or "the generator fell behind the schedule: ..." naming what bounded it), else the counts'.
     */
    public String verdict() {
        if (lag.isPresent()) {
            DashboardData.Schedule schedule = lag.get();
            if (!schedule.kept() || followedRate()) {
                return schedule.verdict();
            }
            return String.format(Locale.ROOT, "the schedule was NOT kept: the calls started on time (lag p99 %.3f ms) "
                    + "but %,d were made of %,d asked, %,d dropped: arrivals were not started", schedule.lag().p99Ms(),
                    made, asked, dropped);
        }
        return kept() ? ScheduleLagRule.KEPT
                : "the schedule was NOT kept: the provider, or this JMeter, could not take the rate on";
    }

    /**
     * One line, e.g. {@code 20,000 asked in the 10 s window, 19,950 calls made, 0 dropped (max_in_flight)}, then with
     * lag figures {@code ; schedule lag p50 0.061 ms, p99 0.214 ms, max 3.100 ms}.
     */
    public String describe() {
        String counts = String.format(Locale.ROOT, "%,d asked in the %d s window, %,d calls made, %,d dropped "
                + "(max_in_flight)", asked, measuredSeconds, made, dropped);
        return lag.map(schedule -> counts + "; " + lagText(schedule.lag())).orElse(counts);
    }

    /** The lag's figures in words: {@code schedule lag p50 0.061 ms, p99 0.214 ms, max 3.100 ms}. */
    static String lagText(DashboardData.ScheduleLag lag) {
        return String.format(Locale.ROOT, "schedule lag p50 %.3f ms, p99 %.3f ms, max %.3f ms", lag.p50Ms(),
                lag.p99Ms(), lag.maxMs());
    }
}
