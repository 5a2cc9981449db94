package io.rpcbench.benchmark;

import io.rpcbench.reports.Dashboard;
import io.rpcbench.reports.LabelStatistics;
import io.rpcbench.reports.RunSummary;
import io.rpcbench.reports.SummaryTable;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The main job: seed 003 on this machine. Starts the provider (embedded ZooKeeper, Dubbo and Thrift on
 * free loopback ports) and a server agent beside it, runs each plan headless in the laid-out JMeter (whose
 * PerfMon collector reads the agent), stops what it started, prints samples, TPS, average, p90/p95/p99 and
 * error % per plan with the path of each JMeter dashboard, and writes one rpcbench dashboard of all plans
 * with the provider host's CPU, memory, disk I/O and network.
 */
@Command(name = "run-benchmark", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Runs the rpcbench plans against a local provider and prints the seed-003 summary table.")
public final class BenchmarkCommand implements Callable<Integer> {

    /** Seed 003's four plans: Dubbo (hessian2) and Thrift (binary) echoing 1 KiB and 100 KiB. */
    static final List<String> SEED_003_PLANS =
            List.of("dubbo-echo-1k", "dubbo-echo-100k", "thrift-echo-1k", "thrift-echo-100k");

    private static final int FULL_DURATION_SECONDS = 600;

    @Spec
    private CommandSpec spec;

    @Option(names = "--duration", paramLabel = "SECONDS", defaultValue = "20",
            description = "How long each plan runs (default: ${DEFAULT-VALUE} s).")
    private int durationSeconds;

    @Option(names = "--full", description = "Run each plan for " + FULL_DURATION_SECONDS + " s, as seed 003 did.")
    private boolean full;

    @Option(names = "--threads", defaultValue = "20", description = "JMeter threads per plan (default: ${DEFAULT-VALUE}).")
    private int threads;

    @Option(names = "--rampup", paramLabel = "SECONDS", defaultValue = "1",
            description = "Ramp-up of the threads (default: ${DEFAULT-VALUE} s).")
    private int rampupSeconds;

    @Option(names = "--plan", paramLabel = "NAME",
            description = "A plan of test-plans/ to run, without .jmx; repeat for several (default: the four seed-003 plans).")
    private List<String> plans;

    @Option(names = "--results", paramLabel = "DIR",
            description = "Where to write the results (default: results/<date-time>).")
    private Path resultsDir;

    @Option(names = "--project-dir", paramLabel = "DIR", defaultValue = ".",
            description = "The rpcbench checkout (default: the current directory).")
    private Path projectDir;

    public static void main(String[] args) {
        System.exit(new CommandLine(new BenchmarkCommand()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        int duration = full ? FULL_DURATION_SECONDS : durationSeconds;
        requireAtLeast("--duration", duration, 1);
        requireAtLeast("--threads", threads, 1);
        requireAtLeast("--rampup", rampupSeconds, 0);
        ProjectLayout layout = new ProjectLayout(projectDir.toAbsolutePath().normalize());
        List<String> planNames = plans == null || plans.isEmpty() ? SEED_003_PLANS : plans;
        // Plans before the build: a mistyped name is bad usage, whatever has been built.
        if (!Files.isDirectory(layout.plansDir())) {
            throw new ParameterException(spec.commandLine(), "--project-dir " + layout.projectDir() + " has no "
                    + "test-plans folder; expected the rpcbench checkout");
        }
        for (String plan : planNames) {
            if (!layout.plan(plan).toFile().isFile()) {
                throw new ParameterException(spec.commandLine(), "--plan '" + plan + "' not found in "
                        + layout.plansDir() + "; expected one of " + layout.planNames().toList());
            }
        }
        layout.requireBuilt();
        Path results = (resultsDir != null ? resultsDir
                : layout.projectDir().resolve("results")
                        .resolve(LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"))))
                .toAbsolutePath().normalize();

        if (Files.isDirectory(results)) {
            try (var entries = Files.list(results)) {
                if (entries.findAny().isPresent()) {
                    throw new ParameterException(spec.commandLine(), "--results " + results
                            + " is not empty; expected a new or empty folder, so that two runs are never mixed");
                }
            }
        }
        PrintWriter out = spec.commandLine().getOut();
        SummaryTable table = new SummaryTable();
        Dashboard dashboard = Dashboard.builder()
                .title("rpcbench: " + String.join(", ", planNames) + " (" + threads + " threads, " + duration + " s each)");
        out.printf("Starting the provider (embedded ZooKeeper, Dubbo, Thrift on 127.0.0.1) and a server agent ...%n");
        out.flush();
        try (ProviderProcess provider = ProviderProcess.start(layout, List.of(), results.resolve("provider.log"));
                AgentProcess agent = AgentProcess.start(layout, results.resolve("agent.log"))) {
            out.printf("Provider ready (pid %d): %s%n", provider.pid(), provider.endpoints().endpoints());
            out.printf("Agent ready (pid %d): %s%n", agent.pid(), agent.tcp());
            int index = 0;
            for (String plan : planNames) {
                index++;
                out.printf("[%d/%d] %s: %d threads for %d s ...%n", index, planNames.size(), plan, threads, duration);
                out.flush();
                JMeterRun run = JMeterRun.of(layout, plan, results.resolve(plan))
                        .properties(provider.planProperties())
                        .properties(agent.planProperties(provider.pid()))
                        .properties(Map.of(
                                "threads", Integer.toString(threads),
                                "rampup", Integer.toString(rampupSeconds),
                                "duration", Integer.toString(duration)));
                run.run(Duration.ofSeconds(2L * duration + rampupSeconds + 600));
                RunSummary summary = RunSummary.of(run.jtl());
                addRows(table, plan, summary, run.dashboardIndex().toString());
                dashboard.addRun(plan, run.jtl(), Optional.of(run.perfmon()).filter(Files::isRegularFile),
                        Optional.of(run.dashboardIndex().toString()));
            }
        }
        Path dashboardFile = results.resolve("dashboard.html");
        dashboard.write(dashboardFile);
        out.println();
        out.print(table.render());
        out.printf("%nResults (JTL, logs): %s%n", results);
        out.printf("%nDashboard of all plans, client and server side: %s%n", dashboardFile.toUri());
        out.flush();
        return 0;
    }

    private void requireAtLeast(String option, int value, int minimum) {
        if (value < minimum) {
            throw new ParameterException(spec.commandLine(),
                    option + " is " + value + "; expected a whole number of at least " + minimum);
        }
    }

    /** One row for a plan whose samples carry its name (the echo plans), else one row per label, in JTL order. */
    private static void addRows(SummaryTable table, String plan, RunSummary summary, String dashboard) {
        boolean ownLabelOnly = summary.labels().stream().allMatch(label -> label.label().equals(plan));
        if (ownLabelOnly) {
            table.add(plan, summary.label(plan), dashboard);
            return;
        }
        for (LabelStatistics label : summary.labels()) {
            table.add(plan + ": " + label.label(), label, dashboard);
        }
    }
}
