package io.rpcbench.benchmark.seeds;

import io.rpcbench.benchmark.scenario.Cell;
import io.rpcbench.benchmark.scenario.CellResult;
import io.rpcbench.benchmark.scenario.Figure;
import io.rpcbench.benchmark.scenario.Length;
import io.rpcbench.benchmark.scenario.Scenario;
import io.rpcbench.benchmark.scenario.ScenarioTable;
import io.rpcbench.benchmark.scenario.SeedColumns;
import io.rpcbench.benchmark.scenario.Stop;
import java.util.List;

/**
 * Seed 003: Dubbo with hessian2 against Thrift's binary protocol (TThreadPoolServer), an echo of 1 KiB and of
 * 100 KiB, 20 threads, each 60 s warm-up then 60 s measured ({@code --full}: 600 s, as the seed measured 10
 * minutes); its two tables (one per payload, the systems side by side, the figures as lines) as one: a row per
 * payload. The seed left its Thrift columns empty; its Dubbo figures were taken on another machine and network
 * ({@link SeedColumns#SEED_003_HARDWARE}).
 */
public final class Seed003Scenario implements Scenario {

    static final String NAME = "seed-003";

    /** The main job's warm-up, measured (docs/performance.md, "Warm-up and window"): every plan steady by 60 s. */
    static final int WARMUP_SECONDS = 60;
    static final int SHORT_MEASURED_SECONDS = 60;
    /** Seed 003 measured 10 minutes per system. */
    static final int FULL_MEASURED_SECONDS = 600;

    private static final String DUBBO = "Dubbo 3.3 hessian2";
    private static final String THRIFT = "Thrift 0.20 binary";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "Dubbo hessian2 vs Thrift binary, echo of 1 KiB and 100 KiB, 20 threads (the default run)";
    }

    @Override
    public List<Cell> cells(Length length) {
        Stop stop = length.choose(Stop.timed(WARMUP_SECONDS, SHORT_MEASURED_SECONDS),
                Stop.timed(WARMUP_SECONDS, FULL_MEASURED_SECONDS));
        return List.of(
                Cell.of("echo 1k", DUBBO, "dubbo-echo-1k").stop(stop).payloadBytes(1024)
                        .seed(SeedColumns.SEED_003_DUBBO_1K),
                Cell.of("echo 100k", DUBBO, "dubbo-echo-100k").stop(stop).payloadBytes(100 * 1024)
                        .seed(SeedColumns.SEED_003_DUBBO_100K),
                Cell.of("echo 1k", THRIFT, "thrift-echo-1k").stop(stop).payloadBytes(1024)
                        .seed(SeedColumns.SEED_003_THRIFT_1K),
                Cell.of("echo 100k", THRIFT, "thrift-echo-100k").stop(stop).payloadBytes(100 * 1024)
                        .seed(SeedColumns.SEED_003_THRIFT_100K));
    }

    @Override
    public ScenarioTable table(List<CellResult> results) {
        return ScenarioTable.of(NAME, "Dubbo hessian2 vs Thrift binary, echo (seed 003's tables, ours beside the "
                + "seed's)", Figure.SEED_003, results);
    }
}
