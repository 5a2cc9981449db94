package io.rpcbench.benchmark;

import io.rpcbench.benchmark.jmeter.JMeterRun;
import io.rpcbench.benchmark.lab.LabNetwork;
import io.rpcbench.benchmark.lab.Topology;
import io.rpcbench.benchmark.live.LiveRun;
import io.rpcbench.benchmark.live.LiveServer;
import io.rpcbench.benchmark.process.ExternalRegistry;
import io.rpcbench.benchmark.process.ProjectLayout;
import io.rpcbench.benchmark.runner.CapacitySearch;
import io.rpcbench.benchmark.runner.RunSite;
import io.rpcbench.benchmark.runner.ScenarioRunner;
import io.rpcbench.benchmark.scenario.Cell;
import io.rpcbench.benchmark.scenario.CellResult;
import io.rpcbench.benchmark.scenario.CellSetup;
import io.rpcbench.benchmark.scenario.Length;
import io.rpcbench.benchmark.scenario.Scenario;
import io.rpcbench.benchmark.scenario.Stop;
import io.rpcbench.benchmark.seeds.Scenarios;
import io.rpcbench.reports.check.Threshold;
import io.rpcbench.reports.check.ThresholdCheck;
import io.rpcbench.reports.figures.DashboardData;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/**
 * The main job: a scenario of the seeds on this machine, by default seed 003 ({@code --scenarios} lists them). Starts
 * the provider (embedded ZooKeeper, Dubbo and Thrift on free loopback ports) and a server agent beside it, runs each
 * cell's plan headless in the laid-out JMeter (whose PerfMon collector reads the agent) for a warm-up and then a
 * measured window, showing its progress from JMeter's summariser, restarting the provider only when a cell needs
 * other options; stops what it started; then counts the measured window only: it prints samples, TPS, response
 * times in microsecond resolution and error % per plan with each plan's steadiness verdict, then the scenario's
 * table with the seed's published figures beside ours; has JMeter build its own dashboard of the same window
 * ({@code jmeter -g} with start and end dates), and writes one rpcbench dashboard of all plans, the scenario's table
 * first, with the provider host's CPU, memory, disk I/O, network and the provider JVM's GC, and its figures as
 * {@code dashboard.json} for {@code rpcbench-reports compare}. {@code --plan} runs plans of one's choosing instead,
 * without a seed table. The running is {@link ScenarioRunner}'s; this class reads the options.
 */
@Command(name = "run-benchmark", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Runs a scenario of the seeds (default: seed-003) against a local provider and prints its "
                + "summary table and the seed's table with our figures beside the seed's.",
        footer = {"", "Exit codes: 0 figures written (and every --assert met), 1 no plan has figures of a measured "
                + "window, 2 bad usage, 3 an --assert condition not met."})
public final class BenchmarkCommand implements Callable<Integer> {

    /**
     * The default warm-up of {@code --plan}'s plans, chosen by measurement (docs/performance.md, "Warm-up and
     * window"): on a 2-vCPU machine, 20 threads, TPS per 5 s of each plan run for 150 s from a cold start:
     * dubbo-echo-1k (the first plan, against a provider that has just started) reaches its steady ~25,000 after 20 s,
     * dubbo-echo-100k after 15 s, thrift-echo-100k climbs to within 10 % of its final rate after 25 s and creeps up
     * a few % more until about 60 s. The seed-003 scenario uses the same.
     */
    static final int DEFAULT_WARMUP_SECONDS = 60;

    /**
     * The default measured window of {@code --plan}'s plans: thirds of 20 s, since 5-second rates of a steady plan on
     * that machine still vary by 5-10 % (thrift-echo-1k even switches between about 54,000 and 66,000 for tens of
     * seconds).
     */
    static final int DEFAULT_MEASURED_SECONDS = 60;

    /** The plan properties the job's own options set, with their options; -J may not set them behind their backs. */
    private static final Map<String, String> JOB_PROPERTIES = Map.of("threads", "--threads", "rampup", "--rampup",
            JMeterRun.WARMUP, "--warmup", "duration", "--duration", JMeterRun.THINK_TIME, "--think-time");

    /** Seed 003's four plans: Dubbo (hessian2) and Thrift (binary) echoing 1 KiB and 100 KiB. */
    static final List<String> SEED_003_PLANS =
            List.of("dubbo-echo-1k", "dubbo-echo-100k", "thrift-echo-1k", "thrift-echo-100k");

    /** {@code --capacity}'s plans when {@code --plan} names none: seed 003's 1 KiB echo, Dubbo and Thrift. */
    static final List<String> CAPACITY_PLANS = List.of("dubbo-echo-1k-open", "thrift-echo-1k-open");

    /**
     * {@code --capacity}'s warm-up a step, each a new JMeter JVM: past a Dubbo consumer's set-up and its JIT
     * compilation, which at a low rate takes long (few calls). On 2 vCPUs a cold dubbo-echo-1k-open at 500/s had a p99
     * of 6-15 ms per 2 s from 4 to 17 s after its first call, and 2-6 ms from 18 to 25 s: with a 5 s warm-up no
     * sustainable rate was found, with 20 s one search held 500/s (p99 4.1 ms) and another broke it (5.4 ms).
     */
    static final int CAPACITY_WARMUP_SECONDS = 30;

    /** {@code --capacity}'s measured window a step: enough calls for a p99 at the first rate (5,000 at 500/s). */
    static final int CAPACITY_MEASURED_SECONDS = 10;

    /** The provider app's port options: the run picks free ports itself. */
    private static final List<String> PROVIDER_PORT_OPTIONS = List.of("--zookeeper-port", "--dubbo-port",
            "--thrift-port", "--rest-port", "--user-service-port");


    /**
     * The thread groups whose arrivals come at a rate, as a plan's file names them: rpcbench's Arrivals Thread Group
     * (the open plans') and JMeter's Open Model Thread Group.
     */
    private static final List<String> OPEN_MODELS = List.of(
            "testclass=\"io.rpcbench.elements.arrivals.ArrivalsThreadGroup\"", "testclass=\"OpenModelThreadGroup\"");

    /** {@code --full} for {@code --plan}'s plans: seed 003 measured 10 minutes per system. */
    private static final int FULL_MEASURED_SECONDS = 600;

    @Spec
    private CommandSpec spec;

    @Option(names = "--scenario", paramLabel = "NAME",
            description = "The scenario to run (default: " + Scenarios.DEFAULT + "); --scenarios lists them.")
    private String scenarioName;

    @Option(names = "--scenarios", description = "Lists the scenarios, one line each, and exits.")
    private boolean listScenarios;

    @Option(names = "--warmup", paramLabel = "SECONDS",
            description = "Warm-up of each cell before its measured window; run but not counted (default: the "
                    + "scenario's, " + DEFAULT_WARMUP_SECONDS + " s for seed-003 and --plan: long enough on a 2-vCPU "
                    + "machine for every plan to be steady).")
    private Integer warmupSeconds;

    @Option(names = "--duration", paramLabel = "SECONDS",
            description = "The measured window of each cell, after its warm-up; also for cells that otherwise make "
                    + "a fixed number of calls (default: the scenario's, " + DEFAULT_MEASURED_SECONDS + " s for "
                    + "seed-003 and --plan).")
    private Integer durationSeconds;

    @Option(names = "--full", description = "Run each cell as long as its seed did (seed-003 and --plan: "
            + FULL_MEASURED_SECONDS + " s measured after the warm-up).")
    private boolean full;

    @Option(names = "--cell", paramLabel = "NAME",
            description = "Run only this cell of the scenario (its name as the summary table and the results folder "
                    + "show it, e.g. dubbo-100ms-10000 of seed-002-delay); repeat for several. Default: every cell.")
    private List<String> onlyCells;

    @Option(names = "--threads", description = "JMeter threads of every cell (default: the scenario's, 20 for "
            + "seed-003 and --plan).")
    private Integer threads;

    @Option(names = "--rampup", paramLabel = "SECONDS", defaultValue = "1",
            description = "Ramp-up of the threads, part of the warm-up (default: ${DEFAULT-VALUE} s).")
    private int rampupSeconds;

    @Option(names = "--think-time", paramLabel = "MS",
            description = "Each thread's pause before each of its calls, in ms (the plans' think_time_ms, a JMeter "
                    + "Constant Timer; default 0: a thread calls again as soon as its answer is in). Calls per second "
                    + "are then bounded by threads / (call time + think time), and the summary says so.")
    private Integer thinkTimeMs;

    @Option(names = "--plan", paramLabel = "NAME",
            description = "A plan of test-plans/ to run instead of a scenario, without .jmx; repeat for several.")
    private List<String> plans;

    @Option(names = {"-J", "--property"}, paramLabel = "NAME=VALUE",
            description = "A JMeter property for every plan, e.g. -J dubbo.serialization=fastjson2 or "
                    + "-J thrift.protocol=compact; repeat for several. It wins over the job's own settings.")
    private Map<String, String> userProperties = new LinkedHashMap<>();

    @Option(names = "--param", paramLabel = "NAME=VALUE",
            description = "A parameter of the scenario, e.g. --param instances=500 for seed-004-discovery; repeat for "
                    + "several. --scenarios lists each scenario's parameters.")
    private Map<String, String> scenarioParameters = new LinkedHashMap<>();

    @Option(names = "--registry", paramLabel = "URL",
            description = "A registry you run, for the providers to register in and the Dubbo plans to find them "
                    + "through, instead of an embedded ZooKeeper: zookeeper://host:port, or "
                    + "nacos://host:port[?namespace=ID&group=GROUP]. With --plan, --capacity or seed-003.")
    private String registry;

    @Option(names = "--registry-username", paramLabel = "USER",
            description = "The --registry Nacos's user, when it authenticates; the password comes from the "
                    + "environment variable " + ExternalRegistry.PASSWORD_VARIABLE + " and is never printed.")
    private String registryUsername;

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

    @Option(names = "--no-live", description = "Do not serve the live dashboard while the run goes on.")
    private boolean noLive;

    @Option(names = "--live-bind", paramLabel = "ADDRESS", defaultValue = "127.0.0.1",
            description = "The address the live dashboard serves on (default: ${DEFAULT-VALUE}, this machine only). "
                    + "It serves the page, its data and /metrics (Prometheus) to anyone who can reach it.")
    private String liveBind;

    @Option(names = "--live-port", paramLabel = "PORT", defaultValue = "" + LIVE_PORT,
            description = "The live dashboard's port (default: ${DEFAULT-VALUE}; when it is in use, a free one, "
                    + "said at the start; 0: any free port).")
    private int livePort;

    @Option(names = "--live-linger", paramLabel = "SECONDS", defaultValue = "5",
            description = "How long the live dashboard still serves after the run when a page is open on it "
                    + "(default: ${DEFAULT-VALUE} s), so that the page shows the end and the final figures; it stops "
                    + "serving sooner once no page has asked for figures in 5 s.")
    private int liveLingerSeconds;

    @Option(names = "--no-jmeter-dashboards", description = "Do not have JMeter build its own dashboard of each cell "
            + "(jmeter -g reads the whole JTL: minutes for the --full Thrift plans); rpcbench's dashboard is built either way.")
    private boolean noJMeterDashboards;

    @Option(names = "--assert", paramLabel = "CONDITIONS",
            description = "Pass/fail for CI: [PLAN:] METRIC OP VALUE[, ...] judged on each plan's measured window, "
                    + "e.g. --assert \"dubbo-echo-1k: p99 < 2ms, errors < 0.1%%, tps > 20000\"; repeat for several. "
                    + "METRIC: p50, p90, p95, p99, p99.9, mean, max (ms; or 500us, 1.5s), errors (%%), tps; OP: < <= > "
                    + ">=; without PLAN, every plan. One line per condition and plan, a JUnit XML report "
                    + "(--junit), exit code 3 when one is not met.")
    private List<String> conditions = new ArrayList<>();

    @Option(names = "--junit", paramLabel = "XML",
            description = "Where --assert writes its JUnit XML report (default: assertions.xml in the results folder).")
    private Path junit;

    @Option(names = "--capacity",
            description = "Finds each open-model plan's highest arrival rate that meets --slo: the rate doubles from "
                    + "--start-rate while a step holds (the SLO met, under 1 %% of calls failed, the calls following "
                    + "the rate), then steps narrow the gap to --resolution. An open plan whose closed plan ships (dubbo-echo-1k for "
                    + "dubbo-echo-1k-open) is judged against it: the closed plan runs first (its TPS is the provider's "
                    + "rate here; " + DEFAULT_WARMUP_SECONDS + " s warm-up, as --plan's, unless --warmup says "
                    + "otherwise: at full speed a closed Dubbo plan was still climbing after 30 s), the search starts at an eighth of its TPS unless --start-rate is given, a step at "
                    + "half its TPS gives the p99 there, and the summary gives the sustainable rate, that p99 and "
                    + "JMeter's CPU an arrival as ratios of the closed plan's figures. Plans: --plan (open-model ones, e.g. "
                    + "dubbo-echo-1k-open), default dubbo-echo-1k-open and thrift-echo-1k-open; each step "
                    + CAPACITY_WARMUP_SECONDS + " s warm-up and " + CAPACITY_MEASURED_SECONDS + " s measured unless "
                    + "--warmup and --duration say otherwise.")
    private boolean capacity;

    @Option(names = "--slo", paramLabel = "CONDITIONS",
            description = "With --capacity: what each step's measured window must meet, as --assert reads it without "
                    + "a plan (default: " + CapacitySearch.DEFAULT_SLO + ").")
    private String slo;

    @Option(names = "--start-rate", paramLabel = "PER_SECOND",
            description = "With --capacity: the first arrival rate, a second (default: "
                    + CapacitySearch.DEFAULT_START_RATE + ").")
    private Integer startRate;

    @Option(names = "--no-closed-baseline",
            description = "With --capacity: do not run the open plans' closed plans first; search from --start-rate.")
    private boolean noClosedBaseline;

    @Option(names = "--resolution", paramLabel = "PERCENT",
            description = "With --capacity: the search narrows the gap between the last rate that held and the first "
                    + "that broke until they are within this many %% of each other (default: "
                    + "5: four steps after the doubling that broke; 20: two).")
    private Double resolution;

    @Option(names = "--provider-options", paramLabel = "OPTIONS",
            description = "With --plan or --capacity: the provider app's options beyond its ports, as one argument, "
                    + "e.g. \"--service-workers 4 --service-time-us 5000\" (a provider of known capacity: 4 workers x "
                    + "5 ms, 800 calls a second; see provider-app/README.md).")
    private String providerOptions;

    @Option(names = "--results", paramLabel = "DIR",
            description = "Where to write the results (default: results/<date-time>).")
    private Path resultsDir;

    @Option(names = "--project-dir", paramLabel = "DIR", defaultValue = ".",
            description = "The rpcbench checkout (default: the current directory).")
    private Path projectDir;

    private volatile ScenarioRunner runner;
    private volatile CapacitySearch capacityResult;
    private volatile LiveServer liveServer;

    /** A page that polled the live data this recently is open: the run's end waits --live-linger for it. */
    private static final long WATCHING_MS = 5_000;

    /** The live dashboard's port unless --live-port says otherwise. */
    static final int LIVE_PORT = 7272;

    public static void main(String[] args) {
        System.exit(new CommandLine(new BenchmarkCommand()).execute(args));
    }

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        if (listScenarios) {
            out.print(scenarioList());
            out.flush();
            return 0;
        }
        if (!capacity && (slo != null || startRate != null || noClosedBaseline)) {
            throw new ParameterException(spec.commandLine(), (slo != null ? "--slo" : startRate != null
                    ? "--start-rate" : "--no-closed-baseline") + " is for a capacity search; expected --capacity too");
        }
        if (capacity && (scenarioName != null || full || (onlyCells != null && !onlyCells.isEmpty()))) {
            throw new ParameterException(spec.commandLine(), "--capacity searches open-model plans (--plan), and "
                    + (scenarioName != null ? "--scenario " + scenarioName : full ? "--full" : "--cell")
                    + " is for a scenario's cells; expected --capacity with --plan, --slo, --start-rate, --warmup "
                    + "and --duration");
        }
        if (!capacity && resolution != null) {
            throw new ParameterException(spec.commandLine(), "--resolution is for a capacity search; expected "
                    + "--capacity too");
        }
        if (capacity && (plans == null || plans.isEmpty())) {
            plans = new ArrayList<>(CAPACITY_PLANS);
        }
        if (providerOptions != null && (plans == null || plans.isEmpty())) {
            throw new ParameterException(spec.commandLine(), "--provider-options is for --plan and --capacity, whose "
                    + "provider is the provider app; a scenario chooses its own; expected --plan or --capacity too");
        }
        providerSetup();
        if (plans != null && !plans.isEmpty() && scenarioName != null) {
            throw new ParameterException(spec.commandLine(), "--plan and --scenario " + scenarioName + " both choose "
                    + "what runs; expected one of them");
        }
        Optional<Scenario> scenario = plans != null && !plans.isEmpty() ? Optional.empty()
                : Optional.of(scenario(scenarioName != null ? scenarioName : Scenarios.DEFAULT));
        Optional<ExternalRegistry> external = externalRegistry(scenario);
        if (!scenarioParameters.isEmpty()) {
            requireKnownParameters(scenario);
            cells(scenario, full ? Length.FULL : Length.SHORT); // a value it cannot use: bad usage before anything runs
        }
        if (onlyCells != null && !onlyCells.isEmpty()) {
            chosenCells(scenario, cells(scenario, Length.SHORT)); // a name it does not have: bad usage now
        }
        if (full && durationSeconds != null) {
            throw new ParameterException(spec.commandLine(), "--full and --duration " + durationSeconds + " both set "
                    + "the measured window; expected one of them (--full is " + fullInWords(cells(scenario,
                    Length.FULL)) + ")");
        }
        if (durationSeconds != null) {
            requireAtLeast("--duration", durationSeconds, 1);
        }
        if (warmupSeconds != null) {
            requireAtLeast("--warmup", warmupSeconds, 0);
        }
        if (threads != null) {
            requireAtLeast("--threads", threads, 1);
        }
        requireAtLeast("--rampup", rampupSeconds, 0);
        requireAtLeast("--progress", progressSeconds, 0);
        requireAtLeast("--live-linger", liveLingerSeconds, 0);
        if (livePort < 0 || livePort > 65_535) {
            throw new ParameterException(spec.commandLine(), "--live-port " + livePort + " is not a port; expected 0 "
                    + "(any free port) to 65535");
        }
        List<Threshold> thresholds = new ArrayList<>();
        for (String condition : conditions) {
            try {
                thresholds.addAll(Threshold.parse(condition));
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), e.getMessage());
            }
        }
        if (junit != null && thresholds.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "--junit writes what --assert judges; expected --assert "
                    + "too");
        }
        ProjectLayout layout = new ProjectLayout(projectDir.toAbsolutePath().normalize());
        // Plans before the build: a mistyped name is bad usage, whatever has been built.
        if (!Files.isDirectory(layout.plansDir())) {
            throw new ParameterException(spec.commandLine(), "--project-dir " + layout.projectDir() + " has no "
                    + "test-plans folder; expected the rpcbench checkout");
        }
        if (scenario.isEmpty()) {
            for (String plan : plans) {
                if (!layout.plan(plan).toFile().isFile()) {
                    throw new ParameterException(spec.commandLine(), "--plan '" + plan + "' not found in "
                            + layout.plansDir() + "; expected one of " + layout.planNames().toList());
                }
            }
        }
        if (capacity) {
            for (String plan : plans) {
                String text = Files.readString(layout.plan(plan));
                if (OPEN_MODELS.stream().noneMatch(text::contains)) {
                    throw new ParameterException(spec.commandLine(), "--capacity steps the arrival rate of an "
                            + "open-model plan, and --plan '" + plan + "' has neither an Arrivals Thread Group nor an "
                            + "Open Model Thread Group; expected one "
                            + "of " + layout.planNames().filter(name -> name.endsWith("-open")).toList());
                }
            }
        }
        for (String name : userProperties.keySet()) {
            if (JOB_PROPERTIES.containsKey(name) || (capacity && name.equals("rate"))) {
                throw new ParameterException(spec.commandLine(), "-J " + name + " is set by an option of its own; "
                        + "expected " + JOB_PROPERTIES.getOrDefault(name, "--start-rate (--capacity steps the rate)")
                        + " instead");
            }
        }
        Map<String, String> planProperties = new LinkedHashMap<>(userProperties);
        if (thinkTimeMs != null) {
            requireAtLeast("--think-time", thinkTimeMs, 0);
            planProperties.put(JMeterRun.THINK_TIME, Integer.toString(thinkTimeMs));
        }
        Optional<Topology> topology;
        try {
            topology = Optional.ofNullable(hosts).map(Topology::parse);
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "--" + e.getMessage());
        }
        if (topology.isPresent() && external.isPresent()) {
            throw new ParameterException(spec.commandLine(), "--registry and --hosts " + hosts + ": the lab's "
                    + "providers register in a ZooKeeper of the lab; expected one of them");
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
        boolean terminal = isTerminal();
        int progressEvery = progressSeconds > 0 ? progressSeconds : terminal ? 5 : 30;
        if (capacity) {
            return capacitySearch(layout, results, out, terminal, progressEvery, planProperties, topology, thresholds,
                    external);
        }
        List<Cell> cells = withOverrides(chosenCells(scenario, cells(scenario, full ? Length.FULL : Length.SHORT)));
        ScenarioRunner scenarioRunner = new ScenarioRunner(layout, results, out, terminal, progressEvery,
                rampupSeconds, planProperties, !noJMeterDashboards, cells, scenario, title(scenario, cells, thinkTimeMs == null ? 0 : thinkTimeMs));
        this.runner = scenarioRunner;
        try (LiveServer live = startLive(out, title(scenario, cells, thinkTimeMs == null ? 0 : thinkTimeMs))) {
            if (live != null) {
                scenarioRunner.live(live);
            }
            try (RunSite site = topology.isPresent() ? LabSite.start(layout, topology.get(), results, out)
                    : external.isPresent() ? LocalSite.start(layout, results, out, external)
                    : scenarioSite(scenario, layout, results, out)) {
                scenarioRunner.run(site);
                site.report(out);
            }
            int exit = scenarioRunner.report();
            exit = thresholds.isEmpty() ? exit : judge(thresholds, exit, results, out);
            endLive(live, results, out);
            return exit;
        }
    }

    /** {@code --capacity}: each plan's search, then the summary, the search's table and the dashboard. */
    private int capacitySearch(ProjectLayout layout, Path results, PrintWriter out, boolean terminal, int progressEvery,
            Map<String, String> planProperties, Optional<Topology> topology, List<Threshold> thresholds,
            Optional<ExternalRegistry> external) throws IOException {
        String conditions = slo != null ? slo : CapacitySearch.DEFAULT_SLO;
        Stop.Timed stop = Stop.timed(warmupSeconds != null ? warmupSeconds : CAPACITY_WARMUP_SECONDS,
                durationSeconds != null ? durationSeconds : CAPACITY_MEASURED_SECONDS);
        ScenarioRunner scenarioRunner = new ScenarioRunner(layout, results, out, terminal, progressEvery,
                rampupSeconds, planProperties, !noJMeterDashboards, List.of(), Optional.empty(),
                "rpcbench capacity: " + String.join(", ", plans) + " at " + conditions + " (" + stop.warmupSeconds()
                        + " s warm-up, " + stop.measuredSeconds() + " s measured a step)");
        CapacitySearch search;
        try {
            search = new CapacitySearch(scenarioRunner, plans, conditions,
                    startRate != null ? startRate : CapacitySearch.DEFAULT_START_RATE,
                    resolution != null ? resolution : CapacitySearch.DEFAULT_RESOLUTION_PERCENT, providerSetup(), stop,
                    out).withClosedBaselines(noClosedBaseline ? Map.of() : closedPlans(layout), startRate == null,
                            Stop.timed(warmupSeconds != null ? warmupSeconds : DEFAULT_WARMUP_SECONDS,
                                    stop.measuredSeconds()));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), (e.getMessage().startsWith("--") ? "" : "--slo: ")
                    + e.getMessage());
        }
        this.runner = scenarioRunner;
        try (LiveServer live = startLive(out, "rpcbench capacity: " + String.join(", ", plans))) {
            if (live != null) {
                scenarioRunner.live(live);
            }
            try (RunSite site = topology.isPresent() ? LabSite.start(layout, topology.get(), results, out)
                    : LocalSite.start(layout, results, out, external)) {
                search.run(site);
                site.report(out);
            }
            scenarioRunner.addSections(search.sections(), search.text());
            this.capacityResult = search;
            int exit = scenarioRunner.report();
            exit = thresholds.isEmpty() ? exit : judge(thresholds, exit, results, out);
            endLive(live, results, out);
            return exit;
        }
    }

    /**
     * Starts the live dashboard and says where it is ({@code Live: http://127.0.0.1:PORT/}), or returns null with
     * {@code --no-live}.
     */
    private LiveServer startLive(PrintWriter out, String title) throws IOException {
        if (noLive) {
            return null;
        }
        InetAddress bind;
        try {
            bind = InetAddress.getByName(liveBind);
        } catch (java.net.UnknownHostException e) {
            throw new ParameterException(spec.commandLine(), "--live-bind '" + liveBind + "' is not an address of "
                    + "this machine; expected e.g. 127.0.0.1 (the default) or ::1");
        }
        LiveServer live = LiveServer.start(new LiveRun(title, System::currentTimeMillis), bind, livePort, out);
        out.printf("Live: %s%n", live.address());
        out.flush();
        this.liveServer = live;
        return live;
    }

    /**
     * Tells the live page the run has ended and where its dashboard is, then serves it --live-linger longer while a
     * page is open on it (one polled within {@link #WATCHING_MS}).
     */
    private void endLive(LiveServer live, Path results, PrintWriter out) {
        if (live == null) {
            return;
        }
        Path dashboard = results.resolve("dashboard.html");
        live.run().runEnded(Files.isRegularFile(dashboard) ? "Final dashboard: " + dashboard.toUri()
                : "No dashboard was written; see " + results);
        // Only while a page is open: a run nobody watches (a script, a CI job) ends at once.
        if (liveLingerSeconds > 0 && live.watchedWithin(WATCHING_MS)) {
            out.printf("Live dashboard: serving %d s more, so that an open page shows the end%n", liveLingerSeconds);
            out.flush();
            // a page polls every second: it sees the end in this time; a page closed meanwhile ends the wait
            long until = System.currentTimeMillis() + liveLingerSeconds * 1000L;
            try {
                while (System.currentTimeMillis() < until && live.watchedWithin(WATCHING_MS)) {
                    Thread.sleep(Math.min(250, Math.max(1, until - System.currentTimeMillis())));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The live dashboard of the run under way, or null (none yet, or --no-live): for tests. */
    public LiveServer liveServer() {
        return liveServer;
    }

    /**
     * Each open plan's closed plan, where one of that name without {@code -open} ships (dubbo-echo-1k for
     * dubbo-echo-1k-open): {@code --capacity} measures it first as the plan's baseline.
     */
    private Map<String, String> closedPlans(ProjectLayout layout) {
        Set<String> shipped = layout.planNames().collect(java.util.stream.Collectors.toSet());
        Map<String, String> closed = new LinkedHashMap<>();
        for (String plan : plans) {
            String base = plan.replaceFirst("-open$", "");
            if (!base.equals(plan) && shipped.contains(base)) {
                closed.put(plan, base);
            }
        }
        return closed;
    }

    /**
     * {@code --registry} and {@code --registry-username}, read: only for plans and seed 003, whose set-ups are the
     * provider app's own (other scenarios' extra processes find their providers in the embedded ZooKeeper).
     */
    private Optional<ExternalRegistry> externalRegistry(Optional<Scenario> scenario) {
        if (registry == null) {
            if (registryUsername != null) {
                throw new ParameterException(spec.commandLine(), "--registry-username is the user of a --registry, "
                        + "and none is given; expected --registry nacos://host:port with it");
            }
            return Optional.empty();
        }
        if (scenario.isPresent() && !scenario.get().name().equals(Scenarios.DEFAULT)) {
            throw new ParameterException(spec.commandLine(), "--registry runs plans (--plan, --capacity) or "
                    + Scenarios.DEFAULT + " through your registry, and --scenario " + scenario.get().name()
                    + " starts processes of its own that use the embedded ZooKeeper; expected --plan or "
                    + Scenarios.DEFAULT);
        }
        try {
            return Optional.of(ExternalRegistry.parse(registry, registryUsername, System.getenv()));
        } catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    /** The steps of the last {@code --capacity} search; null before one: for tests. */
    public CapacitySearch capacitySearch() {
        return capacityResult;
    }

    /** {@code --assert}: judges the conditions on each plan's window, prints them and writes the JUnit report. */
    private int judge(List<Threshold> thresholds, int exit, Path results, PrintWriter out) {
        out.println();
        if (exit != 0 || data() == null) {
            out.println("--assert: not judged: no plan has figures of a measured window");
            out.flush();
            return exit;
        }
        Map<String, DashboardData.LabelFigures> figures = new LinkedHashMap<>();
        data().runs().forEach(run -> figures.put(run.name(), run.total()));
        ThresholdCheck check = ThresholdCheck.of(thresholds, figures);
        out.println("Conditions (--assert) on each plan's measured window:");
        check.lines().forEach(line -> out.println("  " + line));
        Path report = junit != null ? junit : results.resolve("assertions.xml");
        check.writeJUnit(report);
        out.println("JUnit report: " + report.toAbsolutePath().normalize());
        out.flush();
        return check.passed() ? 0 : ThresholdCheck.FAILED_EXIT;
    }

    /**
     * Where a scenario runs when {@code --hosts} names no lab: the lab it asks for ({@link Scenario#lab}) when this
     * process is root and the lab can be made, else this machine's loopback, saying why.
     */
    private static RunSite scenarioSite(Optional<Scenario> scenario, ProjectLayout layout, Path results,
            PrintWriter out) throws IOException {
        Optional<String> lab = scenario.flatMap(Scenario::lab);
        if (lab.isEmpty()) {
            return LocalSite.start(layout, results, out);
        }
        String name = scenario.get().name();
        if (!LabNetwork.isRoot()) {
            out.printf("%s asks for the lab %s (network namespaces), which needs root; running on this machine's "
                    + "loopback instead%n", name, lab.get());
            return LocalSite.start(layout, results, out);
        }
        try {
            return LabSite.start(layout, Topology.parse(lab.get()), results, out);
        } catch (IOException | RuntimeException e) {
            out.printf("%s asks for the lab %s, which could not be made (%s); running on this machine's loopback "
                    + "instead%n", name, lab.get(), e.getMessage());
            return LocalSite.start(layout, results, out);
        }
    }

    /** Every {@code --param} names a parameter of the scenario; bad usage otherwise. */
    private void requireKnownParameters(Optional<Scenario> scenario) {
        if (scenario.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "--param " + scenarioParameters.keySet() + " sets "
                    + "parameters of a scenario, and --plan runs none; expected --scenario NAME");
        }
        Map<String, String> known = scenario.get().parameters();
        for (String name : scenarioParameters.keySet()) {
            if (!known.containsKey(name)) {
                throw new ParameterException(spec.commandLine(), "--param " + name + " is not a parameter of "
                        + scenario.get().name() + "; expected one of " + (known.isEmpty() ? "none (it takes no "
                        + "parameters)" : known.keySet()));
            }
        }
    }

    /** The scenario named {@code name}, or bad usage naming the known ones. */
    private Scenario scenario(String name) {
        return Scenarios.named(name).orElseThrow(() -> new ParameterException(spec.commandLine(), "--scenario '"
                + name + "' is not known; expected one of " + Scenarios.names()));
    }

    /** {@code --scenarios}: each scenario's name and summary, one line each, names aligned. */
    static String scenarioList() {
        int width = Scenarios.all().stream().mapToInt(s -> s.name().length()).max().orElse(0);
        StringBuilder out = new StringBuilder();
        for (Scenario s : Scenarios.all()) {
            out.append(String.format(Locale.ROOT, "%-" + width + "s  %s%n", s.name(), s.summary()));
            s.parameters().forEach((name, meaning) -> out.append(String.format(Locale.ROOT,
                    "%-" + width + "s    --param %s=VALUE: %s%n", "", name, meaning)));
        }
        return out.toString();
    }

    /**
     * The provider of {@code --plan}'s and {@code --capacity}'s cells: the provider app with {@code
     * --provider-options}, or its defaults. Ports are the run's to choose.
     */
    private CellSetup providerSetup() {
        if (providerOptions == null) {
            return CellSetup.DEFAULT;
        }
        List<String> words = List.of(providerOptions.trim().split("\\s+"));
        if (providerOptions.isBlank()) {
            throw new ParameterException(spec.commandLine(), "--provider-options is empty; expected the provider "
                    + "app's options, e.g. \"--service-workers 4 --service-time-us 5000\"");
        }
        for (String word : words) {
            String option = word.split("=", 2)[0];
            if (PROVIDER_PORT_OPTIONS.contains(option) || option.equals("--bind") || option.equals("--registry")) {
                throw new ParameterException(spec.commandLine(), "--provider-options '" + providerOptions + "' sets "
                        + option + ", which the run chooses itself (free ports on loopback, --registry for a "
                        + "registry of yours); expected other options of the provider app");
            }
        }
        return CellSetup.provider(words.toArray(String[]::new));
    }

    /** The scenario's cells, or one cell per {@code --plan} (20 threads, 60 s warm-up, 60 or 600 s measured). */
    private List<Cell> cells(Optional<Scenario> scenario, Length length) {
        if (scenario.isPresent()) {
            try {
                return scenario.get().cells(length, scenarioParameters);
            } catch (IllegalArgumentException e) {
                throw new ParameterException(spec.commandLine(), "--param: " + e.getMessage());
            }
        }
        Stop stop = length.choose(Stop.timed(DEFAULT_WARMUP_SECONDS, DEFAULT_MEASURED_SECONDS),
                Stop.timed(DEFAULT_WARMUP_SECONDS, FULL_MEASURED_SECONDS));
        CellSetup setup = providerSetup();
        return plans.stream().map(plan -> Cell.of(plan, plan, plan).stop(stop).setup(setup)).toList();
    }

    /**
     * The cells {@code --cell} names, in the scenario's order (so that set-ups still run grouped), or all of them when
     * it names none; bad usage for a name the scenario does not have, naming the ones it has.
     */
    private List<Cell> chosenCells(Optional<Scenario> scenario, List<Cell> cells) {
        if (onlyCells == null || onlyCells.isEmpty()) {
            return cells;
        }
        if (scenario.isEmpty()) {
            throw new ParameterException(spec.commandLine(), "--cell " + onlyCells + " chooses cells of a scenario, "
                    + "and --plan runs none; expected --scenario NAME");
        }
        List<String> names = cells.stream().map(Cell::name).toList();
        for (String name : onlyCells) {
            if (!names.contains(name)) {
                throw new ParameterException(spec.commandLine(), "--cell '" + name + "' is not a cell of "
                        + scenario.get().name() + "; expected one of " + names);
            }
        }
        return cells.stream().filter(cell -> onlyCells.contains(cell.name())).toList();
    }

    /** What {@code --full} runs, for the message when it meets {@code --duration}. */
    private static String fullInWords(List<Cell> cells) {
        List<String> ways = cells.stream().map(cell -> cell.stop() instanceof Stop.Timed timed
                ? "--duration " + timed.measuredSeconds() : cell.stop().describe()).distinct().toList();
        return ways.size() == 1 ? ways.get(0) : "each cell's own: " + String.join("; ", ways);
    }

    /** The cells with {@code --threads}, {@code --warmup} and {@code --duration} applied where given. */
    private List<Cell> withOverrides(List<Cell> cells) {
        return cells.stream().map(cell -> {
            Cell changed = threads != null ? cell.threads(threads) : cell;
            if (durationSeconds != null) {
                int warmup = warmupSeconds != null ? warmupSeconds : cell.stop().warmupSeconds();
                return changed.stop(Stop.timed(warmup, durationSeconds));
            }
            return warmupSeconds != null ? changed.stop(cell.stop().withWarmup(warmupSeconds)) : changed;
        }).toList();
    }

    /**
     * The dashboard's title: the plans, threads, warm-up and window when every cell runs alike (as the main job has
     * always named it), else the scenario and its summary.
     */
    private static String title(Optional<Scenario> scenario, List<Cell> cells, int thinkTimeMs) {
        Cell first = cells.get(0);
        boolean alike = first.stop() instanceof Stop.Timed && cells.stream()
                .allMatch(c -> c.threads() == first.threads() && c.stop().equals(first.stop()));
        String thinking = thinkTimeMs > 0 ? thinkTimeMs + " ms think time, " : "";
        if (alike) {
            Stop.Timed stop = (Stop.Timed) first.stop();
            return "rpcbench: " + String.join(", ", cells.stream().map(Cell::name).toList()) + " (" + first.threads()
                    + " threads, " + thinking + stop.warmupSeconds() + " s warm-up, " + stop.measuredSeconds()
                    + " s measured each)";
        }
        return "rpcbench " + scenario.map(s -> s.name() + ": " + s.summary()).orElse("plans")
                + (thinkTimeMs > 0 ? " (" + thinkTimeMs + " ms think time)" : "");
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
        ScenarioRunner running = runner;
        return running == null ? null : running.currentRun();
    }

    /** The figures of the last run, as its dashboard shows them; null before a run. */
    public DashboardData data() {
        ScenarioRunner running = runner;
        return running == null ? null : running.data();
    }

    /** Every cell's result of the last run, in the order they ran; empty before a run. */
    public List<CellResult> cellResults() {
        ScenarioRunner running = runner;
        return running == null ? List.of() : running.cellResults();
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
}
