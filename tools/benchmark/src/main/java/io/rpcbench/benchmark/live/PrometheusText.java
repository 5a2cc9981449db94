package io.rpcbench.benchmark.live;

import io.rpcbench.reports.jtl.perfmon.PerfMonMetric;
import io.rpcbench.seconds.SampleFigures;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A live run in Prometheus' text exposition format (version 0.0.4), for {@code /metrics}: per plan and label the
 * response times as a histogram in µs ({@code rpcbench_response_time_us}, cumulative buckets over every sample so
 * far, warm-up included, so that {@code increase()} or the difference of two instants gives any window), errors by
 * category, calls cut off and dropped, threads; the same histogram of the measured window alone
 * ({@code rpcbench_window_response_time_us}: the final report's window once the plan has ended, so that a
 * {@code histogram_quantile} of it is the report's percentile to the bucket); per host every agent reading's last
 * value. Never quantiles: a user's
 * {@code histogram_quantile} over a window and over several runs or engines stays exact to the buckets.
 *
 * <p>The buckets are the E24 series (24 a decade, each about 10 % above the one before) from 10 µs to 100 s: a
 * quantile read from them is within one bucket's width (at most 10 %) of the exact value; the counts themselves
 * come from HdrHistograms of 3 significant digits (0.1 %).
 */
public final class PrometheusText {

    private static final double[] E24 = {1.0, 1.1, 1.2, 1.3, 1.5, 1.6, 1.8, 2.0, 2.2, 2.4, 2.7, 3.0, 3.3, 3.6, 3.9,
            4.3, 4.7, 5.1, 5.6, 6.2, 6.8, 7.5, 8.2, 9.1};

    /** The upper bounds of the buckets, µs. */
    public static final long[] BUCKETS_US = buckets();

    private PrometheusText() {}

    private static long[] buckets() {
        List<Long> bounds = new ArrayList<>();
        for (long decade = 10; decade < 100_000_000L; decade *= 10) {
            for (double mantissa : E24) {
                bounds.add(Math.round(mantissa * decade));
            }
        }
        bounds.add(100_000_000L);
        return bounds.stream().mapToLong(Long::longValue).toArray();
    }

    /** The exposition of {@code run}. */
    static String of(LiveRun run) {
        Writer writer = new Writer();
        run.export(writer);
        return writer.text();
    }

    /** Collects the families' lines, each family's together as the format asks. */
    static final class Writer {
        private final StringBuilder histogram = new StringBuilder();
        private final StringBuilder windowHistogram = new StringBuilder();
        private final StringBuilder errors = new StringBuilder();
        private final StringBuilder stopped = new StringBuilder();
        private final StringBuilder dropped = new StringBuilder();
        private final StringBuilder threads = new StringBuilder();
        private final StringBuilder phase = new StringBuilder();
        private final StringBuilder agents = new StringBuilder();

        void plan(String plan, String label, SampleFigures figures, SampleFigures window, String planPhase) {
            String labels = "plan=\"" + escape(plan) + "\",label=\"" + escape(label) + "\"";
            histogram(histogram, "rpcbench_response_time_us", labels, figures);
            histogram(windowHistogram, "rpcbench_window_response_time_us", labels, window);
            figures.errorsByCode().forEach((category, n) -> errors.append("rpcbench_errors_total{").append(labels)
                    .append(",category=\"").append(escape(category)).append("\"} ").append(n).append('\n'));
            stopped.append("rpcbench_stopped_total{").append(labels).append("} ").append(figures.stopped())
                    .append('\n');
            dropped.append("rpcbench_dropped_total{").append(labels).append("} ").append(figures.dropped())
                    .append('\n');
            threads.append("rpcbench_threads{").append(labels).append("} ").append(figures.maxThreads())
                    .append('\n');
            phase.append("rpcbench_plan_info{plan=\"").append(escape(plan)).append("\",phase=\"")
                    .append(escape(planPhase)).append("\"} 1\n");
        }

        private static void histogram(StringBuilder lines, String name, String labels, SampleFigures figures) {
            long[] counts = figures.countsAtOrBelow(BUCKETS_US);
            for (int i = 0; i < BUCKETS_US.length; i++) {
                lines.append(name).append("_bucket{").append(labels).append(",le=\"").append(BUCKETS_US[i])
                        .append("\"} ").append(counts[i]).append('\n');
            }
            lines.append(name).append("_bucket{").append(labels).append(",le=\"+Inf\"} ").append(figures.samples())
                    .append('\n');
            lines.append(name).append("_sum{").append(labels).append("} ").append(figures.sumUs()).append('\n');
            lines.append(name).append("_count{").append(labels).append("} ").append(figures.samples()).append('\n');
        }

        void reading(PerfMonMetric metric, double value) {
            agents.append("rpcbench_agent_metric{host=\"").append(escape(metric.host())).append("\",type=\"")
                    .append(escape(metric.type())).append("\",name=\"").append(escape(metric.name())).append("\"} ")
                    .append(number(value)).append('\n');
        }

        String text() {
            StringBuilder text = new StringBuilder();
            family(text, "rpcbench_response_time_us", "histogram",
                    "Response time of the samples so far (warm-up included), microseconds", histogram);
            family(text, "rpcbench_window_response_time_us", "histogram", "Response time of the samples that "
                    + "started in the plan's measured window (so far; the final report's window once the plan has "
                    + "ended), microseconds: read it as it is, not with rate()", windowHistogram);
            family(text, "rpcbench_errors_total", "counter", "Failed samples so far by failure category", errors);
            family(text, "rpcbench_stopped_total", "counter", "Calls JMeter cut off at its stop", stopped);
            family(text, "rpcbench_dropped_total", "counter", "Arrivals dropped at the sampler's cap", dropped);
            family(text, "rpcbench_threads", "gauge", "Most threads active in the test in a sample's second",
                    threads);
            family(text, "rpcbench_plan_info", "gauge", "Each plan of the run and where it stands", phase);
            family(text, "rpcbench_agent_metric", "gauge", "The last reading of each agent metric per host "
                    + "(PerfMon's units: percent, MB, bytes a second)", agents);
            return text.toString();
        }

        private static void family(StringBuilder text, String name, String type, String help, CharSequence lines) {
            text.append("# HELP ").append(name).append(' ').append(help).append('\n');
            text.append("# TYPE ").append(name).append(' ').append(type).append('\n');
            text.append(lines);
        }
    }

    /** A label value as the format asks: backslash, double quote and line feed escaped. */
    static String escape(String value) {
        return value.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    }

    private static String number(double value) {
        return Double.isFinite(value) ? String.format(Locale.ROOT, "%s", value) : "NaN";
    }
}
