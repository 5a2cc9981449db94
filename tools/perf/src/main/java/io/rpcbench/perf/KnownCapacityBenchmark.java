package io.rpcbench.perf;

import io.rpcbench.benchmark.BenchmarkCommand;
import io.rpcbench.benchmark.process.ProjectLayout;
import io.rpcbench.benchmark.queueing.MdcQueue;
import io.rpcbench.benchmark.runner.CapacitySearch;
import io.rpcbench.perf.doc.Machine;
import io.rpcbench.perf.doc.PerformanceDoc;
import io.rpcbench.reports.figures.DashboardData;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.OptionalDouble;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine;

/**
 * Benchmark 8, {@code --capacity} against physics: for each provider of known capacity ({@code c} workers x service
 * time {@code d}, the provider app's {@code --service-workers} and {@code --service-time-us}), {@code ./run-benchmark
 * --capacity} at an SLO of {@value #SLO_SERVICE_TIMES} service times (why: docs/performance.md section 8), then the
 * plan at half of {@code c / d} for its p99, beside the M/D/c queue's ({@link MdcQueue}). The table goes into
 * docs/performance.md; the same check, shorter, is {@code KnownCapacityIT}.
 */
@Command(name = "known-capacity", mixinStandardHelpOptions = true,
        description = "--capacity against providers of known capacity c x d, and the p99 at half of it against the "
                + "M/D/c queue's (docs/performance.md).")
final class KnownCapacityBenchmark implements Callable<Integer> {

    /** The search's SLO: a p99 of this many service times. */
    static final int SLO_SERVICE_TIMES = 40;

    /**
     * A provider of known capacity and the plan that loads it.
     *
     * @param plan      an open plan
     * @param workers   c
     * @param serviceUs d, µs
     */
    record Provider(String plan, int workers, int serviceUs) {

        /**
         * The Arrivals Thread Group's pool against this provider: room for its queue near capacity (M/D/c at 0.95
         * rarely holds more than a few times c), so the knee is the provider's, not the pool's.
         */
        int pool() {
            return Math.max(64, 4 * workers);
        }
        double capacity() {
            return workers * 1e6 / serviceUs;
        }

        String options() {
            return "--service-workers " + workers + " --service-time-us " + serviceUs;
        }

        String name() {
            return String.format(Locale.ROOT, "%s, %d x %d ms", plan, workers, serviceUs / 1000);
        }
    }

    static final List<Provider> PROVIDERS = List.of(new Provider("thrift-echo-1k-open", 4, 5_000),
            new Provider("dubbo-echo-1k-open", 8, 2_000), new Provider("thrift-echo-1k-open", 32, 2_000));

    /**
     * The default warm-up: {@code --capacity}'s, which a cold Dubbo consumer needs on 2 vCPUs (with 10 s, on a machine
     * at load average 40, dubbo-echo-1k-open made 207 of 1,200 calls a second in its first step).
     */
    @Option(names = "--warmup", defaultValue = "30", paramLabel = "SECONDS",
            description = "Warm-up of each step and of the half-capacity run (default: ${DEFAULT-VALUE}).")
    private int warmupSeconds;

    @Option(names = "--duration", defaultValue = "20", paramLabel = "SECONDS",
            description = "Measured window of each step; the half-capacity run measures 3 x this (default: "
                    + "${DEFAULT-VALUE}).")
    private int durationSeconds;

    @Option(names = "--provider", paramLabel = "N", description = "Only the Nth provider of the table (1 to 3).")
    private Integer only;

    @Option(names = "--project-dir", paramLabel = "DIR", defaultValue = ".", description = "The rpcbench checkout.")
    private Path projectDir;

    @Override
    public Integer call() throws Exception {
        ProjectLayout layout = new ProjectLayout(projectDir.toAbsolutePath().normalize());
        layout.requireBuilt();
        String loadBefore = Machine.loadAverage();
        List<String> rows = new ArrayList<>();
        for (int i = 0; i < PROVIDERS.size(); i++) {
            if (only != null && only != i + 1) {
                continue;
            }
            Provider provider = PROVIDERS.get(i);
            OptionalDouble found = search(layout, provider);
            double half = provider.capacity() / 2;
            double measuredP99 = halfCapacityP99(layout, provider, (int) Math.round(half));
            double modelP99 = MdcQueue.of(half, provider.workers(), provider.serviceUs() / 1e6)
                    .responseTimePercentile(99) * 1000;
            rows.add(String.format(Locale.ROOT, "| %s | %,.0f | %s | %s | %,.0f | %.3f | %.3f | %.2f |",
                    provider.name(), provider.capacity(),
                    found.isPresent() ? String.format(Locale.ROOT, "%,.0f", found.getAsDouble()) : "none",
                    found.isPresent() ? String.format(Locale.ROOT, "%.3f", found.getAsDouble() / provider.capacity())
                            : "-",
                    half, modelP99, measuredP99, measuredP99 / modelP99));
            System.out.println(rows.get(rows.size() - 1));
        }
        String table = "| provider (plan, c x d) | c / d, calls/s | --capacity found | found / (c/d) | half, calls/s "
                + "| M/D/c p99 ms | measured p99 ms | measured / model |\n|---|---|---|---|---|---|---|---|\n"
                + String.join("\n", rows);
        new PerformanceDoc(layout.projectDir().resolve("docs/performance.md")).write("known-capacity",
                "Measured " + LocalDate.now() + ", load average before the run " + loadBefore + ", after "
                        + Machine.loadAverage() + "; " + Machine.describe() + ". Command: `./run-performance "
                        + "known-capacity --warmup " + warmupSeconds + " --duration " + durationSeconds + "` (each "
                        + "step " + warmupSeconds + " s warm-up and " + durationSeconds + " s measured, SLO p99 < "
                        + SLO_SERVICE_TIMES + " x d, resolution 5 %; the half-capacity run " + warmupSeconds
                        + " s warm-up and " + 3 * durationSeconds + " s measured).\n\n" + table);
        return 0;
    }

    /** {@code ./run-benchmark --capacity} against the provider; its sustainable rate. */
    private OptionalDouble search(ProjectLayout layout, Provider provider) {
        String slo = "p99 < " + SLO_SERVICE_TIMES * provider.serviceUs() / 1000 + "ms";
        // From 0.3 of the capacity: 0.3 and 0.6 hold, 1.2 breaks, then the refinements (four at 5 %).
        int start = (int) Math.max(1, Math.round(provider.capacity() * 0.3));
        BenchmarkCommand job = new BenchmarkCommand();
        int exit = new CommandLine(job).execute("--capacity", "--plan", provider.plan(), "--provider-options",
                provider.options(), "--slo", slo, "--no-closed-baseline", "-J", "pool=" + provider.pool(),
                "--start-rate", Integer.toString(start),
                "--warmup", Integer.toString(warmupSeconds), "--duration", Integer.toString(durationSeconds),
                "--no-jmeter-dashboards", "--results", results(layout, "capacity").toString(),
                "--project-dir", layout.projectDir().toString());
        if (exit != 0) {
            throw new IllegalStateException("the capacity search of " + provider.name() + " failed (exit " + exit + ")");
        }
        CapacitySearch search = job.capacitySearch();
        return search.sustainableRates().get(provider.plan());
    }

    /** The plan at {@code rate} against the provider, {@code 3 x --duration} measured: the window's p99, ms. */
    private double halfCapacityP99(ProjectLayout layout, Provider provider, int rate) {
        BenchmarkCommand job = new BenchmarkCommand();
        int exit = new CommandLine(job).execute("--plan", provider.plan(), "--provider-options", provider.options(),
                "-J", "rate=" + rate, "-J", "pool=" + provider.pool(), "--warmup", Integer.toString(warmupSeconds),
                "--duration", Integer.toString(3 * durationSeconds), "--no-jmeter-dashboards",
                "--results", results(layout, "half").toString(), "--project-dir", layout.projectDir().toString());
        if (exit != 0) {
            throw new IllegalStateException("the half-capacity run of " + provider.name() + " failed (exit " + exit
                    + ")");
        }
        DashboardData.RunData run = job.data().runs().get(0);
        return run.total().p99Ms();
    }

    private static Path results(ProjectLayout layout, String what) {
        return layout.projectDir().resolve("results").resolve("perf-known-capacity-" + what + "-"
                + System.currentTimeMillis());
    }
}
