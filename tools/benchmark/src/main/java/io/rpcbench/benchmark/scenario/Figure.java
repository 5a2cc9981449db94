package io.rpcbench.benchmark.scenario;

import io.rpcbench.reports.figures.DashboardData;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * One line of a scenario's table: a figure's name, the key of the seeds' published figures too
 * ({@link SeedColumn#figures}), and how to read it from a measured cell as text, with a fixed number of decimals in
 * {@link Locale#ROOT}. The common figures are constants here; a scenario with a figure of its own makes one with
 * {@link #number} or {@link #text}, e.g. from a file in the cell's folder.
 *
 * @param name  e.g. "TPS"
 * @param value the figure of a measured cell, empty when the cell does not have it
 */
public record Figure(String name, Function<CellResult, Optional<String>> value) {

    public static final Figure SAMPLES = total("samples", 0, DashboardData.LabelFigures::samples);
    public static final Figure TPS = total("TPS", 1, DashboardData.LabelFigures::tps);
    public static final Figure AVERAGE_MS = total("average ms", 3, DashboardData.LabelFigures::averageMs);
    public static final Figure P50_MS = total("p50 ms", 3, DashboardData.LabelFigures::p50Ms);
    public static final Figure P90_MS = total("p90 ms", 3, DashboardData.LabelFigures::p90Ms);
    public static final Figure P95_MS = total("p95 ms", 3, DashboardData.LabelFigures::p95Ms);
    public static final Figure P99_MS = total("p99 ms", 3, DashboardData.LabelFigures::p99Ms);
    public static final Figure P999_MS = total("p99.9 ms", 3, DashboardData.LabelFigures::p999Ms);
    public static final Figure MAX_MS = total("max ms", 3, DashboardData.LabelFigures::maxMs);
    public static final Figure ERROR_PERCENT = total("error %", 2, DashboardData.LabelFigures::errorPercent);
    /** The bytes a sample received on average: the payload plus the protocol's envelope. */
    public static final Figure RECEIVED_BYTES = number("recv B/sample", 0, r -> value(r.receivedBytesPerSample()));
    /** The provider host's CPU, all cores together (the agent's {@code cpu:combined}). */
    public static final Figure PROVIDER_HOST_CPU = server("provider host CPU %", 1,
            DashboardData.ServerFigures::hostCpuPercent);
    /** The provider host's CPU per core, core 0 first (the plan's CPU rows with {@code core=N}). */
    public static final Figure PROVIDER_HOST_CPU_PER_CORE = text("provider host CPU per core %",
            r -> r.providerCoreCpuPercent().isEmpty() ? null : r.providerCoreCpuPercent().stream()
                    .map(v -> String.format(Locale.ROOT, "%.1f", v)).collect(Collectors.joining(" / ")));
    public static final Figure PROVIDER_HOST_MEMORY = server("provider host memory %", 1,
            DashboardData.ServerFigures::hostMemoryPercent);
    public static final Figure PROVIDER_CPU = server("provider CPU (% of a core)", 1,
            DashboardData.ServerFigures::providerCpuPercent);
    public static final Figure PROVIDER_RSS_MB = server("provider RSS MB", 1,
            DashboardData.ServerFigures::providerRssMb);
    /** The provider process's threads at the cell's end. */
    public static final Figure PROVIDER_THREADS = number("provider threads", 0,
            r -> r.providerThreads().isPresent() ? (double) r.providerThreads().getAsInt() : null);
    public static final Figure NETWORK_IN = server("network in B/s", 0,
            DashboardData.ServerFigures::networkInBytesPerSecond);
    public static final Figure NETWORK_OUT = server("network out B/s", 0,
            DashboardData.ServerFigures::networkOutBytesPerSecond);
    public static final Figure GC_COLLECTIONS = server("GC collections", 0,
            s -> s.gcCollections() == null ? null : s.gcCollections().doubleValue());
    public static final Figure GC_PAUSE_MS = server("GC pause ms", 1, DashboardData.ServerFigures::gcPauseMs);
    public static final Figure GC_PAUSE_PERCENT = server("GC pause %", 2, DashboardData.ServerFigures::gcPausePercent);

    /** Seed 003's lines: samples, TPS, response times, the provider's CPU and memory, network, GC. */
    public static final List<Figure> SEED_003 = List.of(SAMPLES, TPS, AVERAGE_MS, P90_MS, P95_MS, P99_MS,
            ERROR_PERCENT, RECEIVED_BYTES, PROVIDER_HOST_CPU, PROVIDER_HOST_CPU_PER_CORE, PROVIDER_HOST_MEMORY,
            PROVIDER_CPU, PROVIDER_RSS_MB, PROVIDER_THREADS, NETWORK_IN, NETWORK_OUT, GC_PAUSE_MS, GC_PAUSE_PERCENT);

    /** A number read from a measured cell (null: the cell does not have it), shown with {@code decimals}. */
    public static Figure number(String name, int decimals, Function<CellResult, Double> reader) {
        String format = "%." + decimals + "f";
        return new Figure(name, r -> Optional.ofNullable(reader.apply(r))
                .filter(v -> !v.isNaN())
                .map(v -> String.format(Locale.ROOT, format, v)));
    }

    /** Text read from a measured cell (null: the cell does not have it). */
    public static Figure text(String name, Function<CellResult, String> reader) {
        return new Figure(name, r -> Optional.ofNullable(reader.apply(r)));
    }

    /** A figure of the cell's total over its labels, from the dashboard's figures of its window. */
    private static Figure total(String name, int decimals, Function<DashboardData.LabelFigures, Number> reader) {
        return number(name, decimals, r -> r.figures().map(f -> reader.apply(f.total()).doubleValue()).orElse(null));
    }

    /** A figure of the provider's side of the cell's window (the PerfMon readings in it). */
    private static Figure server(String name, int decimals, Function<DashboardData.ServerFigures, Double> reader) {
        return number(name, decimals, r -> r.figures().map(DashboardData.RunData::server).map(reader).orElse(null));
    }

    private static Double value(OptionalDouble value) {
        return value.isPresent() ? value.getAsDouble() : null;
    }
}
