package io.rpcbench.reports.dashboard;

import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.figures.Figures;
import io.rpcbench.reports.jtl.LoadGeneratorName;
import io.rpcbench.reports.jtl.jvm.CpuReadings;
import io.rpcbench.reports.jtl.jvm.GcLog;
import io.rpcbench.reports.jtl.perfmon.PerfMonReader;
import io.rpcbench.reports.statistics.LabelStatistics;
import io.rpcbench.reports.statistics.LagStatistics;
import io.rpcbench.reports.statistics.MeasuredWindow;
import io.rpcbench.reports.statistics.ScheduleLagRule;
import io.rpcbench.reports.statistics.ServerWindow;
import io.rpcbench.reports.statistics.SpikeRule;
import io.rpcbench.reports.statistics.SteadinessRule;
import io.rpcbench.reports.statistics.WindowedJtl;
import io.rpcbench.reports.statistics.timeline.ServerTimeline;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Reads one run into its part of the dashboard: a streaming pass over the JTL ({@link RunPass}, made by
 * {@link WindowedJtl}: one pass, or two when the measured window's place was guessed wrong; or the pass the run's
 * {@link RunSummary} made) feeding the client timeline and the load generators' timelines with every sample and the per-label statistics, the run total (with its provider shares and its figures
 * per load generator), the error categories and the window's thirds with the samples that started in the measured
 * window; then one pass over the PerfMon file feeding the server timeline (every reading) and the window's server
 * figures; then all timelines are brought to one bucket width so client and server share the time axis, and the
 * window's steadiness is judged, and an open workload's schedule ({@link ScheduleLagRule}). Memory depends on the
 * number of labels, error codes, generators and metrics, not on the files' length.
 *
 * <pre>{@code
 * DashboardData.RunData run = RunReport.read(input, htmlFolder);
 * }</pre>
 */
final class RunReport {

    static final String TOTAL = "Total";

    /** The series of a generator the window has and the run's timelines have not (past the generators' limit). */
    private static final DashboardData.GeneratorSeries NO_SERIES =
            new DashboardData.GeneratorSeries(List.of(), List.of(), List.of(), List.of());

    private RunReport() {}

    /**
     * @param htmlFolder the folder the dashboard is written to, to make the JMeter dashboard's link relative
     * @throws IllegalArgumentException naming the run when its measured window holds no samples
     */
    static DashboardData.RunData read(RunInput input, Path htmlFolder) {
        return read(input, WindowedJtl.read(input.name(), input.jtl(), input.warmup(), input.measured(),
                RunPass::forDashboard).pass(), htmlFolder);
    }

    /**
     * The run's part of the dashboard from a pass over its JTL made already (e.g. for its {@link RunSummary}, so the
     * file is not read again); {@code jtl} must be the pass of {@code input}'s JTL and window. Its timelines are
     * brought to the dashboard's bucket width, so a pass makes one dashboard.
     */
    static DashboardData.RunData read(RunInput input, RunPass jtl, Path htmlFolder) {
        MeasuredWindow window = jtl.window;

        ServerTimeline server = new ServerTimeline();
        ServerWindow serverWindow = new ServerWindow(window);
        input.perfmon().ifPresent(perfmon -> PerfMonReader.read(perfmon, sample -> {
            server.accept(sample);
            serverWindow.accept(sample);
        }));

        long bucketMs = Math.max(Math.max(jtl.client.widthMs(), server.widthMs()), jtl.generators.widthMs());
        jtl.client.coarsenTo(bucketMs);
        jtl.generators.coarsenTo(bucketMs);
        server.coarsenTo(bucketMs);
        DashboardData.ClientSeries clientSeries = jtl.client.series();

        long start = Long.MAX_VALUE;
        long end = Long.MIN_VALUE;
        if (!clientSeries.t().isEmpty()) {
            start = clientSeries.t().get(0);
            end = clientSeries.t().get(clientSeries.t().size() - 1) + bucketMs;
        }
        long[] serverSpan = server.span();
        if (serverSpan != null) {
            start = Math.min(start, serverSpan[0]);
            end = Math.max(end, serverSpan[1] + bucketMs);
        }

        DashboardData.ServerFigures serverFigures = serverWindow.figures();
        List<DashboardData.ServerFigures> providerHosts = serverWindow.providerHostFigures();
        SteadinessRule.LoadGenerator generator = serverWindow.loadGenerator(input.clientCpuPercent(),
                input.clientCores());
        List<DashboardData.Third> thirds = jtl.thirds.thirds();
        DashboardData.Steadiness steadiness = SteadinessRule.judge(thirds, window, bucketMs, generator);
        DashboardData.Schedule schedule = ScheduleLagRule.judge(jtl.total, thirds, generator).orElse(null);

        List<DashboardData.LabelFigures> figures = new ArrayList<>();
        jtl.labels.values().forEach(label -> figures.add(figures(label)));
        List<DashboardData.HostCharts> hosts = server.hosts();
        List<DashboardData.Spike> spikes = spikes(clientSeries, bucketMs, window, hosts,
                GcLog.pauses(input.jtl().resolveSibling(GcLog.FILE_NAME)),
                CpuReadings.read(input.jtl().resolveSibling(CpuReadings.FILE_NAME)));
        return new DashboardData.RunData(input.name(), input.system(), input.scenario(),
                input.jtl().getFileName().toString(),
                input.perfmon().map(p -> p.getFileName().toString()).orElse(null),
                input.jmeterDashboard().map(link -> DashboardLink.resolve(link, htmlFolder, input.name())).orElse(null),
                start, end, bucketMs, window.warmupMs(), window.startMs(), window.endMs(), figures,
                figures(jtl.total), steadiness, schedule, serverFigures, providerHosts,
                jtl.errors.categories(jtl.total.samples()), jtl.total.providers(),
                generators(jtl.total, jtl.generators.series(), serverWindow), clientSeries, hosts, spikes);
    }

    /**
     * The window's spikes ({@link SpikeRule}) from the client series, with the provider hosts' GC pauses (their
     * agents' {@code gc-time} readings) and JMeter's (its GC log beside the JTL, {@link GcLog#FILE_NAME}), and JMeter at
     * 90 % of the machine (its CPU readings beside the JTL, {@link CpuReadings#FILE_NAME}) as causes.
     */
    static List<DashboardData.Spike> spikes(DashboardData.ClientSeries client, long bucketMs, MeasuredWindow window,
            List<DashboardData.HostCharts> hosts, List<GcLog.Pause> jmeterGc, CpuReadings jmeterCpu) {
        List<SpikeRule.Second> seconds = new ArrayList<>();
        double bucketSeconds = bucketMs / 1000.0;
        for (int i = 0; i < client.t().size(); i++) {
            Double p99 = client.p99Ms().get(i);
            seconds.add(new SpikeRule.Second(client.t().get(i), Math.round(client.tps().get(i) * bucketSeconds),
                    p99 == null || p99.isNaN() ? 0 : p99, Math.round(client.errorsPerSecond().get(i) * bucketSeconds),
                    client.lagP99Ms() == null ? null : client.lagP99Ms().get(i)));
        }
        return SpikeRule.find(seconds, bucketMs, window, (t, width) -> {
            List<String> causes = new ArrayList<>(SpikeRule.jmeterGc(jmeterGc, t, width));
            causes.addAll(SpikeRule.jmeterCpu(jmeterCpu, t, width));
            for (DashboardData.HostCharts host : hosts) {
                for (DashboardData.ServerChart chart : host.charts()) {
                    for (DashboardData.ServerSeries series : chart.series()) {
                        if (series.name().toLowerCase(java.util.Locale.ROOT).contains("gc-time")) {
                            causes.addAll(SpikeRule.providerGc(host.host(), series.t(), series.v(), t, width));
                        }
                    }
                }
            }
            return causes;
        });
    }

    /** Each load generator's window figures (from the run total's breakdown), its host's CPU and its series. */
    private static List<DashboardData.GeneratorFigures> generators(LabelStatistics total,
            Map<String, DashboardData.GeneratorSeries> series, ServerWindow serverWindow) {
        List<DashboardData.GeneratorFigures> generators = new ArrayList<>();
        total.generators().forEach((name, statistics) -> generators.add(new DashboardData.GeneratorFigures(name,
                figures(name, statistics), round(serverWindow.hostCpuPercent(LoadGeneratorName.host(name))),
                series.getOrDefault(name, NO_SERIES))));
        return generators;
    }

    private static Double round(Double value) {
        return value == null ? null : Figures.round(value, 2);
    }

    /** The summary row of one label; TPS and KB/s over the measured window (or the label's own span). */
    static DashboardData.LabelFigures figures(LabelStatistics s) {
        return figures(s.label(), s);
    }

    /** The summary row of statistics under a title of their own (a load generator's name). */
    static DashboardData.LabelFigures figures(String title, LabelStatistics s) {
        double seconds = s.spanMs() / 1000.0;
        return new DashboardData.LabelFigures(title, s.samples(),
                Figures.round(s.throughput(), 3),
                Figures.round(s.meanMs(), 3),
                Figures.round(s.minMs(), 3),
                Figures.round(s.maxMs(), 3),
                Figures.round(s.percentileMs(50), 3),
                Figures.round(s.percentileMs(90), 3),
                Figures.round(s.percentileMs(95), 3),
                Figures.round(s.percentileMs(99), 3),
                Figures.round(s.percentileMs(99.9), 3),
                Figures.round(s.errorPercent(), 3),
                Figures.round(seconds <= 0 ? 0 : s.receivedBytes() / 1024.0 / seconds, 3),
                Figures.round(seconds <= 0 ? 0 : s.sentBytes() / 1024.0 / seconds, 3),
                s.resolution(),
                s.scheduleLag().map(LagStatistics::figures).orElse(null),
                s.streams().map(streams -> streams.figures(s.spanMs())).orElse(null));
    }
}
