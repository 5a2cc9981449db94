package io.rpcbench.benchmark;

import io.rpcbench.benchmark.lab.LabNetwork;
import io.rpcbench.benchmark.lab.Topology;
import io.rpcbench.reports.Dashboard;
import io.rpcbench.reports.DashboardData;
import io.rpcbench.reports.DashboardJson;
import io.rpcbench.reports.RunInput;
import io.rpcbench.reports.LabelStatistics;
import io.rpcbench.reports.RunSummary;
import io.rpcbench.reports.SummaryTable;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
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
 * PerfMon collector reads the agent) for a warm-up and then a measured window, showing its progress from JMeter's
 * summariser; stops what it started; then counts the measured window only: it prints samples, TPS, response times
 * in microsecond resolution and error % per plan with each plan's steadiness verdict, has JMeter build its own
 * dashboard of the same window ({@code jmeter -g} with start and end dates), and writes one rpcbench dashboard of
 * all plans with the provider host's CPU, memory, disk I/O, network and the provider JVM's GC, and its figures as
 * {@code dashboard.json} for {@code rpcbench-reports compare}.
 */
@Command(name = "run-benchmark", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Runs the rpcbench plans against a local provider and prints the seed-003 summary table.")
public final class BenchmarkCommand implements Callable<Integer> {

    /**
     * The default warm-up, chosen by measurement (docs/performance.md, "Warm-up and window"): on a 2-vCPU machine,
     * 20 threads, TPS per 5 s of each plan run for 150 s from a cold start: dubbo-echo-1k (the first plan, against a
     * provider that has just started) reaches its steady ~25,000 after 20 s, dubbo-echo-100k after 15 s,
     * thrift-echo-100k climbs to within 10 % of its final rate after 25 s and creeps up a few % more until about 60 s.
     */
    static final int DEFAULT_WARMUP_SECONDS = 60;

    /**
     * The default measured window: thirds of 20 s, since 5-second rates of a steady plan on that machine still vary
     * by 5-10 % (thrift-echo-1k even switches between about 54,000 and 66,000 for tens of seconds).
     */
    static final int DEFAULT_MEASURED_SECONDS = 60;

    /** The plan properties the job's own options set; -J may not set them behind those options' backs. */
    private static final Set<String> JOB_PROPERTIES = Set.of("threads", "rampup", JMeterRun.WARMUP, "duration");

    /** Seed 003's four plans: Dubbo (hessian2) and Thrift (binary) echoing 1 KiB and 100 KiB. */
    static final List<String> SEED_003_PLANS =
            List.of("dubbo-echo-1k", "dubbo-echo-100k", "thrift-echo-1k", "thrift-echo-100k");

    /** Seed 003 measured 10 minutes per system. */
    private static final int FULL_MEASURED_SECONDS = 600;

    @Spec
    private CommandSpec spec;

    @Option(names = "--warmup", paramLabel = "SECONDS", defaultValue = "" + DEFAULT_WARMUP_SECONDS,
            description = "Warm-up of each plan before its measured window; run but not counted (default: "
                    + "${DEFAULT-VALUE} s, long enough on a 2-vCPU machine for every plan to be steady).")
    private int warmupSeconds;

    @Option(names = "--duration", paramLabel = "SECONDS",
            description = "The measured window of each plan, after its warm-up (default: " + DEFAULT_MEASURED_SECONDS
                    + " s).")
    private Integer durationSeconds;

    @Option(names = "--full", description = "Measure each plan for " + FULL_MEASURED_SECONDS + " s after its warm-up, "
            + "as seed 003 did.")
    private boolean full;

    @Option(names = "--threads", defaultValue = "20", description = "JMeter threads per plan (default: ${DEFAULT-VALUE}).")
    private int threads;

    @Option(names = "--rampup", paramLabel = "SECONDS", defaultValue = "1",
            description = "Ramp-up of the threads, part of the warm-up (default: ${DEFAULT-VALUE} s).")
    private int rampupSeconds;

    @Option(names = "--plan", paramLabel = "NAME",
            description = "A plan of test-plans/ to run, without .jmx; repeat for several (default: the four seed-003 plans).")
    private List<String> plans;

    @Option(names = {"-J", "--property"}, paramLabel = "NAME=VALUE",
            description = "A JMeter property for every plan, e.g. -J dubbo.serialization=fastjson2 or "
                    + "-J thrift.protocol=compact; repeat for several. It wins over the job's own settings.")
    private Map<String, String> userProperties = new LinkedHashMap<>();

    @Option(names = "--hosts", paramLabel = "TOPOLOGY",
            description = "Run on a lab of hosts on this machine (network namespaces on 198.18.0.0/24, needs root): "
                    + "PROVIDERSxGENERATORS, e.g. 2x2, or seed-000 (2x2) or seed-003 (1x3). Each provider host runs "
                    + "a provider and an agent, each load-generator host a JMeter remote engine and an agent; JMeter "
                    + "drives them from a controller host (-R). Default: everything on this machine's loopback.")
    private String hosts;

    @Option(names = "--progress", paramLabel = "SECONDS", defaultValue = "0",
            description = "How often to show a plan's progress (default: in place on a terminal, every 5 s; a line "
                    + "every 30 s otherwise). JMeter's summariser, which it comes from, reports at most every 6 s.")
    private int progressSeconds;

    @Option(names = "--results", paramLabel = "DIR",
            description = "Where to write the results (default: results/<date-time>).")
    private Path resultsDir;

    @Option(names = "--project-dir", paramLabel = "DIR", defaultValue = ".",
            description = "The rpcbench checkout (default: the current directory).")
    private Path projectDir;

    private DashboardData data;
    private volatile JMeterRun currentRun;

    public static void main(String[] args) {
        System.exit(new CommandLine(new BenchmarkCommand()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        if (full && durationSeconds != null) {
            throw new ParameterException(spec.commandLine(), "--full and --duration " + durationSeconds + " both set "
                    + "the measured window; expected one of them (--full is --duration " + FULL_MEASURED_SECONDS + ")");
        }
        int measured = full ? FULL_MEASURED_SECONDS : durationSeconds != null ? durationSeconds : DEFAULT_MEASURED_SECONDS;
        requireAtLeast("--duration", measured, 1);
        requireAtLeast("--warmup", warmupSeconds, 0);
        requireAtLeast("--threads", threads, 1);
        requireAtLeast("--rampup", rampupSeconds, 0);
        requireAtLeast("--progress", progressSeconds, 0);
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
        for (String name : userProperties.keySet()) {
            if (JOB_PROPERTIES.contains(name)) {
                throw new ParameterException(spec.commandLine(), "-J " + name + " is set by an option of its own; "
                        + "expected --" + name + " instead");
            }
        }
        Optional<Topology> topology;
        try {
            topology = Optional.ofNullable(hosts).map(Topology::parse);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--" + e.getMessage());
        }
        if (topology.isPresent() && !LabNetwork.isRoot()) {
            throw new ParameterException(spec.commandLine(), "--hosts " + hosts + " makes network namespaces, which "
                    + "needs root; run it as root (e.g. sudo ./run-benchmark --hosts " + hosts + ")");
        }
        Path results = (resultsDir != null ? resultsDir
                : layout.projectDir().resolve("results")
                        .resolve(LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"))))
                .toAbsolutePath().normalize();
        requireUsableResults(results);
        layout.requireBuilt();
        PrintWriter out = spec.commandLine().getOut();
        boolean terminal = isTerminal();
        int progressEvery = progressSeconds > 0 ? progressSeconds : terminal ? 5 : 30;
        SummaryTable table = new SummaryTable();
        Dashboard dashboard = Dashboard.builder()
                .title("rpcbench: " + String.join(", ", planNames) + " (" + threads + " threads, " + warmupSeconds
                        + " s warm-up, " + measured + " s measured each)");
        Duration warmup = Duration.ofSeconds(warmupSeconds);
        Optional<Duration> window = Optional.of(Duration.ofSeconds(measured));
        try (RunSite site = topology.isPresent() ? LabSite.start(layout, topology.get(), results, out)
                : LocalSite.start(layout, results, out)) {
            int index = 0;
            for (String plan : planNames) {
                index++;
                String prefix = "[" + index + "/" + planNames.size() + "] " + plan;
                out.printf("%s: %d threads, %d s warm-up, then %d s measured ...%n", prefix, threads, warmupSeconds,
                        measured);
                out.flush();
                PlanProgress progress = new PlanProgress(out, terminal, prefix, warmupSeconds, measured);
                Map<String, String> planProperties = new LinkedHashMap<>(Map.of(
                        "threads", Integer.toString(threads),
                        "rampup", Integer.toString(rampupSeconds),
                        JMeterRun.WARMUP, Integer.toString(warmupSeconds),
                        "duration", Integer.toString(measured)));
                planProperties.putAll(userProperties);
                JMeterRun run = site.configure(JMeterRun.of(layout, plan, results.resolve(plan))
                        .dashboard(false)
                        .output(progress)
                        .properties(Map.of(JMeterRun.SUMMARISER_INTERVAL, Integer.toString(progressEvery))),
                        planProperties);
                this.currentRun = run;
                try {
                    run.run(Duration.ofSeconds(2L * (warmupSeconds + measured) + rampupSeconds + 600));
                } finally {
                    progress.finish();
                }
                RunSummary summary;
                try {
                    summary = RunSummary.of(run.jtl(), warmup, window);
                } catch (IllegalArgumentException noWindow) { // e.g. the plan stopped during its warm-up
                    out.printf("%s: no figures: %s%n", prefix, noWindow.getMessage());
                    out.flush();
                    continue;
                }
                // JMeter's own dashboard of the same window, built after the run when the window is known. It reads
                // the whole JTL (about 20 us a sample): 40 million samples of a --full Thrift plan take over 10 min.
                String jmeterDashboard = run.dashboardIndex().toString();
                try {
                    run.generateDashboard(summary.windowStartMs(), summary.windowEndMs(),
                            Duration.ofMinutes(10).plusSeconds(2L * (warmupSeconds + measured)));
                } catch (IllegalStateException e) { // ours is built below either way: say so and go on
                    out.printf("%s: JMeter's own dashboard was not built: %s%n", prefix, e.getMessage());
                    jmeterDashboard = "(not built; see " + run.dashboardIndex().getParent().getParent()
                            .resolve("jmeter-report.log") + ")";
                }
                addRows(table, plan, summary, jmeterDashboard);
                RunInput input = RunInput.named(plan, run.jtl(), Optional.of(run.perfmon()).filter(Files::isRegularFile),
                        Optional.of(run.dashboardIndex().toString()).filter(page -> Files.isRegularFile(Path.of(page))))
                        .withWindow(warmup, window);
                OptionalDouble jmeterCpu = run.jmeterCpuPercentOfMachine(summary.windowStartMs(), summary.windowEndMs());
                if (jmeterCpu.isPresent()) {
                    input = input.withClientCpu(jmeterCpu.getAsDouble(), Runtime.getRuntime().availableProcessors());
                }
                dashboard.addRun(input);
            }
            site.report(out);
        }
        Path dashboardFile = results.resolve("dashboard.html");
        if (!table.hasRows()) {
            out.printf("%nNo plan has figures of a measured window; see the messages above and the logs in %s%n", results);
            out.flush();
            return 1;
        }
        data = dashboard.write(dashboardFile);
        DashboardJson.write(data, results.resolve("dashboard.json"));
        data.runs().forEach(run -> table.addSteadiness(run.name(), run.steadiness()));
        out.println();
        out.print(table.render());
        out.printf("%nResults (JTL, logs, dashboard.json for 'rpcbench-reports compare'): %s%n", results);
        out.printf("%nDashboard of all plans, client and server side: %s%n", dashboardFile.toUri());
        out.flush();
        return 0;
    }

    /**
     * Whether standard output is a terminal, for progress in place. {@code System.console()} says so on JDK 17-21;
     * from JDK 22 it returns a console even when output is redirected, and {@code Console.isTerminal()} tells.
     */
    private static boolean isTerminal() {
        java.io.Console console = System.console();
        if (console == null) {
            return false;
        }
        try {
            return (Boolean) java.io.Console.class.getMethod("isTerminal").invoke(console);
        } catch (ReflectiveOperationException beforeJdk22) {
            return true;
        }
    }

    /** The JMeter run of the plan under way (or the last one), null before the first: for tests. */
    JMeterRun currentRun() {
        return currentRun;
    }

    /** The figures of the last run, as its dashboard shows them; null before a run. */
    public DashboardData data() {
        return data;
    }

    /**
     * The results folder, made now, before anything starts: a new or empty folder this user can write, so that a run
     * never dies after the provider has started, and two runs are never mixed.
     */
    private void requireUsableResults(Path results) throws IOException {
        if (Files.isDirectory(results)) {
            try (var entries = Files.list(results)) {
                if (entries.findAny().isPresent()) {
                    throw new ParameterException(spec.commandLine(), "--results " + results
                            + " is not empty; expected a new or empty folder, so that two runs are never mixed");
                }
            }
        }
        try {
            Files.createDirectories(results);
        } catch (IOException | SecurityException e) {
            throw new ParameterException(spec.commandLine(), "--results " + results + " cannot be made ("
                    + e.getClass().getSimpleName() + ": " + e.getMessage() + "); expected a folder that exists or can "
                    + "be made, and that you can write");
        }
        if (!Files.isWritable(results)) {
            throw new ParameterException(spec.commandLine(), "--results " + results + " is not writable; expected a "
                    + "folder you can write");
        }
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
