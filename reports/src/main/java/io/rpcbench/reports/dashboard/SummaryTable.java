package io.rpcbench.reports.dashboard;

import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.statistics.LabelStatistics;
import io.rpcbench.reports.statistics.LagStatistics;
import io.rpcbench.reports.statistics.ScheduleLagRule;
import io.rpcbench.reports.statistics.SteadinessRule;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The plain-text table the benchmark prints at the end of a run, one row per plan (or per label of a plan with
 * several samplers), with the figures of seed 003's table: samples, TPS, mean, p50, p90, p95, p99, p99.9 and
 * error %; then, per plan, whether its measured window was steady ({@link SteadinessRule}); then the calls per
 * provider of rows whose calls went to more than one; then where each plan's JMeter dashboard is.
 *
 * <p>A run spread over several load generators (JMeter's distributed mode) gets, under each row, one row per
 * generator, named {@value #GENERATOR_ROW}{@code <engine>} ({@link LabelStatistics#generators()}: the engine's address
 * from the thread names), with the same figures over the same window; the row above them is their total. A local
 * run, or one of a single engine, prints as before.
 *
 * <p>Response times are ms with 3 decimals (µs) from the samplers' {@code elapsed_us}. A row whose JTL has no such
 * column shows JMeter's whole ms and is marked {@value #WHOLE_MS_MARK} after its name, a row with both kinds
 * {@value #MIXED_MARK}; a footnote under the table says what the marks mean.
 *
 * <p>An open workload's rows, whose samples were arrivals due at a time ({@code lag_us}), get a line under the table
 * with their schedule lag (p50, p99, max: how late the calls started after they were due) and the calls' own p99;
 * their response times in the table are from the due time. Each such plan's schedule verdict
 * ({@link ScheduleLagRule}) follows its steadiness. A closed workload's rows print as before.
 *
 * <pre>{@code
 * SummaryTable table = new SummaryTable();
 * table.add("dubbo-echo-1k", statistics, "results/dubbo-echo-1k/dashboard/index.html");
 * table.addSteadiness("dubbo-echo-1k", dashboardData.runs().get(0).steadiness());
 * table.addSchedule("dubbo-echo-1k-open", dashboardData.runs().get(0).schedule().verdict()); // an open workload's
 * System.out.print(table.render());
 * }</pre>
 */
public final class SummaryTable {

    static final String WHOLE_MS_MARK = "*";
    static final String MIXED_MARK = "**";
    /** What a load generator's row name starts with, before the generator's name. */
    static final String GENERATOR_ROW = "  on ";

    private static final String FIGURES = " %10s %10s %9s %9s %9s %9s %9s %9s %9s %8s %12s%n";
    private static final int MIN_NAME_WIDTH = 20;

    private final List<Row> rows = new ArrayList<>();
    private final Map<String, DashboardData.Steadiness> steadiness = new LinkedHashMap<>();
    private final Map<String, String> schedules = new LinkedHashMap<>();

    private record Row(String plan, LabelStatistics statistics, String dashboard) {}

    /**
     * Adds a row; {@code name} is the plan, or {@code plan: label} for one label of a plan with several, and
     * {@code dashboard} the path or URL of the plan's JMeter HTML dashboard (listed once however many rows share it).
     */
    public void add(String plan, LabelStatistics statistics, String dashboard) {
        rows.add(new Row(plan, statistics, dashboard));
    }

    /** Whether any row was added. */
    public boolean hasRows() {
        return !rows.isEmpty();
    }

    /** Adds the steadiness verdict of a plan's measured window (a run's {@link DashboardData.RunData#steadiness()}). */
    public void addSteadiness(String plan, DashboardData.Steadiness verdict) {
        steadiness.put(plan, verdict);
    }

    /**
     * Adds the schedule verdict of an open workload's plan: a run's {@link DashboardData.RunData#schedule()} verdict,
     * or the caller's own (the benchmark's, which also counts the arrivals asked and made).
     */
    public void addSchedule(String plan, String verdict) {
        schedules.put(plan, verdict);
    }

    /** The table as lines ending in the platform's line separator, numbers in {@link Locale#ROOT}. */
    public String render() {
        List<Line> lines = new ArrayList<>();
        for (Row row : rows) {
            lines.add(new Line(row.plan(), row.statistics()));
            Map<String, LabelStatistics> generators = row.statistics().generators();
            if (generators.size() > 1) {
                generators.forEach((generator, statistics) -> lines.add(new Line(GENERATOR_ROW + generator,
                        statistics)));
            }
        }
        int width = Math.max(MIN_NAME_WIDTH, lines.stream().mapToInt(line -> line.name().length()).max().orElse(0));
        String format = "%-" + width + "s" + FIGURES;
        StringBuilder out = new StringBuilder();
        out.append(String.format(Locale.ROOT, format, "plan", "samples", "TPS", "avg ms", "p50 ms", "p90 ms", "p95 ms",
                "p99 ms", "p99.9 ms", "max ms", "error %", "recv B/smp"));
        for (Line line : lines) {
            LabelStatistics s = line.statistics();
            out.append(String.format(Locale.ROOT, format,
                    line.name(),
                    s.samples(),
                    String.format(Locale.ROOT, "%.1f", s.throughput()),
                    ms(s.meanMs()),
                    ms(s.percentileMs(50)),
                    ms(s.percentileMs(90)),
                    ms(s.percentileMs(95)),
                    ms(s.percentileMs(99)),
                    ms(s.percentileMs(99.9)),
                    ms(s.maxMs()),
                    String.format(Locale.ROOT, "%.2f", s.errorPercent()),
                    s.samples() == 0 ? "-" : Long.toString(s.receivedBytes() / s.samples())));
        }
        String newline = System.lineSeparator();
        if (lines.stream().anyMatch(line -> mark(line.statistics()).equals(WHOLE_MS_MARK))) {
            out.append(WHOLE_MS_MARK).append(" response times in whole ms (JMeter's elapsed): the JTL has no elapsed_us "
                    + "column").append(newline);
        }
        if (lines.stream().anyMatch(line -> mark(line.statistics()).equals(MIXED_MARK))) {
            out.append(MIXED_MARK).append(" response times partly in whole ms (JMeter's elapsed): some samples had no "
                    + "elapsed_us value").append(newline);
        }
        if (lines.size() > rows.size()) {
            out.append("'").append(GENERATOR_ROW.strip()).append(" <engine>': one load generator's samples (the JMeter "
                    + "remote engine in their thread names); the row above is their total").append(newline);
        }
        rows.stream().filter(row -> row.statistics().stopped() > 0).forEach(row -> out.append(String.format(
                Locale.ROOT, "%s: %,d calls cut off when JMeter stopped their threads (the run's end or a stop; "
                        + "response code %s) are left out of its figures: not the provider's failures%n", row.plan(),
                row.statistics().stopped(), LabelStatistics.STOPPED)));
        rows.stream().filter(row -> row.statistics().dropped() > 0).forEach(row -> out.append(String.format(
                Locale.ROOT, "%s: %,d arrivals dropped, not made because the sampler's max_in_flight calls were in "
                        + "flight (response code %s), are left out of its figures: the run did not keep its schedule%n",
                row.plan(), row.statistics().dropped(), LabelStatistics.DROPPED)));
        rows.stream().filter(row -> row.statistics().scheduleLag().isPresent()).forEach(row -> {
            LagStatistics lag = row.statistics().scheduleLag().get();
            out.append(String.format(Locale.ROOT, "%s: schedule lag p50 %s ms, p99 %s ms, max %s ms (%,d arrivals; "
                    + "the calls' own p99 %s ms): response times above are from when each arrival was due%n",
                    row.plan(), ms(lag.lagPercentileMs(50)), ms(lag.lagPercentileMs(99)), ms(lag.lagMaxMs()),
                    lag.samples(), ms(lag.callPercentileMs(99))));
        });
        if (!steadiness.isEmpty()) {
            out.append(newline).append("Steadiness of each plan's measured window:").append(newline);
            steadiness.forEach((plan, verdict) -> {
                out.append("  ").append(plan).append(": ").append(verdict.verdict()).append(newline);
                verdict.jmeterCpuText().ifPresent(cpu -> out.append("    ").append(cpu).append(newline));
                verdict.warnings().forEach(w -> out.append("    warning: ").append(w).append(newline));
            });
        }
        if (!schedules.isEmpty()) {
            out.append(newline).append("Schedule of each open workload's arrivals:").append(newline);
            schedules.forEach((plan, verdict) -> out.append("  ").append(plan).append(": ").append(verdict)
                    .append(newline));
        }
        appendProviders(out);
        out.append(newline).append("JMeter dashboards:").append(newline);
        Set<String> listed = new HashSet<>();
        for (Row row : rows) {
            if (listed.add(row.dashboard())) {
                String plan = row.plan().contains(": ") ? row.plan().substring(0, row.plan().indexOf(": ")) : row.plan();
                out.append(String.format(Locale.ROOT, "  %-" + MIN_NAME_WIDTH + "s %s%n", plan, row.dashboard()));
            }
        }
        return out.toString();
    }

    /** A line of the table: a row, or one load generator's part of it. */
    private record Line(String plan, LabelStatistics statistics) {
        String name() {
            String mark = mark(statistics);
            return mark.isEmpty() ? plan : plan + " " + mark;
        }
    }

    /**
     * The calls per provider of each row whose calls went to more than one (a cluster): the provider, its samples,
     * their share of the row's and how many failed. A row with one provider or none is left out: it has nothing to
     * split.
     */
    private void appendProviders(StringBuilder out) {
        List<Row> split = rows.stream().filter(row -> row.statistics().providers().size() > 1).toList();
        if (split.isEmpty()) {
            return;
        }
        String newline = System.lineSeparator();
        int width = split.stream().flatMap(row -> row.statistics().providers().stream())
                .mapToInt(share -> share.provider().length()).max().orElse(0);
        out.append(newline).append("Calls per provider in each plan's measured window (answered, or tried last):")
                .append(newline);
        for (Row row : split) {
            out.append("  ").append(row.plan()).append(newline);
            row.statistics().providers().forEach(share -> out.append(String.format(Locale.ROOT,
                    "    %-" + width + "s %10d samples %7.2f %% %8d errors%n", share.provider(), share.samples(),
                    share.percentOfLabel(), share.errors())));
        }
    }

    private static String mark(LabelStatistics statistics) {
        return switch (statistics.resolution()) {
            case LabelStatistics.MICROSECONDS -> "";
            case LabelStatistics.MIXED -> MIXED_MARK;
            default -> statistics.samples() == 0 ? "" : WHOLE_MS_MARK;
        };
    }

    private static String ms(double value) {
        return String.format(Locale.ROOT, "%.3f", value);
    }
}
