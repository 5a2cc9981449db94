package io.rpcbench.reports.dashboard;

import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.jtl.JtlReader;
import io.rpcbench.reports.jtl.JtlSample;
import io.rpcbench.reports.jtl.perfmon.PerfMonReader;
import io.rpcbench.reports.statistics.LabelStatistics;
import io.rpcbench.reports.statistics.MeasuredWindow;
import io.rpcbench.reports.statistics.ScheduleLagRule;
import io.rpcbench.reports.statistics.ServerWindow;
import io.rpcbench.reports.statistics.SteadinessRule;
import io.rpcbench.reports.statistics.WindowedJtl;
import io.rpcbench.reports.statistics.timeline.TimeBuckets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The per-label statistics of one JTL file, built in a streaming pass: of every sample, or of the samples that
 * started in a measured window ({@link MeasuredWindow}: from a warm-up after the first sample start, for a measured
 * length or to the end; then the throughput is per second of the window).
 *
 * <pre>{@code
 * RunSummary run = RunSummary.of(Path.of("results/dubbo-echo-1k.jtl"), Duration.ofSeconds(30), Optional.empty());
 * LabelStatistics echo = run.label("dubbo-echo-1k");
 * }</pre>
 */
public final class RunSummary {

    private final Path jtl;
    private final Map<String, LabelStatistics> labels;
    private final MeasuredWindow window;
    private final long fileSamples;
    /** The pass this summary came from when it was made for the dashboard too ({@link #withDashboard}), else null. */
    private final RunPass dashboardPass;
    private final Duration warmup;
    private final Optional<Duration> measured;

    private RunSummary(Path jtl, Map<String, LabelStatistics> labels, MeasuredWindow window, long fileSamples) {
        this(jtl, labels, window, fileSamples, null, null, Optional.empty());
    }

    private RunSummary(Path jtl, Map<String, LabelStatistics> labels, MeasuredWindow window, long fileSamples,
            RunPass dashboardPass, Duration warmup, Optional<Duration> measured) {
        this.jtl = jtl;
        this.labels = labels;
        this.window = window;
        this.fileSamples = fileSamples;
        this.dashboardPass = dashboardPass;
        this.warmup = warmup;
        this.measured = measured;
    }

    /** Reads {@code jtl} once and summarises every sample per label, labels in order of first appearance. */
    public static RunSummary of(Path jtl) {
        Map<String, LabelStatistics> labels = new LinkedHashMap<>();
        JtlReader.read(jtl, sample -> labels.computeIfAbsent(sample.label(), LabelStatistics::new).add(sample));
        return new RunSummary(jtl, labels, null, labels.values().stream().mapToLong(LabelStatistics::samples).sum());
    }

    /**
     * Summarises the samples of {@code jtl} that started in its measured window: from {@code warmup} after the
     * first sample start, for {@code measured} or (empty) to the end.
     *
     * @throws IllegalArgumentException naming the file, the warm-up and the file's time span when no sample
     *     started in the window
     */
    public static RunSummary of(Path jtl, Duration warmup, Optional<Duration> measured) {
        WindowedJtl.Result<WindowPass> read = WindowedJtl.read(String.valueOf(jtl.getFileName()), jtl, warmup,
                measured, WindowPass::new);
        return new RunSummary(jtl, read.pass().labels, read.window(), read.span().samples());
    }

    /**
     * As {@link #of(Path, Duration, Optional)}, in a pass that also holds the run's part of the dashboard (its
     * timelines, total, error categories and thirds): a {@link Dashboard} given this summary with the run
     * ({@link Dashboard#addRun(RunInput, RunSummary)}) takes them from it instead of reading the JTL again. Costs a
     * little more per sample than the summary alone, and holds the timelines (bounded by
     * {@link TimeBuckets#MAX_BUCKETS}) as long as the summary is kept.
     */
    public static RunSummary withDashboard(Path jtl, Duration warmup, Optional<Duration> measured) {
        WindowedJtl.Result<RunPass> read = WindowedJtl.read(String.valueOf(jtl.getFileName()), jtl, warmup, measured,
                RunPass::withLabelBreakdowns);
        return new RunSummary(jtl, read.pass().labels, read.window(), read.span().samples(), read.pass(), warmup,
                measured);
    }

    /**
     * The pass this summary was made in, when it holds the dashboard's part of {@code run}: made by
     * {@link #withDashboard} from the same JTL with the same warm-up and measured length; else empty.
     */
    Optional<RunPass> dashboardPass(RunInput run) {
        return dashboardPass != null && run.jtl().equals(jtl) && run.warmup().equals(warmup)
                && run.measured().equals(measured) ? Optional.of(dashboardPass) : Optional.empty();
    }

    private static final class WindowPass implements Consumer<JtlSample> {
        final MeasuredWindow window;
        final Map<String, LabelStatistics> labels = new LinkedHashMap<>();

        WindowPass(MeasuredWindow window) {
            this.window = window;
        }

        @Override
        public void accept(JtlSample sample) {
            if (window.contains(sample.timeStamp())) {
                labels.computeIfAbsent(sample.label(), label -> new LabelStatistics(label, window.lengthMs()))
                        .add(sample);
            }
        }
    }

    public Path jtl() { return jtl; }

    /** Start of the measured window, ms since the epoch; for a summary of every sample, the first sample's start. */
    public long windowStartMs() {
        return window != null ? window.startMs()
                : labels.values().stream().mapToLong(LabelStatistics::firstStart).min().orElse(0);
    }

    /** End of the measured window (exclusive), ms since the epoch; for every sample, the last sample's end. */
    public long windowEndMs() {
        return window != null ? window.endMs()
                : labels.values().stream().mapToLong(LabelStatistics::lastEnd).max().orElse(0);
    }

    /**
     * Every sample of the file, in the window or not (the warm-up's too): counted in the same pass as the window's,
     * so that a caller who wants both (e.g. how many calls a run made in all) need not read the file again.
     */
    public long fileSamples() { return fileSamples; }

    public Collection<LabelStatistics> labels() { return Collections.unmodifiableCollection(labels.values()); }

    /** Each label's figures of the window, as the dashboard shows them, in order of first appearance. */
    public Map<String, DashboardData.LabelFigures> figures() {
        Map<String, DashboardData.LabelFigures> figures = new LinkedHashMap<>();
        labels.forEach((label, statistics) -> figures.put(label, RunReport.figures(statistics)));
        return figures;
    }

    /**
     * Whether an open workload's arrivals kept their schedule ({@link ScheduleLagRule}), given the JMeter process's CPU
     * over the window as a share of the machine's {@code cores} (empty when not measured); empty when no sample in the
     * window had a schedule lag. A summary made with the dashboard's pass ({@link #withDashboard}) is judged over every
     * label with the window's thirds; else the label of the largest lag p99 is, without its thirds.
     */
    public Optional<DashboardData.Schedule> schedule(Optional<Double> jmeterCpuPercent, Optional<Integer> cores) {
        return schedule(new SteadinessRule.LoadGenerator(jmeterCpuPercent, cores, Optional.empty(), Optional.empty(),
                false));
    }

    /**
     * As {@link #schedule(Optional, Optional)}, with the agents' readings of the run ({@code perfmon}) over the same
     * window, as the dashboard judges it ({@link ServerWindow#loadGenerator}): a lag while JMeter's machine was at
     * 90 % CPU or more is put down to that machine, not to the generator's thread pool.
     */
    public Optional<DashboardData.Schedule> schedule(Path perfmon, Optional<Double> jmeterCpuPercent,
            Optional<Integer> cores) {
        if (window == null) {
            return schedule(jmeterCpuPercent, cores);
        }
        ServerWindow agents = new ServerWindow(window);
        PerfMonReader.read(perfmon, agents);
        return schedule(agents.loadGenerator(jmeterCpuPercent, cores));
    }

    private Optional<DashboardData.Schedule> schedule(SteadinessRule.LoadGenerator generator) {
        if (dashboardPass != null) {
            return ScheduleLagRule.judge(dashboardPass.total, dashboardPass.thirds.thirds(), generator);
        }
        return labels.values().stream().filter(label -> label.scheduleLag().isPresent())
                .max(Comparator.comparingDouble(label -> label.scheduleLag().get().lagPercentileMs(99)))
                .flatMap(label -> ScheduleLagRule.judge(label, List.of(), generator));
    }

    /** The statistics of {@code label}, or statistics of no samples when the file has none of it. */
    public LabelStatistics label(String label) {
        LabelStatistics statistics = labels.get(label);
        return statistics != null ? statistics : new LabelStatistics(label);
    }
}
