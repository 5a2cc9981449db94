package io.rpcbench.benchmark.scenario;

import io.rpcbench.benchmark.runner.ProviderCores;
import io.rpcbench.reports.dashboard.Dashboard;
import io.rpcbench.reports.dashboard.RunInput;
import io.rpcbench.reports.dashboard.RunSummary;
import io.rpcbench.reports.figures.DashboardData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Cell results made from small runs written here, with fixed figures: each a JTL of 20 samples over 10 s (with the
 * samplers' elapsed_us) and a PerfMon file of the provider host's CPU (total and per core) and the provider's CPU
 * and RSS (and, when asked, its GC pauses), read through the dashboard as a real run is, so that the figures are the
 * runner's.
 */
public final class RecordedCells {

    private static final long START_MS = 1_700_000_000_000L;
    /** A failed sample's response code and message. */
    public static final String FAILURE_CODE = "remote-exception";
    public static final String FAILURE_MESSAGE =
            "org.apache.dubbo.rpc.RpcException: Failed to invoke the method getUser";

    private RecordedCells() {}

    /**
     * The results of {@code cells} in {@code dir}: cell i measured with {@code receivedBytes[i]} bytes a sample (and
     * response times growing with i), or empty with {@code emptyReason} where {@code receivedBytes[i]} is negative.
     */
    public static List<CellResult> of(Path dir, List<Cell> cells, long[] receivedBytes, String emptyReason)
            throws IOException {
        return of(dir, cells, receivedBytes, emptyReason, new int[cells.size()], false);
    }

    /**
     * As {@link #of(Path, List, long[], String)}, with the last {@code failedSamples[i]} of cell i's 20 samples
     * failed (response code {@value #FAILURE_CODE}, message {@value #FAILURE_MESSAGE}), and with the provider's GC
     * pauses in the PerfMon file when {@code gc}: a pause of 1 + i ms every other second.
     */
    public static List<CellResult> of(Path dir, List<Cell> cells, long[] receivedBytes, String emptyReason,
            int[] failedSamples, boolean gc) throws IOException {
        Dashboard dashboard = Dashboard.builder().title("recorded");
        List<RunSummary> summaries = new ArrayList<>();
        for (int i = 0; i < cells.size(); i++) {
            if (receivedBytes[i] < 0) {
                summaries.add(null);
                continue;
            }
            Path folder = Files.createDirectories(dir.resolve(cells.get(i).name()));
            Path jtl = writeJtl(folder.resolve("run.jtl"), cells.get(i).name(), receivedBytes[i], i,
                    failedSamples[i]);
            Path perfmon = writePerfmon(folder.resolve("perfmon.jtl"), i, gc);
            dashboard.addRun(RunInput.named(cells.get(i).name(), jtl, Optional.of(perfmon), Optional.empty()));
            summaries.add(RunSummary.of(jtl, Duration.ZERO, Optional.empty()));
        }
        DashboardData data = summaries.stream().allMatch(s -> s == null) ? null : dashboard.read(dir);
        List<CellResult> results = new ArrayList<>();
        for (int i = 0; i < cells.size(); i++) {
            Cell cell = cells.get(i);
            Path folder = dir.resolve(cell.name());
            if (summaries.get(i) == null) {
                results.add(CellResult.empty(cell, folder, emptyReason));
                continue;
            }
            DashboardData.RunData run = data.runs().stream().filter(r -> r.name().equals(cell.name())).findFirst()
                    .orElseThrow();
            results.add(CellResult.measured(cell, folder, summaries.get(i), run,
                    ProviderCores.read(folder.resolve("perfmon.jtl"), run.server().providerHost(),
                            run.windowStartMs(), run.windowEndMs()),
                    OptionalInt.of(40 + i)));
        }
        return results;
    }

    private static Path writeJtl(Path file, String label, long bytes, int cell, int failed) throws IOException {
        StringBuilder jtl = new StringBuilder("timeStamp,elapsed,label,responseCode,responseMessage,threadName,"
                + "dataType,success,failureMessage,bytes,sentBytes,grpThreads,allThreads,URL,Latency,IdleTime,Connect,"
                + "\"elapsed_us\"\n");
        for (int k = 0; k < 20; k++) {
            long us = 700 + 100L * cell + 13L * k;
            boolean ok = k < 20 - failed;
            jtl.append(String.format(Locale.ROOT, "%d,%d,%s,%s,%s,Thread Group 1-%d,text,%s,,%d,%d,2,2,null,0,0,0,"
                    + "%d%n", START_MS + 500L * k, us / 1000, label, ok ? "OK" : FAILURE_CODE,
                    ok ? "OK" : FAILURE_MESSAGE, 1 + k % 2, ok, bytes, bytes, us));
        }
        return Files.writeString(file, jtl);
    }

    private static Path writePerfmon(Path file, int cell, boolean gc) throws IOException {
        StringBuilder perfmon = new StringBuilder("timeStamp,elapsed,label,responseCode,responseMessage,threadName,"
                + "success,bytes,sentBytes,grpThreads,allThreads,Latency,Hostname,Connect\n");
        String[][] series = {
            {"127.0.0.1 CPU combined", "40"}, {"127.0.0.1 CPU combined:core=0", "30"},
            {"127.0.0.1 CPU combined:core=1", "50"}, {"127.0.0.1 CPU provider", "60"},
            {"127.0.0.1 Memory provider", "300"}};
        for (int k = 0; k < 10; k++) {
            for (String[] s : series) {
                double value = Double.parseDouble(s[1]) + cell + k % 2;
                perfmon.append(String.format(Locale.ROOT, "%d,%d,%s,,,,true,0,0,0,0,0,loadgen,0%n",
                        START_MS + 1000L * k + 14, Math.round(value * 1000), s[0]));
            }
            if (gc) {
                int pauses = k % 2;
                perfmon.append(String.format(Locale.ROOT, "%d,%d,127.0.0.1 JMX provider-gc-time,,,,true,0,0,0,0,0,"
                        + "loadgen,0%n", START_MS + 1000L * k + 14, 1000L * pauses * (1 + cell)));
                perfmon.append(String.format(Locale.ROOT, "%d,%d,127.0.0.1 JMX provider-gc-count,,,,true,0,0,0,0,0,"
                        + "loadgen,0%n", START_MS + 1000L * k + 14, 1000L * pauses));
            }
        }
        return Files.writeString(file, perfmon);
    }
}
