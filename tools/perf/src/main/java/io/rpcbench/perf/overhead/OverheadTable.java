package io.rpcbench.perf.overhead;

import io.rpcbench.perf.doc.Spread;
import io.rpcbench.perf.overhead.OverheadBenchmark.Measure;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The overhead benchmark's table, one row per protocol and thread count, and its targets: the bare loop (a), JMeter
 * with our sampler (b), JMeter's floor (the same plan with JMeter's no-op sampler), the bound the loop and the floor
 * imply for b ({@link #bound}), each side's CPU per call, b/a and b/bound against their targets. A target missed is
 * shown as missed. Output depends only on its inputs (fixed locale), so a golden test seals it.
 */
final class OverheadTable {

    /** b/bound's target: JMeter with our sampler at least this share of what the loop and the floor allow. */
    static final double BOUND_TARGET = 0.85;

    /** b/a's target per protocol (issue 13): Dubbo's call dominates its sample, Thrift's is cheap beside JMeter's. */
    static final Map<String, Double> BARE_LOOP_TARGET = Map.of("dubbo", 0.85, "thrift", 0.60);

    /** One round of one row: the three sides run one after another. */
    record Round(Measure bare, Measure jmeter, Measure floor) {

        double bound() {
            return OverheadTable.bound(bare.tps(), floor.tps());
        }

        double jmeterToBare() {
            return jmeter.tps() / bare.tps();
        }

        double jmeterToBound() {
            return jmeter.tps() / bound();
        }
    }

    private OverheadTable() {}

    /**
     * What JMeter with our sampler could reach if its per-call cost were the loop's per call plus JMeter's floor per
     * sample, each taking the time it takes alone: {@code 1 / (1/a + 1/floor)} calls/s. E.g. a = 185,000 and floor
     * = 380,000 give 124,000: the sampler may add nothing else for b to reach it.
     */
    static double bound(double bareTps, double floorTps) {
        if (bareTps <= 0 || floorTps <= 0) {
            throw new IllegalArgumentException("the bare loop's (" + bareTps + ") and the floor's (" + floorTps
                    + ") calls/s must be positive for a bound");
        }
        return 1 / (1 / bareTps + 1 / floorTps);
    }

    static String markdown(Map<String, Map<Integer, List<Round>>> rows) {
        StringBuilder out = new StringBuilder("| protocol | threads | (a) bare loop calls/s | (b) JMeter calls/s "
                + "| floor calls/s | bound calls/s | b/a | b/bound | CPU µs/call (a) | CPU µs/call (b) "
                + "| CPU µs/call (floor) | (a) p99 ms | (b) p99 ms | failed calls (a / b) |\n"
                + "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
        rows.forEach((protocol, byThreads) -> byThreads.forEach((threads, rounds) -> {
            long bareFailures = rounds.stream().mapToLong(r -> r.bare().failures()).sum();
            long jmeterFailures = rounds.stream().mapToLong(r -> r.jmeter().failures()).sum();
            out.append(String.format(Locale.ROOT, "| %s | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s "
                    + "| %d / %d |%n", protocol, threads,
                    spread(rounds, r -> r.bare().tps(), 0), spread(rounds, r -> r.jmeter().tps(), 0),
                    spread(rounds, r -> r.floor().tps(), 0), spread(rounds, Round::bound, 0),
                    judged(spread(rounds, Round::jmeterToBare), BARE_LOOP_TARGET.get(protocol)),
                    judged(spread(rounds, Round::jmeterToBound), BOUND_TARGET),
                    spread(rounds, r -> r.bare().cpuMicrosPerCall(), 1),
                    spread(rounds, r -> r.jmeter().cpuMicrosPerCall(), 1),
                    spread(rounds, r -> r.floor().cpuMicrosPerCall(), 1),
                    spread(rounds, r -> r.bare().p99Ms(), 0), spread(rounds, r -> r.jmeter().p99Ms(), 0),
                    bareFailures, jmeterFailures));
        }));
        return out.toString();
    }

    /** A ratio's spread with its verdict against {@code target} (by the median), or alone without a target. */
    static String judged(Spread ratio, Double target) {
        String figure = ratio.format(2);
        if (target == null) {
            return figure;
        }
        String goal = String.format(Locale.ROOT, "≥ %.2f", target);
        return ratio.median() >= target ? figure + " met (" + goal + ")" : figure + " **missed** (" + goal + ")";
    }

    private static Spread spread(List<Round> rounds, ToDoubleFunction<Round> figure) {
        return Spread.of(rounds.stream().map(r -> figure.applyAsDouble(r)).toList());
    }

    /** The figure's spread, or {@code n/a} when a round could not measure it (NaN, e.g. no CPU reading). */
    private static String spread(List<Round> rounds, ToDoubleFunction<Round> figure, int decimals) {
        List<Double> values = rounds.stream().map(r -> figure.applyAsDouble(r)).toList();
        return values.stream().anyMatch(v -> v.isNaN()) ? "n/a" : Spread.of(values).format(decimals);
    }
}
