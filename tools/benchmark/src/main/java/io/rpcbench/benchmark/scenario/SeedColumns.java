package io.rpcbench.benchmark.scenario;

import java.util.Map;

/**
 * The seeds' published figures (in {@code ../shared/seeds/}), quoted, with the hardware each ran on; figures by
 * {@link Figure} name. Scenarios put them beside their cells ({@link Cell#seed}); {@code ./run-performance seeds}
 * reads them from here too.
 */
public final class SeedColumns {

    /** Seed 003's machines: the provider's, and the consumer's distance from it. */
    public static final String SEED_003_HARDWARE = "provider: 2 vCPU QEMU 2.1 GHz, 4 GiB, CentOS 6.4, JDK 1.8, "
            + "-Xmx2g G1; consumer (JMeter, 20 threads) in another city, ~7 ms ping; 10 min";

    /** Seed 003, echo of 1 KiB on Dubbo 2.7.13 with hessian2 (2 vCPU QEMU guest, 10 min, 7 ms RTT). */
    public static final SeedColumn SEED_003_DUBBO_1K = new SeedColumn("seed 003: Dubbo 2.7.13 hessian2",
            SEED_003_HARDWARE, Map.ofEntries(
                    Map.entry("samples", "1298522"), Map.entry("TPS", "2164.2"), Map.entry("average ms", "8"),
                    Map.entry("p90 ms", "10"), Map.entry("p95 ms", "11"), Map.entry("p99 ms", "18"),
                    Map.entry("provider CPU (% of a core)", "32 (java process)"),
                    Map.entry("provider RSS MB", "21.6 % of 4 GiB (java process)"),
                    Map.entry("network in B/s", "2 800 000 (chart; unit, direction not given)"),
                    Map.entry("GC pause ms", "1062 (in 10 min)"), Map.entry("GC pause %", "0.18")));

    /** Seed 003's Thrift column of the 1 KiB table: left empty by the seed. */
    public static final SeedColumn SEED_003_THRIFT_1K = new SeedColumn("seed 003: Thrift", SEED_003_HARDWARE,
            Map.of());

    /** Seed 003, echo of 100 KiB on Dubbo 2.7.13 with hessian2. */
    public static final SeedColumn SEED_003_DUBBO_100K = new SeedColumn("seed 003: Dubbo 2.7.13 hessian2",
            SEED_003_HARDWARE, Map.ofEntries(
                    Map.entry("samples", "79450"), Map.entry("TPS", "132.4"), Map.entry("p90 ms", "213"),
                    Map.entry("p95 ms", "227"), Map.entry("p99 ms", "288"),
                    Map.entry("provider CPU (% of a core)", "26.0 (java process)"),
                    Map.entry("provider RSS MB", "16.5 % of 4 GiB (java process)"),
                    Map.entry("network in B/s", "1 200 000 (chart; unit, direction not given)"),
                    Map.entry("GC pause ms", "490 (in 10 min)"), Map.entry("GC pause %", "0.08")));

    /** Seed 003's Thrift column of the 100 KiB table: left empty by the seed. */
    public static final SeedColumn SEED_003_THRIFT_100K = new SeedColumn("seed 003: Thrift", SEED_003_HARDWARE,
            Map.of());

    /** Seed 001's 1k row: Dubbo 2.0 with hessian2 over netty, a 1k string, 10 threads, 10 min. */
    public static final SeedColumn SEED_001_DUBBO_1K = new SeedColumn(
            "seed 001: Dubbo 2.0 hessian2 + netty, 1k string, 10 threads",
            "client and server: Intel Xeon E5520 2.27 GHz, 16 threads, 6 GiB (Tecal BH620), 10 min",
            Map.of("TPS", "14402", "average ms", "0.64"));

    private SeedColumns() {}
}
