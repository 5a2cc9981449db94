package io.rpcbench.reports;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads one run into its part of the dashboard: one streaming pass over the JTL feeding the per-label
 * statistics, the run total, the client timeline and the error categories; then one pass over the PerfMon
 * file feeding the server timeline; then both timelines are brought to one bucket width so client and server
 * share the time axis. Memory depends on the number of labels, error codes and metrics, not on the files'
 * length.
 *
 * <pre>{@code
 * DashboardData.RunData run = RunReport.read(input, htmlFolder);
 * }</pre>
 */
final class RunReport {

    static final String TOTAL = "Total";

    private RunReport() {}

    /** @param htmlFolder the folder the dashboard is written to, to make the JMeter dashboard's link relative */
    static DashboardData.RunData read(RunInput input, Path htmlFolder) {
        Map<String, LabelStatistics> labels = new LinkedHashMap<>();
        LabelStatistics total = new LabelStatistics(TOTAL);
        ClientTimeline client = new ClientTimeline();
        ErrorCategories errors = new ErrorCategories();
        ProviderShares providers = new ProviderShares();
        JtlReader.read(input.jtl(), sample -> {
            labels.computeIfAbsent(sample.label(), LabelStatistics::new).add(sample);
            total.add(sample);
            client.accept(sample);
            errors.accept(sample);
            providers.accept(sample);
        });

        ServerTimeline server = new ServerTimeline();
        input.perfmon().ifPresent(perfmon -> PerfMonReader.read(perfmon, server));

        long bucketMs = Math.max(client.widthMs(), server.widthMs());
        client.coarsenTo(bucketMs);
        server.coarsenTo(bucketMs);
        DashboardData.ClientSeries clientSeries = client.series();

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
        if (start == Long.MAX_VALUE) {
            start = 0;
            end = 0;
        }

        List<DashboardData.LabelFigures> figures = new ArrayList<>();
        labels.values().forEach(label -> figures.add(figures(label)));
        return new DashboardData.RunData(input.name(), input.system(), input.scenario(),
                input.jtl().getFileName().toString(),
                input.perfmon().map(p -> p.getFileName().toString()).orElse(null),
                input.jmeterDashboard().map(link -> DashboardLink.resolve(link, htmlFolder, input.name())).orElse(null),
                start, end, bucketMs, figures, figures(total), errors.categories(total.samples()), providers.shares(), clientSeries,
                server.hosts());
    }

    /** The summary row of one label; KB/s over the label's own span, as JMeter's dashboard computes them. */
    static DashboardData.LabelFigures figures(LabelStatistics s) {
        long spanMs = s.lastEnd() - s.firstStart();
        double seconds = s.samples() == 0 || spanMs <= 0 ? 0 : spanMs / 1000.0;
        return new DashboardData.LabelFigures(s.label(), s.samples(),
                Figures.round(s.throughput(), 3),
                Figures.round(s.meanMs(), 3),
                s.minMs(), s.maxMs(),
                s.percentileMs(50), s.percentileMs(90), s.percentileMs(95), s.percentileMs(99),
                Figures.round(s.errorPercent(), 3),
                Figures.round(seconds == 0 ? 0 : s.receivedBytes() / 1024.0 / seconds, 3),
                Figures.round(seconds == 0 ? 0 : s.sentBytes() / 1024.0 / seconds, 3));
    }
}
