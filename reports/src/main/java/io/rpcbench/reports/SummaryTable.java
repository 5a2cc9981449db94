package io.rpcbench.reports;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The plain-text table the benchmark prints at the end of a run, one row per plan, with the figures of
 * seed 003's table: samples, TPS, average, p90, p95, p99 and error %, then where each plan's JMeter
 * dashboard is. Response times are in ms, the resolution of JMeter's result files.
 *
 * <pre>{@code
 * SummaryTable table = new SummaryTable();
 * table.add("dubbo-echo-1k", statistics, "results/dubbo-echo-1k/dashboard/index.html");
 * System.out.print(table.render());
 * }</pre>
 */
public final class SummaryTable {

    private static final String ROW = "%-20s %10s %10s %8s %7s %7s %7s %8s %12s%n";

    private final List<Row> rows = new ArrayList<>();

    private record Row(String plan, LabelStatistics statistics, String dashboard) {}

    /** Adds a plan's row; {@code dashboard} is the path or URL of its JMeter HTML dashboard. */
    public void add(String plan, LabelStatistics statistics, String dashboard) {
        rows.add(new Row(plan, statistics, dashboard));
    }

    /** The table as lines ending in {@code \n}, numbers in {@link Locale#ROOT}. */
    public String render() {
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, ROW, "plan", "samples", "TPS", "avg ms", "p90 ms", "p95 ms", "p99 ms",
                "error %", "recv B/smp"));
        for (Row row : rows) {
            LabelStatistics s = row.statistics();
            out.append(String.format(Locale.ROOT, ROW,
                    row.plan(),
                    s.samples(),
                    String.format(Locale.ROOT, "%.1f", s.throughput()),
                    String.format(Locale.ROOT, "%.2f", s.meanMs()),
                    s.percentileMs(90),
                    s.percentileMs(95),
                    s.percentileMs(99),
                    String.format(Locale.ROOT, "%.2f", s.errorPercent()),
                    s.samples() == 0 ? "-" : Long.toString(s.receivedBytes() / s.samples())));
        }
        out.append(System.lineSeparator()).append("JMeter dashboards:").append(System.lineSeparator());
        for (Row row : rows) {
            out.append(String.format(Locale.ROOT, "  %-20s %s%n", row.plan(), row.dashboard()));
        }
        return out.toString();
    }
}
