package io.rpcbench.reports.statistics;

import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.figures.Figures;
import io.rpcbench.reports.jtl.jvm.CpuReadings;
import io.rpcbench.reports.jtl.jvm.GcLog;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Which seconds of a measured window are spikes, and why: a second (a time bucket; a second on runs short enough)
 * whose p99 is more than {@value #FACTOR} x the median of the window's per-second p99s is marked with what happened in
 * it on either side: errors and schedule lag (from the samples), and what {@link Causes} finds (the provider's GC
 * pauses from the agent's readings; JMeter's GC and CPU, where they were read). A spike with none of these is "not
 * explained". One rule for the final report and the live dashboard.
 *
 * <pre>{@code
 * List<DashboardData.Spike> spikes = SpikeRule.find(seconds, 1000, window, (t, width) -> List.of());
 * }</pre>
 */
public final class SpikeRule {

    public static final double FACTOR = 3;

    /** Shown for a spike with no known cause. */
    public static final String NOT_EXPLAINED = "not explained";

    /** Fewer seconds in the window than this, and no second is judged a spike. */
    static final int MIN_SECONDS = 3;

    /**
     * One second's figures, as the rule reads them.
     *
     * @param t        its start, ms since the epoch
     * @param samples  samples that started in it
     * @param p99Ms    their p99
     * @param errors   the failed ones among them
     * @param lagP99Ms their schedule lag's p99, or null (a closed workload's)
     */
    public record Second(long t, long samples, double p99Ms, long errors, Double lagP99Ms) {}

    /** What else happened in a second, in words (e.g. "provider GC: 12.0 ms of pauses"); empty when nothing did. */
    @FunctionalInterface
    public interface Causes {
        List<String> in(long tMs, long widthMs);
    }

    private SpikeRule() {}

    /** The spikes among {@code seconds} that started in {@code window}. */
    public static List<DashboardData.Spike> find(List<Second> seconds, long widthMs, MeasuredWindow window,
            Causes others) {
        List<Second> inWindow = seconds.stream().filter(s -> window.contains(s.t()) && s.samples() > 0).toList();
        List<DashboardData.Spike> spikes = new ArrayList<>();
        if (inWindow.size() < MIN_SECONDS) {
            return spikes;
        }
        double[] sorted = inWindow.stream().mapToDouble(Second::p99Ms).sorted().toArray();
        int n = sorted.length;
        double median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
        for (Second second : inWindow) {
            if (median > 0 && second.p99Ms() > FACTOR * median) {
                List<String> causes = new ArrayList<>();
                if (second.errors() > 0) {
                    causes.add(second.errors() + " failed samples");
                }
                if (second.lagP99Ms() != null && second.lagP99Ms() >= second.p99Ms() / 2) {
                    causes.add(String.format(Locale.ROOT, "schedule lag (lag p99 %.3f ms: arrivals waited for a "
                            + "thread)", second.lagP99Ms()));
                }
                causes.addAll(others.in(second.t(), widthMs));
                spikes.add(new DashboardData.Spike(second.t(), widthMs, Figures.round(second.p99Ms(), 3),
                        Figures.round(median, 3), causes.isEmpty() ? List.of(NOT_EXPLAINED) : causes));
            }
        }
        return spikes;
    }

    /** JMeter's CPU around a second (readings half a second either side), when at 90 % of the machine or more. */
    public static List<String> jmeterCpu(CpuReadings cpu, long secondMs, long widthMs) {
        java.util.OptionalDouble percent = cpu.percentOfMachine(secondMs - 500, secondMs + widthMs + 500);
        return percent.isPresent() && percent.getAsDouble() >= SteadinessRule.SATURATED_CPU_PERCENT
                ? List.of(String.format(Locale.ROOT, "JMeter at %.0f %% of the machine's CPU", percent.getAsDouble()))
                : List.of();
    }

    /** JMeter's own GC pauses in a second, from its GC log ({@link GcLog}). */
    public static List<String> jmeterGc(List<GcLog.Pause> pauses, long secondMs, long widthMs) {
        double ms = GcLog.pausedMs(pauses, secondMs, secondMs + widthMs);
        return ms > 0 ? List.of(String.format(Locale.ROOT, "JMeter GC: %.1f ms of pauses", ms)) : List.of();
    }

    /**
     * The provider's GC pauses in a second, from a host's GC-time readings (the agent's {@code gc-time}, ms of
     * pauses in each interval before a reading, at {@code t}): a reading in the second or the next covers it.
     */
    public static List<String> providerGc(String host, List<Long> t, List<Double> gcMs, long secondMs, long widthMs) {
        double sum = 0;
        for (int i = 0; i < t.size(); i++) {
            Double value = gcMs.get(i);
            if (t.get(i) >= secondMs && t.get(i) < secondMs + widthMs + 1000 && value != null && !value.isNaN()) {
                sum += value;
            }
        }
        return sum > 0 ? List.of(String.format(Locale.ROOT, "provider GC on %s: %.1f ms of pauses", host, sum))
                : List.of();
    }
}
