package io.rpcbench.benchmark.scenario;

import io.rpcbench.reports.dashboard.Dashboard;
import io.rpcbench.reports.dashboard.RunInput;
import io.rpcbench.reports.dashboard.RunSummary;
import io.rpcbench.reports.figures.DashboardData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A measured cell made from a JTL a test writes row by row (labels, thread names, providers, bytes and times of its
 * choosing), read through the dashboard as a real run is, in the cell's folder under the test's directory.
 *
 * <pre>{@code
 * RecordedRun run = new RecordedRun().add(0, "person", "Thread Group 1-1", "dubbo://127.0.0.1:20880", 1100, 900, true);
 * CellResult result = run.result(dir, cell);
 * }</pre>
 */
public final class RecordedRun {

    public static final long START_MS = 1_700_000_000_000L;
    static final String HEADER = "timeStamp,elapsed,label,responseCode,responseMessage,threadName,dataType,success,"
            + "failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect,\"elapsed_us\"\n";

    private final StringBuilder jtl = new StringBuilder(HEADER);

    /** One sample starting {@code atMs} after {@link #START_MS}. */
    public RecordedRun add(long atMs, String label, String thread, String url, long bytes, long us, boolean success) {
        jtl.append(String.format(Locale.ROOT, "%d,%d,%s,%s,%s,%s,text,%s,%s,%d,%d,2,4,%s,0,0,0,%d%n", START_MS + atMs,
                us / 1000, label, success ? "OK" : "500", success ? "OK" : "failed", thread, success,
                success ? "" : "failed", bytes, bytes, url, us));
        return this;
    }

    /** The cell measured with these samples (every one counted), its JTL in {@code dir/<cell name>/}. */
    public CellResult result(Path dir, Cell cell) throws IOException {
        Path folder = Files.createDirectories(dir.resolve(cell.name()));
        Path file = Files.writeString(folder.resolve(cell.plan() + ".jtl"), jtl);
        DashboardData data = Dashboard.builder().title("recorded")
                .addRun(RunInput.named(cell.name(), file, Optional.empty(), Optional.empty()))
                .read(dir);
        return CellResult.measured(cell, folder, RunSummary.of(file, Duration.ZERO, Optional.empty()),
                data.runs().get(0), List.of(), OptionalInt.empty());
    }
}
