package io.rpcbench.benchmark.seeds.seed000;

import io.rpcbench.benchmark.scenario.Cell;
import io.rpcbench.benchmark.scenario.CellResult;
import io.rpcbench.benchmark.scenario.Figure;
import io.rpcbench.benchmark.scenario.Length;
import io.rpcbench.benchmark.scenario.Scenario;
import io.rpcbench.benchmark.scenario.ScenarioTable;
import io.rpcbench.benchmark.scenario.SeedColumn;
import io.rpcbench.benchmark.scenario.Stop;
import io.rpcbench.benchmark.soak.SoakFigures;
import io.rpcbench.benchmark.soak.SoakObserver;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * Seed 000's stability test (scenario 3): 20 threads, each calling in turn the echo of a 5 KiB string, of a person
 * and of a map of three persons over Dubbo with hessian2 (plan {@code seed-000-stability}); the seed ran it 50 hours
 * and reported the old generation's growth, full GCs, memory, threads and handles. While the plan runs a
 * {@link SoakObserver} samples the provider and JMeter by PID; the table has per label TPS, mean, p99 and errors, then
 * the provider's soak figures and verdict (and JMeter's) beside the seed's words. Short: 30 s warm-up, 10 minutes
 * measured, as the default; {@code --full} and {@code --duration 180000}: the seed's 50 hours.
 */
public final class Seed000StabilityScenario implements Scenario {

    static final String NAME = "seed-000-stability";
    static final String PLAN = "seed-000-stability";
    static final List<String> LABELS = List.of("string-5k", "person", "map-3-persons");
    static final int WARMUP_SECONDS = 30;
    static final int SHORT_MEASURED_SECONDS = 600;
    /** The seed's 50 hours. */
    static final int FULL_MEASURED_SECONDS = 50 * 3600;
    /** Each thread calls the three in turn: the mean of their payloads, 5 KiB, 1 KiB and 3 KiB. */
    static final int MEAN_PAYLOAD_BYTES = (5120 + 1024 + 3072) / 3;

    static final String ROW = "String 5k, Person, Map of 3 Persons";
    static final String COLUMN = "Dubbo 3.3 hessian2 (netty 4)";

    /** Seed 000, scenario 3 on Dubbo 2.0 (netty): its words, quoted (sections 1c and 3.2); no figure per label. */
    static final SeedColumn SEED = new SeedColumn("seed 000: Dubbo 2.0 hessian2 + netty, 20 threads, 50 h",
            Seed000Machines.HARDWARE, Map.of(
                    "provider old gen growth MB", "< 200 in 50 h",
                    "provider full GCs not ours", "0 (\"no full GC\")",
                    "provider heap after GC MB (first / last / max)", "stable, no OOM",
                    "provider threads (first / last / max)", "steady",
                    "provider descriptors (first / last / max)", "steady (file handles)",
                    "provider RSS MB (first / last / max)", "steady (memory)",
                    "provider soak verdict", "passed"));

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "20 threads call String 5k, Person and Map of 3 Persons in turn; provider heap after GC, old "
                + "generation, threads, descriptors sampled (seed 000: 50 h, --duration 180000)";
    }

    @Override
    public List<Cell> cells(Length length) {
        Stop stop = length.choose(Stop.timed(WARMUP_SECONDS, SHORT_MEASURED_SECONDS),
                Stop.timed(WARMUP_SECONDS, FULL_MEASURED_SECONDS));
        return List.of(Cell.of(ROW, COLUMN, PLAN).stop(stop).payloadBytes(MEAN_PAYLOAD_BYTES)
                .observedBy(new SoakObserver()).seed(SEED));
    }

    @Override
    public ScenarioTable table(List<CellResult> results) {
        List<Figure> figures = new ArrayList<>();
        for (String label : LABELS) {
            figures.addAll(LabelLines.of(label, r -> LabelLines.label(r, label)));
        }
        figures.addAll(List.of(Figure.TPS, Figure.AVERAGE_MS, Figure.P99_MS, Figure.ERROR_PERCENT));
        figures.addAll(soakLines("provider", SoakObserver.PROVIDER_CSV));
        // JMeter's heap is not sampled (a full collection of ours would pause the load): its process figures only.
        figures.addAll(soakLines("JMeter", SoakObserver.JMETER_CSV).stream()
                .filter(f -> !f.name().contains("heap") && !f.name().contains("old gen") && !f.name().contains("GC"))
                .toList());
        ScenarioTable table = ScenarioTable.of(NAME, "stability: per label, and the soak of the provider and JMeter "
                + "(seed 000's words beside)", figures, results);
        for (CellResult result : results) {
            table = table.withNote("soak of " + result.cell().name() + ": provider and JMeter sampled by PID every "
                    + SoakObserver.interval(result.cell().stop()).toSeconds() + " s (" + SoakObserver.PROVIDER_CSV
                    + ", " + SoakObserver.JMETER_CSV + " in its folder), the samples in the measured window judged: "
                    + "heap after GC (jcmd GC.class_histogram, a full GC of ours each, left out of the full GCs) "
                    + "within +" + (int) SoakFigures.MAX_HEAP_GROWTH_PERCENT + " %, threads and descriptors not "
                    + "growing (run-soak's rules); old generation: jstat -gcold OU; JMeter: /proc only");
        }
        return table;
    }

    /** The soak lines of one process, read from its CSV in the cell's folder. */
    static List<Figure> soakLines(String process, String csv) {
        Function<CellResult, Optional<SoakFigures>> soak = r -> r.summary().flatMap(window -> SoakObserver.figures(
                r.folder(), csv, window.windowStartMs(), window.windowEndMs()));
        return List.of(
                Figure.text(process + " heap after GC MB (first / last / max)",
                        r -> soak.apply(r).map(s -> mb(s.heapAfterGcKib())).orElse(null)),
                Figure.number(process + " heap after GC growth %", 1,
                        r -> soak.apply(r).map(SoakFigures::heapGrowthPercent).orElse(null)),
                Figure.text(process + " old gen after GC MB (first / last / max)",
                        r -> soak.apply(r).map(s -> mb(s.oldGenKib())).orElse(null)),
                Figure.number(process + " old gen growth MB", 1,
                        r -> soak.apply(r).filter(s -> s.oldGenKib().first() >= 0)
                                .map(s -> s.oldGenGrowthKib() / 1024.0).orElse(null)),
                Figure.number(process + " full GCs not ours", 0,
                        r -> soak.apply(r).map(s -> (double) s.fullGcsNotOurs()).orElse(null)),
                Figure.text(process + " threads (first / last / max)",
                        r -> soak.apply(r).map(s -> counts(s.threads())).orElse(null)),
                Figure.text(process + " descriptors (first / last / max)",
                        r -> soak.apply(r).map(s -> counts(s.fds())).orElse(null)),
                Figure.text(process + " RSS MB (first / last / max)",
                        r -> soak.apply(r).map(s -> mb(s.rssKib())).orElse(null)),
                Figure.text(process + " soak samples", r -> soak.apply(r).map(s -> Integer.toString(s.samples()))
                        .orElse(null)),
                Figure.text(process + " soak verdict", r -> soak.apply(r).map(s -> s.passed() ? s.verdict()
                        : s.verdict() + ": " + String.join("; ", s.reasons())).orElse(null)));
    }

    private static String mb(SoakFigures.Range kib) {
        if (kib.first() < 0) {
            return null;
        }
        return String.format(Locale.ROOT, "%.1f / %.1f / %.1f", kib.first() / 1024.0, kib.last() / 1024.0,
                kib.max() / 1024.0);
    }

    private static String counts(SoakFigures.Range range) {
        return range.first() < 0 ? null : range.first() + " / " + range.last() + " / " + range.max();
    }
}
