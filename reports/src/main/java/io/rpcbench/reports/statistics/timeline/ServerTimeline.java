package io.rpcbench.reports.statistics.timeline;

import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.figures.Figures;
import io.rpcbench.reports.jtl.perfmon.PerfMonMetric;
import io.rpcbench.reports.jtl.perfmon.PerfMonSample;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The server side of a run over time: every PerfMon metric of every host, averaged per time bucket. Feed it
 * every PerfMon sample ({@link #accept}), align it with the client side ({@link #coarsenTo}), then read
 * {@link #hosts()}: per host one chart per metric type (CPU, Memory, Disks I/O, Network I/O, ...), one line
 * per metric. Failed reads are counted per metric, not plotted.
 */
public final class ServerTimeline implements Consumer<PerfMonSample> {

    private final Map<String, Map<PerfMonMetric, Metric>> hosts = new LinkedHashMap<>();

    /** One metric's buckets and failed reads. */
    private static final class Metric {
        final TimeBuckets<Mean> buckets = new TimeBuckets<>(Mean::new, Mean::addAll);
        long failedReads;
    }

    /** The running mean of one bucket's values. */
    static final class Mean {
        private double sum;
        private long count;

        void add(double value) {
            sum += value;
            count++;
        }

        void addAll(Mean other) {
            sum += other.sum;
            count += other.count;
        }

        double value() {
            return count == 0 ? Double.NaN : sum / count;
        }
    }

    @Override
    public void accept(PerfMonSample sample) {
        Metric metric = hosts.computeIfAbsent(sample.metric().host(), h -> new LinkedHashMap<>())
                .computeIfAbsent(sample.metric(), m -> new Metric());
        if (sample.success()) {
            metric.buckets.at(sample.timeStamp()).add(sample.value());
        } else {
            metric.failedReads++;
        }
    }

    /** The widest bucket of any metric: the client side must coarsen to at least this to share the axis. */
    public long widthMs() {
        return hosts.values().stream().flatMap(m -> m.values().stream())
                .mapToLong(m -> m.buckets.widthMs()).max().orElse(TimeBuckets.WIDTHS_MS.get(0));
    }

    public void coarsenTo(long widthMs) {
        hosts.values().forEach(metrics -> metrics.values().forEach(m -> m.buckets.coarsenTo(widthMs)));
    }

    /** The first and last bucket start over all metrics, or null when there are none. */
    public long[] span() {
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        for (Map<PerfMonMetric, Metric> metrics : hosts.values()) {
            for (Metric m : metrics.values()) {
                if (!m.buckets.entries().isEmpty()) {
                    first = Math.min(first, m.buckets.entries().firstKey());
                    last = Math.max(last, m.buckets.entries().lastKey());
                }
            }
        }
        return first == Long.MAX_VALUE ? null : new long[] {first, last};
    }

    public List<DashboardData.HostCharts> hosts() {
        List<DashboardData.HostCharts> result = new ArrayList<>();
        hosts.forEach((host, metrics) -> {
            Map<String, List<DashboardData.ServerSeries>> charts = new LinkedHashMap<>();
            metrics.keySet().stream()
                    .sorted(Comparator.comparingInt(PerfMonMetric::chartOrder))
                    .forEach(metric -> charts.computeIfAbsent(metric.chart(), c -> new ArrayList<>())
                            .add(series(metric, metrics.get(metric))));
            List<DashboardData.ServerChart> list = new ArrayList<>();
            charts.forEach((title, series) -> list.add(new DashboardData.ServerChart(title, series)));
            result.add(new DashboardData.HostCharts(host, list));
        });
        return result;
    }

    private static DashboardData.ServerSeries series(PerfMonMetric metric, Metric data) {
        List<Long> t = new ArrayList<>();
        List<Double> v = new ArrayList<>();
        data.buckets.entries().forEach((start, mean) -> {
            t.add(start);
            v.add(Figures.round(mean.value(), 3));
        });
        return new DashboardData.ServerSeries(metric.name(), t, v, data.failedReads);
    }
}
