package io.rpcbench.benchmark.seeds;

import io.rpcbench.benchmark.scenario.Cell;
import io.rpcbench.benchmark.scenario.CellResult;
import io.rpcbench.benchmark.scenario.CellSetup;
import io.rpcbench.benchmark.scenario.Figure;
import io.rpcbench.benchmark.scenario.Length;
import io.rpcbench.benchmark.scenario.Scenario;
import io.rpcbench.benchmark.scenario.ScenarioTable;
import io.rpcbench.benchmark.scenario.SeedColumn;
import io.rpcbench.benchmark.scenario.Stop;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Seed 002's delay matrix: the provider sleeps 0, 10, 20, 50 or 100 ms, then builds and returns a text of 10, 1,000,
 * 5,000 or 10,000 chars ({@code EchoService.sleepAndBuildText}), called by 300 JMeter threads against a provider
 * pool of 600 ({@code --threads 600}, as the seed fixed Dubbo's pool so that it never rejects a call), over Dubbo 3.3
 * with hessian2 (plan {@code seed-002-delay-dubbo}) and Thrift 0.20's binary protocol ({@code seed-002-delay-thrift});
 * mac-rpc 1.0.1, the seed's other system, has no public artefact, so Thrift runs in its place. The table is the
 * seed's matrix: a row per delay, a column per system and size, TPS and mean response time, and the seed's resource
 * figures (section 5): the provider's CPU, threads and memory per cell.
 *
 * <p>{@link Length#FULL} stops each cell as the seed did, by calls per thread: {@value #FULL_CALLS} calls, or
 * {@value #FULL_CALLS_SLOW} for the slow or large cells (delay of {@value #SLOW_DELAY_MS} ms or more, or
 * {@value #LARGE_SIZE} chars or more: the seed "reduced the calls per thread to 5,000 or 2,000 as the delay and the
 * size grew" without saying where). {@link Length#SHORT} runs each cell by duration, {@value #SHORT_WARMUP_SECONDS} s
 * warm-up then {@value #SHORT_MEASURED_SECONDS} s measured. The thread group's time includes the 300 clients'
 * set-up, which the window loses: 1.5 to 2.3 s measured at a load average of 5 to 10 on 2 vCPUs, but up to 10 s at
 * 20 to 40, when 4 of 40 Dubbo cells of 5 s + 8 s had no sample in their window. {@value #SHORT_MEASURED_SECONDS} s
 * leaves the slowest cell (100 ms, each thread 10 calls a second) about 300 x 10 x 8 = 24,000 samples, 80 calls per
 * thread, so the window's edges (at most one call per thread) move its TPS by about 1 %. Each cell also starts
 * JMeter and has it build its own dashboard (10 to 20 s on 2 vCPUs): the 40 cells take about 20 minutes.
 *
 * <p>The provider restarts only between the systems (their set-ups differ), so each system's provider serves its own
 * cells in order and its threads and RSS at a cell's end include what the earlier cells of that system made it grow.
 */
final class Seed002DelayScenario implements Scenario {

    static final String NAME = "seed-002-delay";

    static final List<Integer> DELAYS_MS = List.of(0, 10, 20, 50, 100);
    static final List<Integer> SIZES = List.of(10, 1000, 5000, 10000);

    /** The seed's consumer threads and the provider's pool, twice as large so that Dubbo never rejects a call. */
    static final int THREADS = 300;
    static final String PROVIDER_POOL = "600";

    static final int SHORT_WARMUP_SECONDS = 3;
    static final int SHORT_MEASURED_SECONDS = 10;

    static final int FULL_CALLS = 5000;
    static final int FULL_CALLS_SLOW = 2000;
    static final int SLOW_DELAY_MS = 50;
    static final int LARGE_SIZE = 5000;
    /** Not counted in --full: the connections' set-up and the JIT's first compilations. */
    static final int FULL_WARMUP_SECONDS = 10;
    /** Bounds a --full cell: 5,000 calls of 20 ms plus queueing on a loaded provider, with room to spare. */
    static final int FULL_CAP_SECONDS = 1800;

    /** One laptop ran consumer and provider: the seed's machine. */
    static final String SEED_002_HARDWARE = "one laptop, consumer and provider: Intel i5-6300HQ 2.30 GHz, 8 GiB, "
            + "JDK 1.7; throttles when hot: runs alternated and averaged";
    /** What the seed published for the matrix: an image, no figures in its text. */
    static final String IMAGE = "image";

    static final SeedColumn SEED_002_DUBBO = new SeedColumn("seed 002: Dubbo 2.6.1, fixed pool 600",
            SEED_002_HARDWARE, Map.of(Figure.TPS.name(), IMAGE, Figure.AVERAGE_MS.name(), IMAGE,
                    Figure.PROVIDER_CPU.name(), "20 %", Figure.PROVIDER_THREADS.name(), "300",
                    Figure.PROVIDER_RSS_MB.name(), "50-200"));
    static final SeedColumn SEED_002_MAC_RPC = new SeedColumn("seed 002: mac-rpc 1.0.1 (no public artefact; "
            + "Thrift runs in its place)", SEED_002_HARDWARE, Map.of(Figure.TPS.name(), IMAGE,
                    Figure.AVERAGE_MS.name(), IMAGE, Figure.PROVIDER_CPU.name(), "25 %",
                    Figure.PROVIDER_RSS_MB.name(), "~50"));

    static final List<Figure> FIGURES = List.of(Figure.SAMPLES, Figure.TPS, Figure.AVERAGE_MS, Figure.ERROR_PERCENT,
            Figure.PROVIDER_CPU, Figure.PROVIDER_THREADS, Figure.PROVIDER_RSS_MB);

    /** A system of the matrix: its plan, its name in cell names and columns, the seed's column beside it. */
    private record RpcSystem(String plan, String cellName, String column, SeedColumn seed, CellSetup setup) {}

    /**
     * The set-ups name each system's own serialization or protocol (the provider's defaults), so that they differ
     * and the runner starts a fresh provider for the second system.
     */
    private static final List<RpcSystem> SYSTEMS = List.of(
            new RpcSystem("seed-002-delay-dubbo", "dubbo", "Dubbo", SEED_002_DUBBO,
                    CellSetup.provider("--threads", PROVIDER_POOL, "--serialization", "hessian2")),
            new RpcSystem("seed-002-delay-thrift", "thrift", "Thrift", SEED_002_MAC_RPC,
                    CellSetup.provider("--threads", PROVIDER_POOL, "--thrift-protocol", "binary")));

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "Dubbo hessian2 vs Thrift binary, provider sleeps 0-100 ms and returns 10-10,000 chars, 300 threads "
                + "(40 cells)";
    }

    @Override
    public List<Cell> cells(Length length) {
        List<Cell> cells = new ArrayList<>();
        for (RpcSystem system : SYSTEMS) {
            for (int delay : DELAYS_MS) {
                for (int size : SIZES) {
                    cells.add(Cell.of(row(delay), system.column() + " " + size, system.plan())
                            .named(system.cellName() + "-" + delay + "ms-" + size)
                            .properties(Map.of("delay_ms", Integer.toString(delay),
                                    "size_bytes", Integer.toString(size)))
                            .threads(THREADS)
                            .stop(stop(length, delay, size))
                            .setup(system.setup())
                            .payloadBytes(size)
                            .seed(system.seed()));
                }
            }
        }
        return cells;
    }

    /** By duration when short; by the seed's calls per thread when full, fewer for the slow or large cells. */
    static Stop stop(Length length, int delayMs, int size) {
        boolean slow = delayMs >= SLOW_DELAY_MS || size >= LARGE_SIZE;
        return length.choose(Stop.timed(SHORT_WARMUP_SECONDS, SHORT_MEASURED_SECONDS),
                Stop.calls(FULL_WARMUP_SECONDS, slow ? FULL_CALLS_SLOW : FULL_CALLS, FULL_CAP_SECONDS));
    }

    private static String row(int delayMs) {
        return "delay " + delayMs + " ms";
    }

    @Override
    public ScenarioTable table(List<CellResult> results) {
        return ScenarioTable.of(NAME, "Dubbo hessian2 vs Thrift binary, the provider sleeps, then returns a text "
                + "(columns: system and chars; seed 002's matrix, ours beside the seed's)", FIGURES, results)
                .withNote("Dubbo: Dubbo 3.3 hessian2; Thrift: Thrift 0.20 binary (TThreadPoolServer); both served by "
                        + "the provider app with --threads " + PROVIDER_POOL + ", restarted between the systems: "
                        + "threads and RSS at a cell's end include the growth of that system's earlier cells")
                .withNote("seed " + IMAGE + ": the seed published its TPS and response-time matrix as an image; our "
                        + "text of the seed has no figures of it")
                .withNote("seed's resources (section 5), one figure for all cells: provider CPU Dubbo 20 %, mac-rpc "
                        + "25 % (of what, not said: likely the laptop's 4 hardware threads); memory Dubbo 50-200 MB, "
                        + "mac-rpc about 50 MB; Dubbo's pool (SynchronousQueue) runs a provider thread per calling "
                        + "consumer thread: 300 (said, not measured)")
                .withNote("mac-rpc 1.0.1 (boarsoft.com) has no public artefact (not on Maven Central): no run of "
                        + "ours; its seed figures stand beside Thrift, which takes its place");
    }
}
