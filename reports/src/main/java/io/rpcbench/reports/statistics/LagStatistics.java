package io.rpcbench.reports.statistics;

import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.figures.Figures;
import io.rpcbench.reports.jtl.JtlSample;
import org.HdrHistogram.Histogram;

/**
 * The schedule lag of the arrivals among some samples (a label's, a third's): how late each call started after it
 * was due ({@link JtlSample#lagUs()}), and the calls' own time without it ({@link JtlSample#callUs()}), in µs, each in
 * an HdrHistogram of 3 significant digits as {@link LabelStatistics} keeps the response times. Only samples with a lag
 * are added; {@link LabelStatistics} makes one when its first such sample comes, so a closed workload pays nothing.
 *
 * <pre>{@code
 * LagStatistics lag = new LagStatistics();
 * lag.add(sample);                       // a sample with sample.hasLag()
 * DashboardData.ScheduleLag figures = lag.figures();
 * }</pre>
 */
public final class LagStatistics {

    private static final int SIGNIFICANT_DIGITS = 3;

    private final Histogram lag;
    private final Histogram call;
    private long maxLagUs;
    private long sumCallUs;
    private long maxCallUs;

    LagStatistics() {
        this.lag = new Histogram(SIGNIFICANT_DIGITS);
        this.call = new Histogram(SIGNIFICANT_DIGITS);
    }

    private LagStatistics(LagStatistics other) {
        this.lag = other.lag.copy();
        this.call = other.call.copy();
        this.maxLagUs = other.maxLagUs;
        this.sumCallUs = other.sumCallUs;
        this.maxCallUs = other.maxCallUs;
    }

    /** Takes one arrival's lag and call time; the caller adds only samples with {@link JtlSample#hasLag()}. */
    void add(JtlSample sample) {
        long lagUs = sample.lagUs();
        lag.recordValue(lagUs);
        long callUs = sample.callUs();
        call.recordValue(callUs);
        sumCallUs += callUs;
        maxCallUs = Math.max(maxCallUs, callUs);
        maxLagUs = Math.max(maxLagUs, lagUs);
    }

    LagStatistics copy() {
        return new LagStatistics(this);
    }

    /** The arrivals counted. */
    public long samples() {
        return lag.getTotalCount();
    }

    /** The lag at or below which {@code percentile} % of the arrivals' fall, ms; never above the exact maximum. */
    public double lagPercentileMs(double percentile) {
        return Math.min(lag.getValueAtPercentile(percentile), maxLagUs) / 1000.0;
    }

    /** The largest lag, ms, exact. */
    public double lagMaxMs() {
        return maxLagUs / 1000.0;
    }

    /** The calls' own time (from their start, the lag left out) at {@code percentile}, ms; never above the maximum. */
    public double callPercentileMs(double percentile) {
        return Math.min(call.getValueAtPercentile(percentile), maxCallUs) / 1000.0;
    }

    /** The calls' own mean time, ms; 0 without arrivals. */
    public double callMeanMs() {
        long samples = samples();
        return samples == 0 ? 0 : sumCallUs / 1000.0 / samples;
    }

    /** The figures for the dashboard, ms with µs precision. */
    public DashboardData.ScheduleLag figures() {
        return new DashboardData.ScheduleLag(samples(), Figures.round(lagPercentileMs(50), 3),
                Figures.round(lagPercentileMs(99), 3), Figures.round(lagMaxMs(), 3),
                Figures.round(callPercentileMs(50), 3), Figures.round(callPercentileMs(99), 3));
    }
}
