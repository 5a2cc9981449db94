package io.rpcbench.benchmark.seeds;

import io.rpcbench.benchmark.ab.AbReport;
import io.rpcbench.benchmark.ab.AbStep;
import io.rpcbench.benchmark.scenario.Cell;
import io.rpcbench.benchmark.scenario.CellResult;
import io.rpcbench.benchmark.scenario.CellSetup;
import io.rpcbench.benchmark.scenario.Figure;
import io.rpcbench.benchmark.scenario.Length;
import io.rpcbench.benchmark.scenario.Scenario;
import io.rpcbench.benchmark.scenario.ScenarioTable;
import io.rpcbench.benchmark.scenario.SeedColumn;
import io.rpcbench.benchmark.scenario.Stop;
import io.rpcbench.reports.statistics.LabelStatistics;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Function;

/**
 * Seed 003's REST test: the echo over HTTP/JSON on the provider app ({@code --rest-port 0}), loaded first by JMeter's
 * HTTP Request at 10 threads (plan {@code seed-003-rest}, the seed's 4-byte body), then by ApacheBench with the seed's
 * options ({@code ab -c 10 -n N}, no keep-alive; {@link AbStep}) against the same provider. The table has ab's report
 * lines (requests/s, mean, mean across all, the percentage served within 50 % to 100 %, failed) in two columns: ab's
 * with the seed's three ab outputs beside it (consumers 1 / 2 / 3), and JMeter's equivalents (TPS, mean, 1000/TPS,
 * percentiles, failed samples). Short: 30 s warm-up, 60 s measured, then ab -n 100,000; {@code --full}: 600 s and the
 * seed's 1,000,000.
 */
final class Seed003RestScenario implements Scenario {

    static final String NAME = "seed-003-rest";
    static final String PLAN = "seed-003-rest";
    static final int THREADS = 10;
    static final int WARMUP_SECONDS = 30;
    static final int SHORT_MEASURED_SECONDS = 60;
    static final int FULL_MEASURED_SECONDS = 600;
    static final int SHORT_AB_REQUESTS = 100_000;
    /** Seed 003: {@code ab -c 10 -n 1000000}. */
    static final int FULL_AB_REQUESTS = 1_000_000;
    static final int BODY_BYTES = 4;

    static final String ROW = "echo of 4 bytes over HTTP, 10 at a time";
    static final String AB = "ab -c 10 (no keep-alive)";
    static final String JMETER = "JMeter HTTP Request, 10 threads (no keep-alive)";
    static final List<Integer> PERCENTAGES = List.of(50, 66, 75, 80, 90, 95, 98, 99, 100);

    /** Seed 003's three ab outputs, consumer 1 / 2 / 3, quoted (its section 2). */
    static final SeedColumn SEED = new SeedColumn("seed 003: ab -c 10 -n 1000000 from consumers 1 / 2 / 3 (3 across "
            + "network segments: 402,175 requests done in 458.8 s)",
            "provider: 2 vCPU QEMU 2.1 GHz, 4 GiB, CentOS 6.4, JDK 1.8 (Dubbo rest); three consumer servers of "
                    + "2 vCPU, 4 GiB each", Map.ofEntries(
                    Map.entry("complete requests", "1000000 / 1000000 / 402175"),
                    Map.entry("requests/s", "3258.85 / 3455.78 / 876.50"),
                    Map.entry("mean ms", "3.069 / 2.894 / 11.409"),
                    Map.entry("mean across all ms", "0.307 / 0.289 / 1.141"),
                    Map.entry("50% ms", "3 / 3 / 11"), Map.entry("66% ms", "3 / 3 / 11"),
                    Map.entry("75% ms", "4 / 3 / 12"), Map.entry("80% ms", "4 / 4 / 12"),
                    Map.entry("90% ms", "5 / 4 / 13"), Map.entry("95% ms", "5 / 5 / 14"),
                    Map.entry("98% ms", "7 / 6 / 16"), Map.entry("99% ms", "8 / 7 / 18"),
                    Map.entry("100% ms", "257 / 277 / 235"), Map.entry("failed", "0 / 0 / 0")));

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "the echo over HTTP: JMeter's HTTP Request at 10 threads, then ab -c 10 -n N (seed 003's ab "
                + "outputs beside)";
    }

    @Override
    public List<Cell> cells(Length length) {
        Stop stop = length.choose(Stop.timed(WARMUP_SECONDS, SHORT_MEASURED_SECONDS),
                Stop.timed(WARMUP_SECONDS, FULL_MEASURED_SECONDS));
        return List.of(Cell.of(ROW, JMETER, PLAN).threads(THREADS).stop(stop)
                .setup(CellSetup.provider("--rest-port", "0"))
                .properties(Map.of("size_bytes", Integer.toString(BODY_BYTES)))
                .payloadBytes(BODY_BYTES)
                .then(new AbStep(length.choose(SHORT_AB_REQUESTS, FULL_AB_REQUESTS))));
    }

    @Override
    public ScenarioTable table(List<CellResult> results) {
        List<CellResult> columns = new ArrayList<>();
        for (CellResult jmeter : results) {
            columns.add(abColumn(jmeter));
            columns.add(jmeter);
        }
        List<Figure> figures = new ArrayList<>(List.of(
                line("complete requests", 0, ab -> (double) ab.completeRequests(), j -> (double) j.samples()),
                line("requests/s", 2, AbReport::requestsPerSecond, LabelStatistics::throughput),
                line("mean ms", 3, AbReport::timePerRequestMs, LabelStatistics::meanMs),
                line("mean across all ms", 3, AbReport::timePerRequestAcrossAllMs,
                        j -> j.throughput() == 0 ? null : 1000.0 / j.throughput())));
        for (int percentage : PERCENTAGES) {
            figures.add(line(percentage + "% ms", 0,
                    ab -> ab.servedWithinMs().containsKey(percentage)
                            ? (double) ab.servedWithinMs().get(percentage) : null,
                    j -> j.percentileMs(percentage)));
        }
        figures.add(line("failed", 0, ab -> (double) ab.failedRequests(), j -> (double) j.errors()));
        figures.add(line("non-2xx", 0, ab -> (double) ab.non2xxResponses(), j -> null));
        return ScenarioTable.of(NAME, "the echo over HTTP, ab's report lines (seed 003's three ab outputs beside) "
                + "and JMeter's equivalents", figures, columns)
                .withNote(JMETER + ": mean across all = 1000 / TPS; its HTTP samples are timed in whole ms, as ab's "
                        + "(JMeter's HTTP Request has no elapsed_us)");
    }

    /**
     * The ab column of a JMeter cell: the report its {@link AbStep} wrote into the cell's folder, or empty with the
     * reason (e.g. ab not installed: the package to install).
     */
    static CellResult abColumn(CellResult jmeter) {
        Cell cell = jmeter.cell();
        AbStep step = cell.afterPlan().stream().filter(AbStep.class::isInstance).map(AbStep.class::cast)
                .findFirst().orElseThrow(() -> new IllegalArgumentException("cell '" + cell.name() + "' runs no ab "
                        + "after its plan; expected a cell of " + NAME));
        int requests = step.requests(cell.stop().runSeconds() - cell.stop().warmupSeconds());
        Cell ab = Cell.of(cell.row(), AB, cell.plan()).named(cell.name() + "-ab").threads(THREADS)
                .stop(Stop.calls(0, requests / THREADS, 3600)).payloadBytes(BODY_BYTES).seed(SEED);
        Optional<String> failure = AbStep.failure(jmeter.folder());
        if (jmeter.isEmpty() || failure.isPresent()) {
            return CellResult.empty(ab, jmeter.folder(), failure.orElse("its JMeter cell is empty"));
        }
        return CellResult.measured(ab, jmeter.folder(), jmeter.summary().orElseThrow(),
                jmeter.figures().orElseThrow(), List.of(), OptionalInt.empty());
    }

    /**
     * A line read from ab's report in the ab column, with {@code abDecimals} as ab prints it, and from JMeter's samples
     * (its one label) in the other, with 3 decimals for times.
     */
    private static Figure line(String name, int abDecimals, Function<AbReport, Double> ab,
            Function<LabelStatistics, Double> jmeter) {
        int jmeterDecimals = name.endsWith("ms") ? 3 : abDecimals;
        return new Figure(name, r -> {
            boolean isAb = r.cell().column().equals(AB);
            Optional<Double> value = isAb ? AbStep.report(r.folder()).map(ab)
                    : r.summary().flatMap(s -> s.labels().stream().findFirst()).map(jmeter);
            return value.filter(v -> !v.isNaN()).map(v -> String.format(Locale.ROOT,
                    "%." + (isAb ? abDecimals : jmeterDecimals) + "f", v));
        });
    }
}
