package io.rpcbench.benchmark.scenario;

import io.rpcbench.reports.dashboard.RunSummary;
import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.statistics.LabelStatistics;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * What one cell measured, or the measured reason it is empty (its plan failed, or no sample started in its
 * window). A measured cell has its samples' statistics per label over its window ({@link #summary}), the
 * dashboard's figures of the same window ({@link #figures}: the total over its labels, the provider host's CPU and
 * memory, the provider process's CPU, RSS and GC, the host's network and disks), the provider host's CPU per core
 * when the plan asks the agent for it ({@code CPU} rows with {@code core=N}), and the provider's thread count at the
 * cell's end. Its files (JTL, PerfMon file, JMeter's log) are in {@link #folder}, for figures of a scenario's own.
 */
public final class CellResult {

    private final Cell cell;
    private final Path folder;
    private final String emptyReason;
    private final RunSummary summary;
    private final DashboardData.RunData figures;
    private final List<Double> providerCoreCpuPercent;
    private final OptionalInt providerThreads;

    private CellResult(Cell cell, Path folder, String emptyReason, RunSummary summary, DashboardData.RunData figures,
            List<Double> providerCoreCpuPercent, OptionalInt providerThreads) {
        this.cell = Objects.requireNonNull(cell, "cell");
        this.folder = Objects.requireNonNull(folder, "folder");
        this.emptyReason = emptyReason;
        this.summary = summary;
        this.figures = figures;
        this.providerCoreCpuPercent = List.copyOf(providerCoreCpuPercent);
        this.providerThreads = providerThreads;
    }

    /**
     * A measured cell.
     *
     * @param providerCoreCpuPercent the provider host's CPU per core over the window, core 0 first; empty when the
     *                               plan asks for none
     */
    public static CellResult measured(Cell cell, Path folder, RunSummary summary, DashboardData.RunData figures,
            List<Double> providerCoreCpuPercent, OptionalInt providerThreads) {
        return new CellResult(cell, folder, null, Objects.requireNonNull(summary, "summary"),
                Objects.requireNonNull(figures, "figures"), providerCoreCpuPercent, providerThreads);
    }

    /** An empty cell and the measured reason, e.g. JMeter's exit code and the last lines it printed. */
    public static CellResult empty(Cell cell, Path folder, String reason) {
        if (reason == null || reason.isBlank()) {
            throw new IllegalArgumentException("empty cell '" + cell.name() + "' needs the reason it is empty");
        }
        return new CellResult(cell, folder, reason, null, null, List.of(), OptionalInt.empty());
    }

    /** The cell as it ran (with the command's overrides: threads, warm-up, duration). */
    public Cell cell() { return cell; }

    /** The cell's results folder: its JTL, PerfMon file and JMeter's log. */
    public Path folder() { return folder; }

    public boolean isEmpty() { return emptyReason != null; }

    /** Why the cell is empty; empty for a measured cell. */
    public Optional<String> emptyReason() { return Optional.ofNullable(emptyReason); }

    /** The statistics per label of the samples in the cell's window; empty for an empty cell. */
    public Optional<RunSummary> summary() { return Optional.ofNullable(summary); }

    /** The dashboard's figures of the cell's window (its run); empty for an empty cell. */
    public Optional<DashboardData.RunData> figures() { return Optional.ofNullable(figures); }

    /** The provider host's CPU per core over the window, % of that core, core 0 first; empty when not asked for. */
    public List<Double> providerCoreCpuPercent() { return providerCoreCpuPercent; }

    /** The provider process's threads at the cell's end, when they could be read. */
    public OptionalInt providerThreads() { return providerThreads; }

    /** Samples in the window over all labels; 0 for an empty cell. */
    public long samples() {
        return summary == null ? 0 : summary.labels().stream().mapToLong(LabelStatistics::samples).sum();
    }

    /** Failed samples in the window over all labels; 0 for an empty cell. */
    public long errors() {
        return summary == null ? 0 : summary.labels().stream().mapToLong(LabelStatistics::errors).sum();
    }

    /** The bytes a sample received on average over all labels (payload plus envelope); empty without samples. */
    public OptionalDouble receivedBytesPerSample() {
        long samples = samples();
        return samples == 0 ? OptionalDouble.empty() : OptionalDouble.of(
                summary.labels().stream().mapToLong(LabelStatistics::receivedBytes).sum() / (double) samples);
    }
}
