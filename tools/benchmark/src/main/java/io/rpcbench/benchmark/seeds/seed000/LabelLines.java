package io.rpcbench.benchmark.seeds.seed000;

import io.rpcbench.benchmark.scenario.CellResult;
import io.rpcbench.benchmark.scenario.Figure;
import io.rpcbench.reports.statistics.LabelStatistics;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * A scenario table's lines for one part of a cell's samples (a sampler label, or one consumer's samples): TPS over the
 * cell's window, mean and p99 response time, failed samples; named after the part, e.g. "person TPS".
 *
 * <pre>{@code
 * List<Figure> person = LabelLines.of("person", r -> LabelLines.label(r, "person"));
 * }</pre>
 */
final class LabelLines {

    private LabelLines() {}

    /** TPS, mean ms, p99 ms and errors of the part {@code statistics} picks from a measured cell, if it has it. */
    static List<Figure> of(String part, Function<CellResult, Optional<LabelStatistics>> statistics) {
        return List.of(
                Figure.number(part + " TPS", 1, r -> statistics.apply(r).map(LabelStatistics::throughput)
                        .orElse(null)),
                Figure.number(part + " mean ms", 3, r -> statistics.apply(r).map(LabelStatistics::meanMs)
                        .orElse(null)),
                Figure.number(part + " p99 ms", 3, r -> statistics.apply(r).map(s -> s.percentileMs(99))
                        .orElse(null)),
                Figure.number(part + " errors", 0, r -> statistics.apply(r).map(s -> (double) s.errors())
                        .orElse(null)));
    }

    /** The statistics of {@code label} in a measured cell's window; empty when it has no sample of it. */
    static Optional<LabelStatistics> label(CellResult result, String label) {
        return result.summary().flatMap(s -> s.labels().stream().filter(l -> l.label().equals(label)).findFirst());
    }
}
