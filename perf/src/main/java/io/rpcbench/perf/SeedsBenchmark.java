package io.rpcbench.perf;

import io.rpcbench.benchmark.BenchmarkCommand;
import io.rpcbench.benchmark.JMeterRun;
import io.rpcbench.benchmark.ProjectLayout;
import io.rpcbench.reports.Dashboard;
import io.rpcbench.reports.DashboardData;
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
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Benchmark 5, our numbers beside the seeds': the main job's four plans (seed 003: Dubbo hessian2 and Thrift
 * binary, echo of 1 KiB and 100 KiB) at 20 threads for 60 s each, in seed 003's table layout, with the seeds'
 * published figures beside ours and the hardware of each named. The seeds' figures are quoted, not measured.
 */
@Command(name = "seeds", mixinStandardHelpOptions = true,
        description = "The four plans beside the seeds' published figures, in seed 003's layout (docs/performance.md).")
final class SeedsBenchmark implements Callable<Integer> {

    static final List<String> PLANS = List.of("dubbo-echo-1k", "dubbo-echo-100k", "thrift-echo-1k", "thrift-echo-100k");
    static final List<String> FIGURES = List.of("samples", "TPS", "average ms", "p90 ms", "p95 ms", "p99 ms",
            "error %", "provider host CPU %", "provider host memory %");

    /** One published column: what ran, on what, and its figures by name (absent: the seed has none). */
    record SeedColumn(String title, String hardware, Map<String, String> figures) {}

    /** Seed 003's figures (2 vCPU QEMU guest, 10 min, consumer in another city: 7 ms RTT), and seed 001's 1k row. */
    static final Map<String, List<SeedColumn>> SEEDS = Map.of(
            "echo-1k", List.of(
                    new SeedColumn("seed 003: Dubbo 2.7.13 hessian2", seed003Hardware(), Map.of("samples", "1298522",
                            "TPS", "2164.2", "average ms", "8", "p90 ms", "10", "p95 ms", "11", "p99 ms", "18",
                            "provider host CPU %", "32 (java process)", "provider host memory %", "21.6 (java process)")),
                    new SeedColumn("seed 003: Thrift", seed003Hardware(), Map.of()),
                    new SeedColumn("seed 001: Dubbo 2.0 hessian2 + netty, 1k string, 10 threads",
                            "client and server: Intel Xeon E5520 2.27 GHz, 16 threads, 6 GiB (Tecal BH620), 10 min",
                            Map.of("TPS", "14402", "average ms", "0.64"))),
            "echo-100k", List.of(
                    new SeedColumn("seed 003: Dubbo 2.7.13 hessian2", seed003Hardware(), Map.of("samples", "79450",
                            "TPS", "132.4", "p90 ms", "213", "p95 ms", "227", "p99 ms", "288",
                            "provider host CPU %", "26.0 (java process)", "provider host memory %", "16.5 (java process)")),
                    new SeedColumn("seed 003: Thrift", seed003Hardware(), Map.of())));

    private static String seed003Hardware() {
        return "provider: 2 vCPU QEMU 2.1 GHz, 4 GiB, CentOS 6.4, JDK 1.8, -Xmx2g G1; consumer (JMeter, 20 threads)"
                + " in another city, ~7 ms ping; 10 min";
    }

    @Option(names = "--duration", paramLabel = "SECONDS", defaultValue = "60", description = "Per plan (default: ${DEFAULT-VALUE} s).")
    private int durationSeconds;

    @Option(names = "--threads", defaultValue = "20", description = "JMeter threads (default: ${DEFAULT-VALUE}).")
    private int threads;

    @Option(names = "--project-dir", paramLabel = "DIR", defaultValue = ".", description = "The rpcbench checkout.")
    private Path projectDir;

    @Override
    public Integer call() throws Exception {
        ProjectLayout layout = new ProjectLayout(projectDir.toAbsolutePath().normalize());
        layout.requireBuilt();
        Path results = layout.projectDir().resolve("results").resolve("perf-seeds-" + System.currentTimeMillis());
        int exit = new CommandLine(new BenchmarkCommand()).execute("--duration", Integer.toString(durationSeconds),
                "--threads", Integer.toString(threads), "--results", results.toString(),
                "--project-dir", layout.projectDir().toString());
        if (exit != 0) {
            throw new IllegalStateException("the benchmark run failed (exit " + exit + "); see " + results);
        }
        Dashboard dashboard = Dashboard.builder();
        for (String plan : PLANS) {
            JMeterRun run = JMeterRun.of(layout, plan, results.resolve(plan));
            dashboard.addRun(plan, run.jtl(), Optional.of(run.perfmon()).filter(Files::isRegularFile), Optional.empty());
        }
        DashboardData data = dashboard.read(results);
        String markdown = markdown(data.comparison(), durationSeconds + " s per plan, " + threads
                + " threads; " + Machine.describe() + "; JMeter, provider and agent on this one machine, over loopback");
        System.out.println(markdown);
        new PerformanceDoc(layout.projectDir().resolve("docs/performance.md")).write("seeds",
                "Measured " + LocalDate.now() + ". Command: `./run-performance seeds` (the main job at " + threads
                        + " threads, " + durationSeconds + " s per plan). The seeds' figures are quoted from their "
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

    /** Our comparison row by figure name; the host columns are named after the agent's host. */
    private static Map<String, String> ours(List<String> columns, List<Double> values) {
        Map<String, String> figures = new LinkedHashMap<>();
        for (int i = 0; i < columns.size(); i++) {
            Double value = values.get(i);
            if (value == null) {
                continue;
            }
            String name = columns.get(i);
            String figure = name.endsWith(" CPU %") ? "provider host CPU %"
                    : name.endsWith(" memory %") ? "provider host memory %" : name;
            figures.put(figure, name.equals("samples") ? String.format(Locale.ROOT, "%.0f", value)
                    : String.format(Locale.ROOT, value >= 100 ? "%.1f" : "%.2f", value));
        }
        return figures;
    }
}
