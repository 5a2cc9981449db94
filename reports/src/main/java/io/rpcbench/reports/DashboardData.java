package io.rpcbench.reports;

import java.util.List;

/**
 * Everything the dashboard shows, as plain data: the JSON embedded in the HTML (and written alone by
 * {@link Dashboard#writeData}), which the page's script draws and the golden tests pin. Times are ms since the
 * epoch, response times ms, rates per second, sizes KB (1024 bytes) as JMeter counts them.
 *
 * @param title      the page's heading
 * @param runs       one entry per run, in the order added
 * @param comparison one table per scenario, systems side by side (seed 000/001/003 layout)
 */
public record DashboardData(String title, List<RunData> runs, List<ComparisonTable> comparison) {

    /**
     * One run: one JTL and optionally its PerfMon file.
     *
     * @param name            the run's name, e.g. "dubbo-echo-1k"
     * @param system          what is compared, e.g. "dubbo"
     * @param scenario        what it is compared on, e.g. "echo-1k"
     * @param jtl             the JTL's file name
     * @param perfmon         the PerfMon file's name, or null
     * @param jmeterDashboard link to JMeter's own dashboard for the run, or null
     * @param startMs         start of the shared time axis (first bucket of client or server)
     * @param endMs           end of the shared time axis (end of the last bucket)
     * @param bucketMs        width of one time bucket, shared by client and server series
     * @param labels          figures per sampler label, in order of first appearance
     * @param total           figures over all labels
     * @param errors          failed samples by category
     * @param providers       samples per label and answering provider; empty when the JTL names none
     * @param client          client-side series
     * @param hosts           server-side series per agent host
     */
    public record RunData(String name, String system, String scenario, String jtl, String perfmon,
            String jmeterDashboard, long startMs, long endMs, long bucketMs, List<LabelFigures> labels,
            LabelFigures total, List<ErrorCategory> errors, List<ProviderShare> providers, ClientSeries client,
            List<HostCharts> hosts) {}

    /** The summary row of one sampler label (or of all, labelled "Total"). */
    public record LabelFigures(String label, long samples, double tps, double averageMs, long minMs, long maxMs,
            long p50Ms, long p90Ms, long p95Ms, long p99Ms, double errorPercent, double receivedKBps,
            double sentKBps) {}

    /** Failed samples of one response code, with the first message and label seen. */
    public record ErrorCategory(String code, long count, double percentOfErrors, double percentOfSamples,
            String exampleLabel, String exampleMessage) {}

    /**
     * The samples of one label that one provider answered (or, for failures, was tried last).
     *
     * @param percentOfLabel share of the label's samples, in %
     * @param errors         how many of them failed
     */
    public record ProviderShare(String label, String provider, long samples, double percentOfLabel, long errors) {}

    /** Client series, one value per time bucket starting at {@code t}. */
    public record ClientSeries(List<Long> t, List<Double> tps, List<Double> errorsPerSecond, List<Long> p50Ms,
            List<Long> p90Ms, List<Long> p99Ms, List<Integer> activeThreads) {}

    /** One agent host's charts. */
    public record HostCharts(String host, List<ServerChart> charts) {}

    /** One chart of a host: a PerfMon metric type ("CPU", "Memory", ...) with one series per metric. */
    public record ServerChart(String title, List<ServerSeries> series) {}

    /** One PerfMon metric: bucket means at {@code t}; {@code failedReads} the collector's error rows. */
    public record ServerSeries(String name, List<Long> t, List<Double> v, long failedReads) {}

    /**
     * Systems side by side on one scenario: one row per system, then one row per other system with its
     * difference to the first in % ((other - first) / first * 100, as the seeds compute it).
     *
     * @param columns the figures' names, e.g. "TPS", "average ms"
     */
    public record ComparisonTable(String scenario, List<String> columns, List<ComparisonRow> rows,
            List<ComparisonRow> differences) {}

    /** A row of a comparison table; a null value is a figure the run does not have. */
    public record ComparisonRow(String title, List<Double> values) {}
}
