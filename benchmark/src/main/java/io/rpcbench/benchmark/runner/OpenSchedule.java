package io.rpcbench.benchmark.runner;

import io.rpcbench.reports.dashboard.RunSummary;
import io.rpcbench.reports.statistics.LabelStatistics;
import java.util.Locale;

/**
 * An open workload's schedule against its measured window: the arrivals it asked for (rate x the window's seconds, as
 * the window was placed: a run whose schedule began before its first call gets a shorter window than asked), the calls
 * made, and the arrivals dropped at the samplers' cap ({@code max_in_flight}). The schedule was kept when none was
 * dropped and the calls made are within 2 %, or three standard deviations of a Poisson count, of those asked.
 *
 * @param rate            arrivals a second the plan asked for
 * @param measuredSeconds the measured window's length as placed in the run
 * @param asked           arrivals due in the window: rate x seconds
 * @param made            calls made in the window (samples, failed ones included; dropped and stopped ones not)
 * @param dropped         arrivals dropped at the cap in the window
 */
public record OpenSchedule(double rate, int measuredSeconds, long asked, long made, long dropped) {

    /** The schedule of a run at {@code rate} arrivals a second, from its window's statistics. */
    public static OpenSchedule of(double rate, RunSummary summary) {
        int measuredSeconds = (int) ((summary.windowEndMs() - summary.windowStartMs()) / 1000);
        long made = summary.labels().stream().mapToLong(LabelStatistics::samples).sum();
        long dropped = summary.labels().stream().mapToLong(LabelStatistics::dropped).sum();
        return new OpenSchedule(rate, measuredSeconds, Math.round(rate * measuredSeconds), made, dropped);
    }

    /** Whether the calls followed the rate: none dropped, and as many made as asked within the arrivals' noise. */
    public boolean kept() {
        double slack = Math.max(0.02 * asked, 3 * Math.sqrt(asked));
        return dropped == 0 && Math.abs(made - asked) <= slack;
    }

    /** Whether the schedule was kept, in words. */
    public String verdict() {
        return kept() ? "the schedule was kept"
                : "the schedule was NOT kept: the provider, or this JMeter, could not take the rate on";
    }

    /** One line, e.g. {@code 20,000 asked in the 10 s window, 19,950 calls made, 0 dropped (max_in_flight)}. */
    public String describe() {
        return String.format(Locale.ROOT, "%,d asked in the %d s window, %,d calls made, %,d dropped (max_in_flight)",
                asked, measuredSeconds, made, dropped);
    }
}
