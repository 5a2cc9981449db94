package io.rpcbench.reports;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The plain-text table the benchmark prints at the end of a run, one row per plan (or per label of a plan with
 * several samplers), with the figures of seed 003's table: samples, TPS, average, p90, p95, p99 and error %, then
 * where each plan's JMeter dashboard is. Response times are in ms, the resolution of JMeter's result files.
 *
 * <pre>{@code
 * SummaryTable table = new SummaryTable();
 * table.add("dubbo-echo-1k", statistics, "results/dubbo-echo-1k/dashboard/index.html");
 * System.out.print(table.render());
 * }</pre>
 */
public final class SummaryTable {

    private static final String FIGURES = " %10s %10s %8s %7s %7s %7s %8s %12s%n";
    private static final int MIN_NAME_WIDTH = 20;

    private final List<Row> rows = new ArrayList<>();

    private record Row(String plan, LabelStatistics statistics, String dashboard) {}

    /**
     * Adds a row; {@code name} is the plan, or {@code plan: label} for one label of a plan with several, and
     * {@code dashboard} the path or URL of the plan's JMeter HTML dashboard (listed once however many rows share it).
     */
    public void add(String plan, LabelStatistics statistics, String dashboard) {
        rows.add(new Row(plan, statistics, dashboard));
    }

    /** The table as lines ending in {@code \n}, numbers in {@link Locale#ROOT}. */
    public String render() {
        int width = Math.max(MIN_NAME_WIDTH, rows.stream().mapToInt(row -> row.plan().length()).max().orElse(0));
        String format = "%-" + width + "s" + FIGURES;
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, format, "plan", "samples", "TPS", "avg ms", "p90 ms", "p95 ms", "p99 ms",
                "error %", "recv B/smp"));
        for (Row row : rows) {
            LabelStatistics s = row.statistics();
            out.append(String.format(Locale.ROOT, format,
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
        Set<String> listed = new HashSet<>();
        for (Row row : rows) {
            if (listed.add(row.dashboard())) {
                String plan = row.plan().contains(": ") ? row.plan().substring(0, row.plan().indexOf(": ")) : row.plan();
                out.append(String.format(Locale.ROOT, "  %-" + MIN_NAME_WIDTH + "s %s%n", plan, row.dashboard()));
            }
        }
        return out.toString();
    }
}
