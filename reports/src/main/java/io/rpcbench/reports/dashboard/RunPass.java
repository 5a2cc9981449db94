package io.rpcbench.reports.dashboard;

import io.rpcbench.reports.jtl.JtlSample;
import io.rpcbench.reports.statistics.ErrorCategories;
import io.rpcbench.reports.statistics.LabelStatistics;
import io.rpcbench.reports.statistics.MeasuredWindow;
import io.rpcbench.reports.statistics.WindowThirds;
import io.rpcbench.reports.statistics.WindowedJtl;
import io.rpcbench.reports.statistics.timeline.ClientTimeline;
import io.rpcbench.reports.statistics.timeline.GeneratorTimelines;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * One pass over a JTL for a given measured window, holding what both the printed summary ({@link RunSummary}) and
 * the dashboard ({@link RunReport}) take from it: the window's statistics per label and in total (with the provider
 * shares and the figures per generator), its error categories and thirds, and the whole run's client and load
 * generator timelines. Made by {@link WindowedJtl}, which feeds it every sample of the file; a run's summary and its
 * part of the dashboard then come from the same pass, so the JTL is read once per run, not once for each.
 *
 * <pre>{@code
 * WindowedJtl.Result<RunPass> read = WindowedJtl.read(name, jtl, warmup, measured, RunPass::withLabelBreakdowns);
 * }</pre>
 */
final class RunPass implements Consumer<JtlSample> {

    final MeasuredWindow window;
    final Map<String, LabelStatistics> labels = new LinkedHashMap<>();
    final LabelStatistics total;
    final ClientTimeline client = new ClientTimeline();
    final GeneratorTimelines generators = new GeneratorTimelines();
    final ErrorCategories errors = new ErrorCategories();
    final WindowThirds thirds;
    /** Whether each label keeps its figures per generator and its calls per provider, as the summary table shows. */
    private final boolean labelBreakdowns;

    private RunPass(MeasuredWindow window, boolean labelBreakdowns) {
        this.window = window;
        this.labelBreakdowns = labelBreakdowns;
        this.total = new LabelStatistics(RunReport.TOTAL, window.lengthMs());
        this.thirds = new WindowThirds(window);
    }

    /** A pass for the dashboard alone: per label only the figures are read, the breakdowns come from the total. */
    static RunPass forDashboard(MeasuredWindow window) {
        return new RunPass(window, false);
    }

    /** A pass for the summary and the dashboard: each label keeps its breakdowns too ({@link SummaryTable}). */
    static RunPass withLabelBreakdowns(MeasuredWindow window) {
        return new RunPass(window, true);
    }

    @Override
    public void accept(JtlSample sample) {
        client.accept(sample);
        generators.accept(sample);
        if (!window.contains(sample.timeStamp())) {
            return;
        }
        LabelStatistics label = labels.get(sample.label());
        if (label == null) {
            label = labelBreakdowns ? new LabelStatistics(sample.label(), window.lengthMs())
                    : LabelStatistics.withoutBreakdowns(sample.label(), window.lengthMs());
            labels.put(sample.label(), label);
        }
        label.add(sample);
        total.add(sample); // with the provider shares and the figures per generator
        errors.accept(sample);
        thirds.accept(sample);
    }
}
