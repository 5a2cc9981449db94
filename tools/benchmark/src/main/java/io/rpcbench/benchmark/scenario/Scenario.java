package io.rpcbench.benchmark.scenario;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A scenario of a seed, run by {@code ./run-benchmark --scenario NAME}: its cells, each one plan run in the seed
 * table's place, and its table in the seed's layout with our figures beside the seed's. A scenario is one class
 * implementing this, listed in {@code seeds.Scenarios.ALL}; the runner ({@code runner.ScenarioRunner}) runs its
 * cells in order and hands their results back to {@link #table}.
 *
 * <pre>{@code
 * final class EchoPairScenario implements Scenario {
 *     public String name() { return "echo-pair"; }
 *     public String summary() { return "Dubbo vs Thrift echo of 1 KiB, 20 threads"; }
 *     public List<Cell> cells(Length length) {
 *         Stop stop = length.choose(Stop.timed(60, 60), Stop.timed(60, 600));
 *         return List.of(
 *                 Cell.of("echo 1k", "Dubbo hessian2", "dubbo-echo-1k").stop(stop).payloadBytes(1024)
 *                         .seed(SeedColumns.SEED_003_DUBBO_1K),
 *                 Cell.of("echo 1k", "Thrift binary", "thrift-echo-1k").stop(stop).payloadBytes(1024));
 *     }
 *     public ScenarioTable table(List<CellResult> results) {
 *         return ScenarioTable.of(name(), summary(), List.of(Figure.TPS, Figure.AVERAGE_MS), results);
 *     }
 * }
 * }</pre>
 */
public interface Scenario {

    /** Its name on the command line, e.g. {@code seed-003}: lower case, digits and '-'. */
    String name();

    /** One line saying what it runs, for {@code --scenarios}. */
    String summary();

    /**
     * Its cells in the order they run, for {@code length}: {@link Length#SHORT} finishes in minutes,
     * {@link Length#FULL} runs the seed's durations. Cell names are unique within the scenario.
     */
    List<Cell> cells(Length length);

    /**
     * The parameters it takes ({@code --param NAME=VALUE}), each name with what it sets and its default, e.g.
     * {@code instances -> "provider instances (default 50; the seed: 500)"}; empty (the default): none.
     */
    default Map<String, String> parameters() {
        return Map.of();
    }

    /**
     * Its cells for {@code length} with {@code parameters} (names among {@link #parameters}, checked by the caller);
     * the default, for scenarios without parameters, is {@link #cells(Length)}.
     *
     * @throws IllegalArgumentException naming the parameter whose value is not usable, and what was expected
     */
    default List<Cell> cells(Length length, Map<String, String> parameters) {
        return cells(length);
    }

    /**
     * Why its cells' throughput is not one of its figures, said instead of each plan's steadiness verdict in the
     * summary, on the dashboard and in dashboard.json ({@link io.rpcbench.reports.dashboard.Dashboard#throughputNotJudged}), e.g. for plans that only read figures every few seconds; empty (the default): the throughput is a
     * figure and its steadiness is judged.
     */
    default Optional<String> throughputNotJudged() {
        return Optional.empty();
    }

    /** Its table in the seed's layout, from the results of its cells in the order they ran. */
    ScenarioTable table(List<CellResult> results);

    /**
     * The lab of hosts it runs on when none is named ({@code --hosts}) and this machine can make one (root, network
     * namespaces), e.g. {@code seed-000} for the seed's 2 providers x 2 consumers; empty (the default): this machine's
     * loopback. When the lab cannot be made the scenario runs on loopback, and its table's note says so.
     */
    default Optional<String> lab() {
        return Optional.empty();
    }
}
