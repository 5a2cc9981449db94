package io.rpcbench.reports.dashboard;

import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.figures.Figures;
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
 * per scenario, one row per system with its figures over its measured window, then for each system after the
 * first its difference to the first in %, (other - first) / first * 100.
 *
 * <p>Columns: the client's samples, TPS, mean and percentiles, error %; then the provider's side
 * ({@link DashboardData.ServerFigures}: its host's CPU and memory, its process's CPU and RSS, the host's network
 * and disk rates, the JVM's GC), each shown when at least one run of the scenario has it. When a run of the
 * scenario had several provider hosts, the provider's columns are per host, titled {@code <host>: <figure>} (e.g.
 * {@code 198.18.0.31: provider host CPU %}), hosts in order of first appearance: one figure over several machines
 * would average a busy host with an idle one, and a sum would not be seed 003's "CPU of the provider's machine".
 */
final class ComparisonTables {

    /** A figure of a run: its column title and how to read it; null when the run has no such figure. */
    private record Column(String title, Function<DashboardData.RunData, Double> value) {}

    private static final List<Column> CLIENT_COLUMNS = List.of(
            new Column("samples", r -> (double) r.total().samples()),
            new Column("TPS", r -> r.total().tps()),
            new Column("average ms", r -> r.total().averageMs()),
            new Column("p50 ms", r -> r.total().p50Ms()),
            new Column("p90 ms", r -> r.total().p90Ms()),
            new Column("p95 ms", r -> r.total().p95Ms()),
            new Column("p99 ms", r -> r.total().p99Ms()),
            new Column("p99.9 ms", r -> r.total().p999Ms()),
            new Column("max ms", r -> r.total().maxMs()),
            new Column("error %", r -> r.total().errorPercent()));

    /** A figure of a provider host: its column title and how to read it; null when the host has no such figure. */
    private record ServerColumn(String title, Function<DashboardData.ServerFigures, Double> value) {}

    private static final List<ServerColumn> SERVER_COLUMNS = List.of(
            new ServerColumn("provider host CPU %", DashboardData.ServerFigures::hostCpuPercent),
            new ServerColumn("provider host memory %", DashboardData.ServerFigures::hostMemoryPercent),
            new ServerColumn("provider CPU (% of a core)", DashboardData.ServerFigures::providerCpuPercent),
            new ServerColumn("provider RSS MB", DashboardData.ServerFigures::providerRssMb),
            new ServerColumn("network in B/s", DashboardData.ServerFigures::networkInBytesPerSecond),
            new ServerColumn("network out B/s", DashboardData.ServerFigures::networkOutBytesPerSecond),
            new ServerColumn("disk read B/s", DashboardData.ServerFigures::diskReadBytesPerSecond),
            new ServerColumn("disk write B/s", DashboardData.ServerFigures::diskWriteBytesPerSecond),
            new ServerColumn("GC collections", s -> s.gcCollections() == null ? null : s.gcCollections().doubleValue()),
            new ServerColumn("GC pause ms", DashboardData.ServerFigures::gcPauseMs),
            new ServerColumn("GC pause %", DashboardData.ServerFigures::gcPausePercent));

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
        serverColumns(runs).stream().filter(c -> runs.stream().anyMatch(r -> c.value().apply(r) != null))
                .forEach(columns::add);

        List<DashboardData.ComparisonRow> rows = new ArrayList<>();
        for (DashboardData.RunData run : runs) {
            rows.add(new DashboardData.ComparisonRow(run.system(), values(columns, run), run.total().resolution()));
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

    /** The provider's columns: of the run's provider host, or per host when a run had several (class javadoc). */
    private static List<Column> serverColumns(List<DashboardData.RunData> runs) {
        List<Column> columns = new ArrayList<>();
        if (runs.stream().noneMatch(r -> r.servers().size() > 1)) {
            SERVER_COLUMNS.forEach(c -> columns.add(new Column(c.title(), r -> c.value().apply(r.server()))));
            return columns;
        }
        Set<String> hosts = new LinkedHashSet<>();
        runs.forEach(r -> r.servers().forEach(host -> hosts.add(host.providerHost())));
        for (String host : hosts) {
            SERVER_COLUMNS.forEach(c -> columns.add(new Column(host + ": " + c.title(),
                    r -> r.servers().stream().filter(s -> host.equals(s.providerHost())).findFirst()
                            .map(c.value()).orElse(null))));
        }
        return columns;
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
