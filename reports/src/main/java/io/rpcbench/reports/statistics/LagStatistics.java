package io.rpcbench.reports.statistics;

import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.figures.Figures;
import io.rpcbench.reports.jtl.JtlSample;
import io.rpcbench.seconds.SampleFigures;

/**
 * The schedule lag of the arrivals among some samples (a label's, a third's): how late each call started after it
 * was due ({@link JtlSample#lagUs()}), and the calls' own time without it ({@link JtlSample#callUs()}), in µs, each in
 * an HdrHistogram of 3 significant digits as {@link LabelStatistics} keeps the response times: a view of the lag
 * figures its {@link SampleFigures} keep (made with their first arrival, so a closed workload pays nothing).
 *
 * <pre>{@code
 * Optional<LagStatistics> lag = label.scheduleLag();     // empty when no sample had a lag
 * DashboardData.ScheduleLag figures = lag.get().figures();
 * }</pre>
 */
public final class LagStatistics {

    private final SampleFigures figures;

    /** The lag figures of {@code figures}' arrivals (a view: it follows them as samples are added). */
    LagStatistics(SampleFigures figures) {
        this.figures = figures;
    }

    /** The arrivals counted. */
    public long samples() {
        return figures.arrivals();
    }

    /** The lag at or below which {@code percentile} % of the arrivals' fall, ms; never above the exact maximum. */
    public double lagPercentileMs(double percentile) {
        return figures.lagPercentileMs(percentile);
    }

    /** The largest lag, ms, exact. */
    public double lagMaxMs() {
        return figures.lagMaxMs();
    }

    /** The calls' own time (from their start, the lag left out) at {@code percentile}, ms; never above the maximum. */
    public double callPercentileMs(double percentile) {
        return figures.callPercentileMs(percentile);
    }

    /** The calls' own mean time, ms; 0 without arrivals. */
    public double callMeanMs() {
        return figures.callMeanMs();
    }

    /** The figures for the dashboard, ms with µs precision. */
    public DashboardData.ScheduleLag figures() {
        return new DashboardData.ScheduleLag(samples(), Figures.round(lagPercentileMs(50), 3),
                Figures.round(lagPercentileMs(99), 3), Figures.round(lagMaxMs(), 3),
                Figures.round(callPercentileMs(50), 3), Figures.round(callPercentileMs(99), 3));
    }
}
