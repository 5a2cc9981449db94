package io.rpcbench.benchmark.seeds.seed000;

import io.rpcbench.benchmark.scenario.CellResult;
import io.rpcbench.benchmark.scenario.Figure;
import io.rpcbench.benchmark.scenario.ScenarioTable;
import io.rpcbench.benchmark.scenario.SeedColumn;
import io.rpcbench.reports.figures.DashboardData;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * A row of a scenario's table that compares two of its rows in percent, as seed 000 compares its systems: per
 * column, {@code (compared - base) / base x 100} of the TPS and of the mean response time, two decimals, from the
 * cells' own figures (not from the table's rounded text); {@code -} where either cell is empty or missing, or the
 * base is 0. The seed's published percentages stand beside ours.
 *
 * <pre>{@code
 * PercentRow row = new PercentRow("3.3 vs 2.7 hessian2, %", "Dubbo 3.3 hessian2", "Dubbo 2.7.23 hessian2");
 * table = row.addTo(table, results, Map.of("1k string", seedColumnOf1k));
 * }</pre>
 *
 * @param row         the new row's name
 * @param comparedRow the row compared, e.g. the newer system
 * @param baseRow     the row it is compared with: 100 %
 */
record PercentRow(String row, String comparedRow, String baseRow) {

    /** The figures compared, by {@link Figure} name (the seed's keys too), and where a cell's total holds them. */
    private static final Map<String, ToDoubleFunction<DashboardData.LabelFigures>> FIGURES = Map.of(
            Figure.TPS.name(), DashboardData.LabelFigures::tps,
            Figure.AVERAGE_MS.name(), DashboardData.LabelFigures::averageMs);
    private static final List<String> ORDER = List.of(Figure.TPS.name(), Figure.AVERAGE_MS.name());

    static final String NONE = "-";

    PercentRow {
        Objects.requireNonNull(row, "row");
        Objects.requireNonNull(comparedRow, "comparedRow");
        Objects.requireNonNull(baseRow, "baseRow");
    }

    /** {@code (compared - base) / base x 100}; empty when the base is 0 or either is not a number. */
    static OptionalDouble percent(double compared, double base) {
        if (base == 0 || Double.isNaN(base) || Double.isNaN(compared)) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of((compared - base) / base * 100);
    }

    /** A percentage as the seed printed them: two decimals, e.g. {@code -12.22}. */
    static String format(OptionalDouble percent) {
        return percent.isPresent() ? String.format(Locale.ROOT, "%.2f", percent.getAsDouble()) : NONE;
    }

    /**
     * {@code table} with this row added: ours from {@code results}, the seed's from {@code seedByColumn} (a column
     * absent there shows no seed figure).
     */
    ScenarioTable addTo(ScenarioTable table, List<CellResult> results, Map<String, SeedColumn> seedByColumn) {
        Map<List<String>, CellResult> byPlace = new LinkedHashMap<>();
        Set<String> columns = new LinkedHashSet<>();
        for (CellResult result : results) {
            byPlace.put(List.of(result.cell().row(), result.cell().column()), result);
            columns.add(result.cell().column());
        }
        List<ScenarioTable.ComputedLine> lines = new ArrayList<>();
        for (String figure : ORDER) {
            Map<String, String> ours = new LinkedHashMap<>();
            Map<String, String> seed = new LinkedHashMap<>();
            for (String column : columns) {
                OptionalDouble compared = value(byPlace.get(List.of(comparedRow, column)), figure);
                OptionalDouble base = value(byPlace.get(List.of(baseRow, column)), figure);
                ours.put(column, compared.isPresent() && base.isPresent()
                        ? format(percent(compared.getAsDouble(), base.getAsDouble())) : NONE);
                Optional.ofNullable(seedByColumn.get(column)).map(s -> s.figures().get(figure))
                        .ifPresent(published -> seed.put(column, published));
            }
            lines.add(new ScenarioTable.ComputedLine(figure, ours, seed));
        }
        return table.withComputedRow(row, lines);
    }

    private static OptionalDouble value(CellResult result, String figure) {
        if (result == null || result.isEmpty()) {
            return OptionalDouble.empty();
        }
        return result.figures().map(f -> OptionalDouble.of(FIGURES.get(figure).applyAsDouble(f.total())))
                .orElse(OptionalDouble.empty());
    }
}
