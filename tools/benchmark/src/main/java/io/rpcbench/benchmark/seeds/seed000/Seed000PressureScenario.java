package io.rpcbench.benchmark.seeds.seed000;

import io.rpcbench.benchmark.scenario.Cell;
import io.rpcbench.benchmark.scenario.CellResult;
import io.rpcbench.benchmark.scenario.CellSetup;
import io.rpcbench.benchmark.scenario.Figure;
import io.rpcbench.benchmark.scenario.Length;
import io.rpcbench.benchmark.scenario.Scenario;
import io.rpcbench.benchmark.scenario.ScenarioTable;
import io.rpcbench.benchmark.scenario.SeedColumn;
import io.rpcbench.benchmark.scenario.Stop;
import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.statistics.LabelStatistics;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Seed 000's high-pressure test (scenario 4): the stability test's load made harder, 2 providers and 2 consumers of
 * 20 threads each, the echoed string's size drawn at random between 20 B and 200 KiB every interval (plan
 * {@code seed-000-pressure}: every thread of both consumers uses the interval's size). It runs on the lab's hosts
 * ({@code seed-000}: 2 provider hosts, 2 load-generator hosts) when this machine can make the lab, else both
 * providers (one registry) and both consumers (two JMeter runs at once) on this machine's loopback; the table's notes
 * say which. The table: each consumer's TPS, mean, p99 and errors, the total, and each provider's share of the
 * calls. The seed published no figure, only "passed". Short: a size every 20 s, 20 s warm-up, 120 s measured;
 * {@code --full}: every 10 minutes as the seed, for the stability test's 50 hours, which the seed built it on.
 */
public final class Seed000PressureScenario implements Scenario {

    static final String NAME = "seed-000-pressure";
    static final String PLAN = "seed-000-pressure";
    static final String LABEL = "string-20b-200k";
    static final int CONSUMERS = 2;
    static final int PROVIDERS = 2;
    static final int SHORT_INTERVAL_SECONDS = 20;
    static final int SHORT_WARMUP_SECONDS = 20;
    static final int SHORT_MEASURED_SECONDS = 120;
    /** The seed's "every 10 minutes". */
    static final int FULL_INTERVAL_SECONDS = 600;
    static final int FULL_WARMUP_SECONDS = 60;
    static final int FULL_MEASURED_SECONDS = Seed000StabilityScenario.FULL_MEASURED_SECONDS;
    static final int MIN_BYTES = 20;
    static final int MAX_BYTES = 200 * 1024;

    static final String ROW = "String 20 B..200 KiB, random every interval";
    static final String COLUMN = "Dubbo 3.3 hessian2, 2 providers x 2 consumers";

    /** Seed 000 published no figure for it: its verdict, quoted (section 3.2). */
    static final SeedColumn SEED = new SeedColumn("seed 000: Dubbo 2.0 hessian2 + netty, 2 providers x 2 consumers "
            + "(two instances a machine), 20 threads each, a size every 10 min",
            Seed000Machines.HARDWARE, Map.of("errors", "passed (no figure published)"));

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "2 providers x 2 consumers of 20 threads, a string of 20 B..200 KiB at random every interval (lab "
                + "seed-000 when root, else loopback)";
    }

    @Override
    public Optional<String> lab() {
        return Optional.of("seed-000");
    }

    @Override
    public List<Cell> cells(Length length) {
        Stop stop = length.choose(Stop.timed(SHORT_WARMUP_SECONDS, SHORT_MEASURED_SECONDS),
                Stop.timed(FULL_WARMUP_SECONDS, FULL_MEASURED_SECONDS));
        int interval = length.choose(SHORT_INTERVAL_SECONDS, FULL_INTERVAL_SECONDS);
        return List.of(Cell.of(ROW, COLUMN, PLAN).stop(stop).consumers(CONSUMERS)
                .setup(CellSetup.provider().providers(PROVIDERS))
                .properties(Map.of("size_interval", Integer.toString(interval),
                        "size_min", Integer.toString(MIN_BYTES), "size_max", Integer.toString(MAX_BYTES),
                        // Each sample's drawn size in the JTL, beside the bytes it received.
                        "sample_variables", "elapsed_us,size_bytes"))
                // Nominal: the middle of the range, which the sizes of a long run average to.
                .payloadBytes((MIN_BYTES + MAX_BYTES) / 2)
                .seed(SEED));
    }

    @Override
    public ScenarioTable table(List<CellResult> results) {
        List<Figure> figures = new ArrayList<>();
        figures.add(Figure.text("consumers", r -> consumers(r).isEmpty() ? null
                : String.join(", ", consumers(r).stream().map(Map.Entry::getKey).toList())));
        for (int n = 1; n <= CONSUMERS; n++) {
            int index = n - 1;
            figures.addAll(LabelLines.of("consumer " + n, r -> consumers(r).size() > index
                    ? Optional.of(consumers(r).get(index).getValue()) : Optional.empty()));
        }
        figures.addAll(List.of(Figure.SAMPLES, Figure.TPS, Figure.AVERAGE_MS, Figure.P99_MS,
                Figure.number("errors", 0, r -> (double) r.errors()), Figure.RECEIVED_BYTES,
                Figure.text("providers' shares of calls", Seed000PressureScenario::providerShares)));
        ScenarioTable table = ScenarioTable.of(NAME, "high pressure: each consumer, all, and each provider's share",
                figures, results);
        for (CellResult result : results) {
            Cell cell = result.cell();
            table = table.withNote(cell.name() + ": " + cell.setup().describe() + "; " + cell.consumers()
                    + " consumers of " + cell.threads() + " threads; size " + cell.properties().get("size_min")
                    + " to " + cell.properties().get("size_max") + " B, a new one every "
                    + cell.properties().get("size_interval") + " s (the JTL's size_bytes column)");
        }
        return table;
    }

    /**
     * Each consumer's statistics of the cell's window, in the reports' order of load generators: the lab's engines
     * by address, or this machine's {@code consumer-N.localhost} runs.
     */
    static List<Map.Entry<String, LabelStatistics>> consumers(CellResult result) {
        return LabelLines.label(result, LABEL).map(l -> List.copyOf(l.generators().entrySet())).orElse(List.of());
    }

    /** "provider 51.2 % (calls), ..." of the label's samples by the provider that answered; null without any. */
    static String providerShares(CellResult result) {
        List<DashboardData.ProviderShare> shares = LabelLines.label(result, LABEL).map(LabelStatistics::providers)
                .orElse(List.of());
        return shares.isEmpty() ? null : shares.stream()
                .map(s -> String.format(Locale.ROOT, "%s %.1f %% (%d)", s.provider(), s.percentOfLabel(),
                        s.samples()))
                .collect(Collectors.joining(", "));
    }
}
