package io.rpcbench.perf;

import io.rpcbench.benchmark.BenchmarkCommand;
import io.rpcbench.benchmark.process.ProjectLayout;
import io.rpcbench.benchmark.scenario.SeedColumn;
import io.rpcbench.benchmark.scenario.SeedColumns;
import io.rpcbench.perf.doc.Machine;
import io.rpcbench.perf.doc.PerformanceDoc;
import io.rpcbench.reports.figures.DashboardData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * Benchmark 5, our numbers beside the seeds': the main job's four plans (seed 003: Dubbo hessian2 and Thrift
 * binary, echo of 1 KiB and 100 KiB) at 20 threads with the main job's warm-up and measured window, in seed 003's
 * table layout (client figures, the provider host, the provider process, network, disk and GC), with the seeds'
 * published figures beside ours and the hardware of each named. The seeds' figures are quoted, not measured.
 */
@Command(name = "seeds", mixinStandardHelpOptions = true,
        description = "The four plans beside the seeds' published figures, in seed 003's layout (docs/performance.md).")
final class SeedsBenchmark implements Callable<Integer> {

    static final List<String> PLANS = List.of("dubbo-echo-1k", "dubbo-echo-100k", "thrift-echo-1k", "thrift-echo-100k");
    static final List<String> FIGURES = List.of("samples", "TPS", "average ms", "p50 ms", "p90 ms", "p95 ms",
            "p99 ms", "p99.9 ms", "max ms", "error %", "provider host CPU %", "provider host memory %",
            "provider CPU (% of a core)", "provider RSS MB", "network in B/s", "network out B/s", "disk read B/s",
            "disk write B/s", "GC collections", "GC pause ms", "GC pause %");

    /**
     * The seeds' published columns per comparison scenario: seed 003's (2 vCPU QEMU guest, 10 min, consumer in
     * another city: 7 ms RTT), and seed 001's 1k row; the figures live with the scenarios ({@link SeedColumns}).
     */
    static final Map<String, List<SeedColumn>> SEEDS = Map.of(
            "echo-1k", List.of(SeedColumns.SEED_003_DUBBO_1K, SeedColumns.SEED_003_THRIFT_1K,
                    SeedColumns.SEED_001_DUBBO_1K),
            "echo-100k", List.of(SeedColumns.SEED_003_DUBBO_100K, SeedColumns.SEED_003_THRIFT_100K));

    @Option(names = "--warmup", paramLabel = "SECONDS",
            description = "Warm-up per plan (default: the main job's).")
    private Integer warmupSeconds;

    @Option(names = "--duration", paramLabel = "SECONDS",
            description = "Measured window per plan (default: the main job's).")
    private Integer durationSeconds;

    @Option(names = "--threads", defaultValue = "20", description = "JMeter threads (default: ${DEFAULT-VALUE}).")
    private int threads;

    @Option(names = "--project-dir", paramLabel = "DIR", defaultValue = ".", description = "The rpcbench checkout.")
    private Path projectDir;

    @Override
    public Integer call() throws Exception {
        ProjectLayout layout = new ProjectLayout(projectDir.toAbsolutePath().normalize());
        layout.requireBuilt();
        String loadBefore = Machine.loadAverage();
        Path results = layout.projectDir().resolve("results").resolve("perf-seeds-" + System.currentTimeMillis());
        List<String> args = new ArrayList<>(List.of("--threads", Integer.toString(threads),
                "--results", results.toString(), "--project-dir", layout.projectDir().toString()));
        if (warmupSeconds != null) {
            args.addAll(List.of("--warmup", warmupSeconds.toString()));
        }
        if (durationSeconds != null) {
            args.addAll(List.of("--duration", durationSeconds.toString()));
        }
        BenchmarkCommand job = new BenchmarkCommand();
        int exit = new CommandLine(job).execute(args.toArray(String[]::new));
        if (exit != 0) {
            throw new IllegalStateException("the benchmark run failed (exit " + exit + "); see " + results);
        }
        DashboardData data = job.data();
        DashboardData.RunData first = data.runs().get(0);
        long warmup = Math.round(first.warmupMs() / 1000.0);
        long measured = Math.round((first.windowEndMs() - first.windowStartMs()) / 1000.0);
        String markdown = markdown(data.comparison(), "the measured " + measured + " s after " + warmup
                + " s of warm-up calls per plan, " + threads + " threads; " + Machine.describe()
                + "; JMeter, provider and agent on this one machine, over loopback");
        System.out.println(markdown);
        StringBuilder steadiness = new StringBuilder("Steadiness of each measured window: ");
        data.runs().forEach(run -> steadiness.append(run.name()).append(": ").append(run.steadiness().verdict())
                .append("; "));
        new PerformanceDoc(layout.projectDir().resolve("docs/performance.md")).write("seeds",
                "Measured " + LocalDate.now() + ", load average before the run " + loadBefore
                        + ". Command: `./run-performance seeds` (the main job at " + threads + " threads with its "
                        + "warm-up and window; the first plan's window: " + measured + " s measured after " + warmup
                        + " s of calls, the clients' setup taking the rest of the warm-up). "
                        + steadiness.toString().replaceAll("; $", ".") + " The seeds' figures are quoted from their "
                        + "reports (`../shared/seeds/`), not measured here; their clients and networks differ from "
                        + "ours (see hardware), so the comparison shows orders of magnitude, not a contest.\n\n"
                        + markdown);
        return 0;
    }

    /** Per scenario: figure rows; the seeds' columns and ours side by side (Dubbo, then Thrift). */
    static String markdown(List<DashboardData.ComparisonTable> tables, String ourHardware) {
        StringBuilder out = new StringBuilder();
        for (DashboardData.ComparisonTable table : tables) {
            List<SeedColumn> seeds = SEEDS.getOrDefault(table.scenario(), List.of());
            List<String> titles = new ArrayList<>();
            List<Map<String, String>> columns = new ArrayList<>();
            for (SeedColumn seed : seeds) {
                titles.add(seed.title());
                columns.add(seed.figures());
            }
            for (DashboardData.ComparisonRow row : table.rows()) {
                titles.add("rpcbench: " + row.title());
                columns.add(ours(table.columns(), row.values()));
            }
            out.append("### ").append(table.scenario()).append("\n\n| figure | ").append(String.join(" | ", titles))
                    .append(" |\n|---|").append("---|".repeat(titles.size())).append('\n');
            for (String figure : FIGURES) {
                out.append("| ").append(figure);
                for (Map<String, String> column : columns) {
                    out.append(" | ").append(column.getOrDefault(figure, "-"));
                }
                out.append(" |\n");
            }
            out.append('\n');
            for (SeedColumn seed : seeds) {
                out.append("- ").append(seed.title()).append(": ").append(seed.hardware()).append('\n');
            }
            out.append("- rpcbench: ").append(ourHardware).append("\n\n");
        }
        return out.toString();
    }

    /** Our comparison row by figure name: times with microsecond decimals, counts and rates whole. */
    private static Map<String, String> ours(List<String> columns, List<Double> values) {
        Map<String, String> figures = new LinkedHashMap<>();
        for (int i = 0; i < columns.size(); i++) {
            Double value = values.get(i);
            if (value == null) {
                continue;
            }
            String name = columns.get(i);
            String format = name.equals("samples") || name.endsWith("B/s") || name.equals("GC collections") ? "%.0f"
                    : name.endsWith(" ms") && !name.startsWith("GC") ? "%.3f"
                    : value >= 100 ? "%.1f" : "%.2f";
            figures.put(name, String.format(Locale.ROOT, format, value));
        }
        return figures;
    }
}
