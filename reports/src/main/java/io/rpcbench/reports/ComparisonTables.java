package io.rpcbench.reports;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The comparison view in the layout of the seeds' tables (000/001: "TPS 成功平均值 | 响应时间成功平均值(ms)"
 * per system, then "X 和 Y 对比百分比"; 003: Dubbo beside Thrift with the server's CPU and memory): one table
 * per scenario, one row per system with its run-total figures, then for each system after the first its
 * difference to the first in %, (other - first) / first * 100. Server columns appear for each agent host
 * that has a CPU or memory usage series.
 */
final class ComparisonTables {

    /** A figure of a run: its column title and how to read it; null when the run has no such figure. */
    private record Column(String title, Function<DashboardData.RunData, Double> value) {}

    private static final List<Column> CLIENT_COLUMNS = List.of(
            new Column("samples", r -> (double) r.total().samples()),
            new Column("TPS", r -> r.total().tps()),
            new Column("average ms", r -> r.total().averageMs()),
            new Column("p90 ms", r -> (double) r.total().p90Ms()),
            new Column("p95 ms", r -> (double) r.total().p95Ms()),
            new Column("p99 ms", r -> (double) r.total().p99Ms()),
            new Column("error %", r -> r.total().errorPercent()));

    private ComparisonTables() {}

    /** One table per scenario in order of first appearance; scenarios with a single run are still shown. */
    static List<DashboardData.ComparisonTable> of(List<DashboardData.RunData> runs) {
        Map<String, List<DashboardData.RunData>> byScenario = new LinkedHashMap<>();
        runs.forEach(run -> byScenario.computeIfAbsent(run.scenario(), s -> new ArrayList<>()).add(run));
        List<DashboardData.ComparisonTable> tables = new ArrayList<>();
        byScenario.forEach((scenario, scenarioRuns) -> tables.add(table(scenario, scenarioRuns)));
        return tables;
    }

    private static DashboardData.ComparisonTable table(String scenario, List<DashboardData.RunData> runs) {
        List<Column> columns = new ArrayList<>(CLIENT_COLUMNS);
        Set<String> hosts = new LinkedHashSet<>();
        runs.forEach(run -> run.hosts().forEach(h -> hosts.add(h.host())));
        for (String host : hosts) {
            List<Column> server = List.of(
                    new Column(host + " CPU %", r -> ServerAverages.of(r, host, "CPU", "combined")),
                    new Column(host + " memory %", r -> ServerAverages.of(r, host, "Memory %", "usedperc")));
            server.stream().filter(c -> runs.stream().anyMatch(r -> c.value().apply(r) != null)).forEach(columns::add);
        }

        List<DashboardData.ComparisonRow> rows = new ArrayList<>();
        for (DashboardData.RunData run : runs) {
            rows.add(new DashboardData.ComparisonRow(run.system(), values(columns, run)));
        }
        List<DashboardData.ComparisonRow> differences = new ArrayList<>();
        for (int i = 1; i < rows.size(); i++) {
            differences.add(new DashboardData.ComparisonRow(
                    rows.get(i).title() + " vs " + rows.get(0).title() + " %",
                    difference(rows.get(0).values(), rows.get(i).values())));
        }
        return new DashboardData.ComparisonTable(scenario, columns.stream().map(Column::title).toList(), rows,
                differences);
    }

    private static List<Double> values(List<Column> columns, DashboardData.RunData run) {
        List<Double> values = new ArrayList<>();
        columns.forEach(c -> values.add(c.value().apply(run)));
        return values;
    }

    /** (other - base) / base * 100 per column; null where either is missing or the base is 0. */
    static List<Double> difference(List<Double> base, List<Double> other) {
        List<Double> result = new ArrayList<>();
        for (int i = 0; i < base.size(); i++) {
            Double b = base.get(i);
            Double o = other.get(i);
            result.add(b == null || o == null || b == 0 ? null : Figures.round((o - b) / b * 100, 2));
        }
        return result;
    }
}
