package io.rpcbench.benchmark.seeds.seed000;

import io.rpcbench.benchmark.scenario.Cell;
import io.rpcbench.benchmark.scenario.CellResult;
import io.rpcbench.benchmark.scenario.Figure;
import io.rpcbench.benchmark.scenario.Length;
import io.rpcbench.benchmark.scenario.Scenario;
import io.rpcbench.benchmark.scenario.ScenarioTable;
import io.rpcbench.benchmark.scenario.SeedColumn;
import io.rpcbench.benchmark.scenario.Stop;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Seed 000's CPU scenario (并发场景): 20 threads over Dubbo 3.3 with hessian2 send 1 KiB, and the provider appends a
 * new random number to it 10,000 times per call ({@code EchoService.appendRandomNumbers}, plan {@code seed-000-cpu}).
 * The seed asked whether the provider's business threads spread over every CPU, and published no figure, only
 * "business threads load-balanced: passed" (its section 3.2). The table gives the provider host's CPU, all cores
 * together and per core, how evenly the cores share it (the idlest and the busiest core), and the provider process's
 * CPU.
 *
 * <p>Per core: the plan asks the agent on the provider host for {@code cpu:combined:core=N} of each core below its
 * property {@code provider.cores} (at most {@value #PLAN_CORE_ROWS}, the seed's provider's hardware threads), which
 * the cell sets to {@link LogicalCores#ofThisMachine()}: the provider host is this machine, or a network namespace of
 * it.
 *
 * <p>{@link Length#SHORT}: {@value #SHORT_WARMUP_SECONDS} s warm-up, {@value #SHORT_MEASURED_SECONDS} s measured;
 * {@link Length#FULL}: the seed's 10 minutes after a {@value #FULL_WARMUP_SECONDS} s warm-up.
 */
public final class Seed000CpuScenario implements Scenario {

    static final String NAME = "seed-000-cpu";

    static final int THREADS = 20;
    static final int ROUNDS = 10000;
    /** The plan's per-core rows: cores 0 to 15, the seed's provider's 16 hardware threads. */
    static final int PLAN_CORE_ROWS = 16;
    /** The plan property that switches its per-core rows on for cores below it. */
    static final String CORES_PROPERTY = "provider.cores";

    static final int SHORT_WARMUP_SECONDS = 30;
    static final int SHORT_MEASURED_SECONDS = 60;
    static final int FULL_WARMUP_SECONDS = 60;
    /** Seed 000 measured 10 minutes per cell. */
    static final int FULL_MEASURED_SECONDS = 600;

    /** An int: the length of the text the provider built. */
    static final int ANSWER_BYTES = 4;

    /** How evenly the provider host's cores are busy: the idlest and the busiest core. */
    static final Figure CORE_SPREAD = Figure.text("provider host cores min / max %", r -> {
        List<Double> cores = r.providerCoreCpuPercent();
        if (cores.isEmpty()) {
            return null;
        }
        double min = cores.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
        double max = cores.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
        return String.format(Locale.ROOT, "%.1f / %.1f", min, max);
    });

    static final List<Figure> FIGURES = List.of(Figure.SAMPLES, Figure.TPS, Figure.AVERAGE_MS, Figure.P99_MS,
            Figure.ERROR_PERCENT, Figure.PROVIDER_HOST_CPU, Figure.PROVIDER_HOST_CPU_PER_CORE, CORE_SPREAD,
            Figure.PROVIDER_CPU, Figure.PROVIDER_THREADS);

    /** No figure: the seed's expectation table (3.2) only says the work spread over the CPUs. */
    static final SeedColumn SEED_000_CPU = new SeedColumn("seed 000: Dubbo 2.0 hessian2 + netty, 20 threads",
            Seed000Machines.HARDWARE + "; 10 min", Map.of(CORE_SPREAD.name(), "passed"));

    private final int cores;

    /** The scenario on this machine's cores. */
    public Seed000CpuScenario() {
        this(LogicalCores.ofThisMachine());
    }

    /** The scenario asking the plan for {@code cores} per-core rows (tests fix them). */
    Seed000CpuScenario(int cores) {
        if (cores < 1) {
            throw new IllegalArgumentException("the provider host has " + cores + " cores; expected 1 or more");
        }
        this.cores = cores;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "Dubbo hessian2, 20 threads, the provider appends 10,000 random numbers per call: provider host CPU "
                + "per core and total";
    }

    @Override
    public List<Cell> cells(Length length) {
        Stop stop = length.choose(Stop.timed(SHORT_WARMUP_SECONDS, SHORT_MEASURED_SECONDS),
                Stop.timed(FULL_WARMUP_SECONDS, FULL_MEASURED_SECONDS));
        return List.of(Cell.of("1 KiB, " + String.format(Locale.ROOT, "%,d", ROUNDS) + " rounds",
                        "Dubbo 3.3 hessian2", "seed-000-cpu")
                .named("dubbo-cpu")
                .properties(Map.of("rounds", Integer.toString(ROUNDS), CORES_PROPERTY, Integer.toString(cores)))
                .threads(THREADS)
                .stop(stop)
                .payloadBytes(ANSWER_BYTES)
                .seed(SEED_000_CPU));
    }

    @Override
    public ScenarioTable table(List<CellResult> results) {
        ScenarioTable table = ScenarioTable.of(NAME, "Dubbo hessian2, the provider appends random numbers: does "
                + "its work spread over every CPU? (seed 000, scenario 2; ours beside the seed's)", FIGURES, results)
                .withNote("seed passed: \"business threads load-balanced: passed\" (seed 000, 3.2); no figure "
                        + "published")
                .withNote("per core: the provider host's cores 0 to " + (Math.min(cores, PLAN_CORE_ROWS) - 1)
                        + " (cpu:combined:core=N), % of that core; total: all cores together; provider CPU: the "
                        + "provider process, % of one core");
        if (cores > PLAN_CORE_ROWS) {
            table = table.withNote("the provider host has " + cores + " cores; the plan asks for the first "
                    + PLAN_CORE_ROWS + " only");
        }
        return table;
    }
}
