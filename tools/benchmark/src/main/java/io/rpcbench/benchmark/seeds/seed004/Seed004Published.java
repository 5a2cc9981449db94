package io.rpcbench.benchmark.seeds.seed004;

import io.rpcbench.benchmark.scenario.Figure;
import io.rpcbench.benchmark.scenario.SeedColumn;
import java.util.List;
import java.util.Map;

/**
 * Seed 004's published figures (its section 3.2, from apache/dubbo-benchmark: three calls over five stacks, 32
 * consumer threads over a single connection), quoted, not measured: per stack and call the ops/s and the P99 in ms as
 * the seed printed them, as {@link SeedColumn}s by {@link Figure} name. Stacks and calls are indexed in the seed's
 * order, the columns and rows of its table.
 */
final class Seed004Published {

    /** The seed's columns, as it named them. */
    static final List<String> STACKS = List.of("Dubbo + Hessian2 2.7", "Dubbo + Hessian2 3.0", "Dubbo + Protobuf 3.0",
            "Triple + Protobuf 3.0", "Triple + Protobuf(Hessian) 3.0");

    /** The seed's rows, its words translated (无参方法, pojo返回值, pojo列表返回值). */
    static final List<String> CALLS = List.of("no-argument method", "POJO return", "POJO list return");

    /** What the seed's columns are called in the table's notes (the columns name its stacks). */
    static final String TITLE = "seed 004, section 3.2 (apache/dubbo-benchmark, Dubbo 2.7 and 3.0)";

    /** The seed's machines and method (its section 3.1). */
    static final String HARDWARE = "provider and consumer each 4 cores, 8 GiB, Linux, JDK 1.8; 32 consumer threads over "
            + "a single connection, figures taken under sustained load (no duration given)";

    /** Per call (row), per stack (column): ops/s and P99 ms, as printed. */
    private static final List<List<List<String>>> FIGURES = List.of(
            List.of(List.of("30333", "2.5"), List.of("30414", "2.4"), List.of("24123", "3.2"), List.of("7016", "8.7"),
                    List.of("6635", "9.1")),
            List.of(List.of("8984", "6.1"), List.of("12279", "5.7"), List.of("21479", "3.0"), List.of("6255", "8.9"),
                    List.of("6491", "10")),
            List.of(List.of("1916", "34"), List.of("2037", "34"), List.of("12722", "7.7"), List.of("6920", "9.6"),
                    List.of("2833", "27")));

    private Seed004Published() {}

    /**
     * The seed's figures of the stack at {@code stack} for the call at {@code call}, under the names of
     * {@code opsFigure} and {@code p99Figure}.
     *
     * @throws IllegalArgumentException for a stack outside 0 to 4 or a call outside 0 to 2
     */
    static SeedColumn column(int stack, int call, Figure opsFigure, Figure p99Figure) {
        if (stack < 0 || stack >= STACKS.size()) {
            throw new IllegalArgumentException("seed 004 has no stack " + stack + "; expected 0 (" + STACKS.get(0)
                    + ") to " + (STACKS.size() - 1) + " (" + STACKS.get(STACKS.size() - 1) + ")");
        }
        if (call < 0 || call >= CALLS.size()) {
            throw new IllegalArgumentException("seed 004 has no call " + call + "; expected 0 (" + CALLS.get(0)
                    + ") to " + (CALLS.size() - 1) + " (" + CALLS.get(CALLS.size() - 1) + ")");
        }
        List<String> figures = FIGURES.get(call).get(stack);
        return new SeedColumn(TITLE, HARDWARE,
                Map.of(opsFigure.name(), figures.get(0), p99Figure.name(), figures.get(1)));
    }
}
