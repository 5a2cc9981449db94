package io.rpcbench.perf.overhead;

import io.rpcbench.benchmark.jmeter.JMeterRun;
import io.rpcbench.benchmark.process.AgentProcess;
import io.rpcbench.benchmark.process.ProjectLayout;
import io.rpcbench.benchmark.process.ProviderProcess;
import io.rpcbench.perf.doc.Machine;
import io.rpcbench.perf.doc.PerformanceDoc;
import io.rpcbench.perf.process.CpuTime;
import io.rpcbench.perf.process.CpuTimeline;
import io.rpcbench.reports.jtl.JtlReader;
import io.rpcbench.reports.jtl.JtlSample;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import org.HdrHistogram.Histogram;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Benchmark 1, sampler overhead: against one provider on loopback, at each thread count, (a) the bare client loop
 * ({@link BareLoop}, the samplers' own client without JMeter), (b) JMeter running the shipped 1 KiB echo plan with
 * our sampler, and JMeter's floor ({@link FloorPlan}: the same plan with JMeter's no-op sampler, no call), one after
 * another in a rotating order, several rounds. For each: throughput and p99 over the window, and the CPU per call
 * of its JVM over the window ({@code utime + stime} of {@code /proc/<pid>/stat}: the loop reads its own at the
 * window's edges, JMeter's is read every 50 ms by {@link CpuTimeline} and cut to the window). Per round b/a, the
 * bound the loop and the floor imply ({@link OverheadTable#bound}) and b/bound. All sides run in JVMs of the same
 * heap and GC settings (JMeter's defaults), after the same warm-up, measured over the same window, with the agent
 * running beside the provider as in the main job. With {@code --profile}, one more run of each side with JFR, each
 * measured the same way and its samples cut to the span of its CPU figure; the bare loop's profile beside JMeter's
 * ({@link ProfileComparison}) says which code costs more µs per call under JMeter, and the time their calling threads
 * spent parked or blocked on monitors per call ({@link ThreadWaits}). With {@code --pin}, the client JVMs run on one
 * CPU and the provider and the agent on the other ({@link CpuPinning}).
 */
@Command(name = "overhead", mixinStandardHelpOptions = true,
        description = "Sampler overhead: JMeter with our sampler against a bare client loop and against JMeter's "
                + "floor, its no-op sampler in the same plan (docs/performance.md).")
public final class OverheadBenchmark implements Callable<Integer> {

    /** JMeter's own heap and GC settings (bin/jmeter), so that the loop's JVM is not the faster by its flags. */
    static final List<String> JMETER_JVM = List.of("-Xms1g", "-Xmx1g", "-XX:MaxMetaspaceSize=256m",
            "-XX:+UseG1GC", "-XX:MaxGCPauseMillis=100", "-XX:G1ReservePercent=20");

    /**
     * Twice the climb measured at 20 threads (docs/performance.md, section 1): Dubbo's JMeter side reached its
     * plateau after about 30 s of calls, the bare loop after about 20 s; the 5 s of before had measured warm-up.
     */
    static final int DEFAULT_WARMUP_SECONDS = 60;

    /** The protocols with a shipped {@code <protocol>-echo-1k} plan and a bare loop client. */
    static final List<String> PROTOCOLS = List.of("dubbo", "thrift");

    /** Inclusive code areas of JMeter's profile. */
    static final Map<String, String> JMETER_AREAS = jmeterAreas();

    /**
     * JMeter's areas and areas that split the client finer, for the bare loop beside JMeter's side: the issue's
     * candidates for the µs a call costs more under JMeter (Dubbo's InternalThreadLocal falling back on a
     * ThreadLocal on threads that are not its own, JMeter's per-sample variables and JTL writer, ...).
     */
    static final Map<String, String> COMPARED_AREAS = comparedAreas();

    private static Map<String, String> comparedAreas() {
        Map<String, String> areas = new LinkedHashMap<>(JMETER_AREAS);
        areas.put("rpcbench sampler: JMeter adapter (io.rpcbench.sampler.jmeter)", "io.rpcbench.sampler.jmeter");
        areas.put("Dubbo: InternalThreadLocal", "org.apache.dubbo.common.threadlocal");
        areas.put("Dubbo: timeout wheel (HashedWheelTimer)", "org.apache.dubbo.common.timer");
        areas.put("Dubbo: filter chain", "org.apache.dubbo.rpc.cluster.filter");
        areas.put("Dubbo: dubbo protocol (invoker, codec)", "org.apache.dubbo.rpc.protocol.dubbo");
        areas.put("Dubbo: remoting (exchange, transport)", "org.apache.dubbo.remoting");
        areas.put("Hessian2 (com.alibaba.com.caucho.hessian)", "com.alibaba.com.caucho.hessian");
        areas.put("java.lang.ThreadLocal", "java.lang.ThreadLocal");
        areas.put("JMeter: SampleEvent (copies sample_variables)", "org.apache.jmeter.samplers.SampleEvent");
        return areas;
    }

    private static Map<String, String> jmeterAreas() {
        Map<String, String> areas = new LinkedHashMap<>();
        areas.put("rpcbench sampler (all of a sample's call)", "io.rpcbench.sampler");
        areas.put("JMeter's no-op sampler (JavaTest, the floor's)", FloorPlan.NO_OP_SAMPLER);
        areas.put("Thrift client", "org.apache.thrift");
        areas.put("Dubbo client", "org.apache.dubbo");
        areas.put("Netty", "io.netty");
        areas.put("JMeter: results to the JTL file (CSV)", "org.apache.jmeter.save");
        areas.put("JMeter: listeners (ResultCollector, Summariser)", "org.apache.jmeter.reporters");
        areas.put("JMeter: thread loop (JMeterThread)", "org.apache.jmeter.threads");
        areas.put("JMeter: SampleResult", "org.apache.jmeter.samplers.SampleResult");
        return areas;
    }

    @Option(names = "--protocol", split = ",", defaultValue = "dubbo,thrift",
            description = "Which clients: dubbo, thrift (default: ${DEFAULT-VALUE}).")
    private List<String> protocols;

    @Option(names = "--threads", split = ",", defaultValue = "1,20,100",
            description = "Thread counts (default: ${DEFAULT-VALUE}).")
    private List<Integer> threadCounts;

    @Option(names = "--rounds", defaultValue = "3", description = "Runs of each side per row (default: ${DEFAULT-VALUE}).")
    private int rounds;

    @Option(names = "--warmup", paramLabel = "SECONDS", defaultValue = "" + DEFAULT_WARMUP_SECONDS,
            description = "Warm-up before the window, not counted (default: ${DEFAULT-VALUE} s, twice the climb "
                    + "of Dubbo's sides: docs/performance.md, section 1).")
    private int warmupSeconds;

    @Option(names = "--measure", paramLabel = "SECONDS", defaultValue = "15",
            description = "The measured window of each run (default: ${DEFAULT-VALUE} s).")
    private int measureSeconds;

    @Option(names = "--profile", description = "After the rounds, one more run of each side per protocol at the "
            + "highest thread count with JFR (JMeter's, its floor's, the bare loop's), each with its own CPU per call, "
            + "summarised: where JMeter's side spends its CPU, how much of it is JMeter's own, and, beside the bare "
            + "loop's, which code areas and methods cost more µs per call under JMeter, and how long the calling "
            + "threads spend parked or blocked on monitors per call (JFR's ThreadPark and JavaMonitorEnter, every one).")
    private boolean profile;

    @Option(names = "--profile-seconds", paramLabel = "SECONDS", description = "With --profile: the measured "
            + "window of the profiled runs (default: --measure's). A longer window gives the profiles more samples.")
    private Integer profileSeconds;

    @Option(names = "--pin", description = "Pin the processes with taskset: every client JVM (the bare loop, JMeter "
            + "running the plan and its floor) on CPU 0, the provider and the agent on CPU 1, so that the client and "
            + "the provider do not share cores. Needs taskset (util-linux) and 2 CPUs.")
    private boolean pin;

    @Option(names = "--project-dir", paramLabel = "DIR", defaultValue = ".", description = "The rpcbench checkout.")
    private Path projectDir;

    @Option(names = "--results", paramLabel = "DIR", description = "Where runs write (default: results/perf-overhead-<time>).")
    private Path resultsDir;

    /**
     * One run of one side: throughput over the window, p99 in whole ms, and its JVM's CPU per call over the window
     * in µs (NaN when it could not be read), measured from {@code cpuFromMs} to {@code cpuToMs} (ms since the epoch,
     * both 0 when not measured): a profile of the run is cut to that span, and {@code cpuCalls} calls ended in it
     * (those the CPU per call divides by).
     */
    record Measure(double tps, long p99Ms, long calls, long failures, double cpuMicrosPerCall, long cpuFromMs,
            long cpuToMs, long cpuCalls) {}

    /** The sides of a round, in the order of the first round; each later round starts one further on. */
    private enum Side { BARE, JMETER, FLOOR }

    private long ticksPerSecond;

    /** Where the processes run: {@link CpuPinning#NONE} unless {@code --pin}. */
    private CpuPinning pinning = CpuPinning.NONE;

    @Override
    public Integer call() throws Exception {
        requireValidOptions(protocols, threadCounts, rounds, warmupSeconds, measureSeconds);
        requireValidProfileSeconds(profile, profileSeconds);
        if (pin) {
            pinning = CpuPinning.onThisMachine();
        }
        ProjectLayout layout = new ProjectLayout(projectDir.toAbsolutePath().normalize());
        layout.requireBuilt();
        Path results = resultsDir != null ? resultsDir
                : layout.projectDir().resolve("results").resolve("perf-overhead-" + System.currentTimeMillis());
        Files.createDirectories(results);
        ticksPerSecond = CpuTime.clockTicksPerSecond();
        String loadBefore = Machine.loadAverage();
        Map<String, Map<Integer, List<OverheadTable.Round>>> rows = new LinkedHashMap<>();
        StringBuilder profiles = new StringBuilder();
        try (ProviderProcess provider = ProviderProcess.start(layout, List.of("--threads", "200"),
                results.resolve("provider.log"), pinning.providerLauncher());
                AgentProcess agent = AgentProcess.start(layout, results.resolve("agent.log"),
                        pinning.providerLauncher())) {
            if (pinning.pinned()) {
                System.out.printf(Locale.ROOT, "Pinned (%s): provider pid %d, agent pid %d on CPU %d; client JVMs "
                        + "on CPU %d%n", CpuPinning.DESCRIPTION, provider.pid(), agent.pid(), CpuPinning.PROVIDER_CPU,
                        CpuPinning.CLIENT_CPU);
            }
            Map<String, String> plan = new HashMap<>(provider.planProperties());
            plan.putAll(agent.planProperties(provider.pid()));
            for (String protocol : protocols) {
                String planName = protocol + "-echo-1k";
                ProjectLayout floorLayout = FloorPlan.write(layout, planName, results.resolve("floor-plans"));
                for (int threads : threadCounts) {
                    List<OverheadTable.Round> byRound = new ArrayList<>();
                    for (int round = 0; round < rounds; round++) {
                        String run = protocol + "-" + threads + "t-" + round;
                        Map<Side, Measure> measures = new EnumMap<>(Side.class);
                        for (int i = 0; i < Side.values().length; i++) { // rotate which side goes first
                            Side side = Side.values()[(round + i) % Side.values().length];
                            measures.put(side, switch (side) {
                                case BARE -> bareLoop(layout, provider, protocol, threads, measureSeconds,
                                        List.of(), results.resolve(run + "-bare.log"));
                                case JMETER -> jmeter(layout, planName, plan, threads, measureSeconds,
                                        results.resolve(run + "-jmeter"), "", false);
                                case FLOOR -> jmeter(floorLayout, FloorPlan.name(planName), plan, threads,
                                        measureSeconds, results.resolve(run + "-floor"), "", true);
                            });
                        }
                        OverheadTable.Round r = new OverheadTable.Round(measures.get(Side.BARE),
                                measures.get(Side.JMETER), measures.get(Side.FLOOR));
                        System.out.printf(Locale.ROOT, "%s %3d threads round %d: bare %.0f/s p99 %d ms %.1f µs CPU/call,"
                                + " JMeter %.0f/s p99 %d ms %.1f µs CPU/call, floor %.0f/s %.1f µs CPU/call; bound %.0f/s,"
                                + " b/a %.3f, b/bound %.3f (load average %s)%n", protocol, threads, round + 1,
                                r.bare().tps(), r.bare().p99Ms(), r.bare().cpuMicrosPerCall(), r.jmeter().tps(),
                                r.jmeter().p99Ms(), r.jmeter().cpuMicrosPerCall(), r.floor().tps(),
                                r.floor().cpuMicrosPerCall(), r.bound(), r.jmeterToBare(), r.jmeterToBound(),
                                Machine.loadAverage());
                        byRound.add(r);
                    }
                    rows.computeIfAbsent(protocol, p -> new LinkedHashMap<>()).put(threads, byRound);
                }
                if (profile) {
                    profiles.append(profile(layout, floorLayout, provider, plan, protocol,
                            threadCounts.get(threadCounts.size() - 1), results));
                }
            }
        }
        String table = OverheadTable.markdown(rows);
        System.out.println(table);
        System.out.println(profiles);
        new PerformanceDoc(layout.projectDir().resolve("docs/performance.md")).write("overhead",
                section(LocalDate.now(), Machine.describe(), loadBefore, Machine.loadAverage(), rounds, warmupSeconds,
                        measureSeconds, pinning.pinned(), table) + profiles);
        return 0;
    }

    /** @throws IllegalArgumentException naming the first option out of range and what it takes */
    static void requireValidOptions(List<String> protocols, List<Integer> threadCounts, int rounds, int warmupSeconds,
            int measureSeconds) {
        for (String protocol : protocols) {
            if (!PROTOCOLS.contains(protocol)) {
                throw new IllegalArgumentException("--protocol '" + protocol + "': expected one or more of "
                        + String.join(", ", PROTOCOLS));
            }
        }
        for (int threads : threadCounts) {
            if (threads < 1) {
                throw new IllegalArgumentException("--threads " + threads + ": expected thread counts of 1 or more");
            }
        }
        if (rounds < 1 || warmupSeconds < 0 || measureSeconds < 1) {
            throw new IllegalArgumentException("--rounds " + rounds + ", --warmup " + warmupSeconds + ", --measure "
                    + measureSeconds + ": expected at least 1 round, a warm-up of 0 s or more and a window of 1 s "
                    + "or more");
        }
    }

    /**
     * {@code --profile-seconds}: only with {@code --profile}, and 1 s or more.
     *
     * @throws IllegalArgumentException naming the option and what it takes
     */
    static void requireValidProfileSeconds(boolean profile, Integer profileSeconds) {
        if (profileSeconds == null) {
            return;
        }
        if (!profile) {
            throw new IllegalArgumentException("--profile-seconds " + profileSeconds + " without --profile: it sets "
                    + "the window of the profiled runs, which only --profile runs");
        }
        if (profileSeconds < 1) {
            throw new IllegalArgumentException("--profile-seconds " + profileSeconds + ": expected a window of 1 s "
                    + "or more");
        }
    }

    /**
     * One more run of each side of {@code protocol} at {@code threads} threads with JFR, each measured as the rounds
     * are (its calls and its JVM's CPU over the window), each profile cut to the span of its CPU figure: JMeter's
     * side, its floor, the bare loop, then the loop and JMeter's side compared ({@link ProfileComparison}), and
     * their calling threads' waits per call ({@link ThreadWaits}: JMeter's and the loop's recordings also hold every
     * park and contended monitor enter). Each run measures a window of {@code --profile-seconds}.
     */
    private String profile(ProjectLayout layout, ProjectLayout floorLayout, ProviderProcess provider,
            Map<String, String> plan, String protocol, int threads, Path results) throws Exception {
        String planName = protocol + "-echo-1k";
        int window = profileSeconds != null ? profileSeconds : measureSeconds;
        StringBuilder out = new StringBuilder();
        Path jfr = results.resolve(protocol + "-jmeter.jfr");
        Measure jmeter = jmeter(layout, planName, plan, threads, window, results.resolve(protocol + "-profiled"),
                recordingTo(jfr, warmupSeconds, true), false);
        ProfileSummary jmeterProfile = windowed(new ProfileSummary(COMPARED_AREAS), jfr, jmeter);
        out.append('\n').append(jmeterProfile.markdown("JMeter's JVM running " + planName + " at " + threads
                + " threads (JFR, " + cpu(jmeter) + ")", 15));
        Path floorJfr = results.resolve(protocol + "-floor.jfr");
        Measure floor = jmeter(floorLayout, FloorPlan.name(planName), plan, threads, window,
                results.resolve(protocol + "-floor-profiled"), recordingTo(floorJfr, warmupSeconds, false), true);
        out.append('\n').append(windowed(new ProfileSummary(JMETER_AREAS), floorJfr, floor).markdown(
                "JMeter's JVM running the floor of " + planName + " (JavaTest, no call) at " + threads
                        + " threads (JFR, " + cpu(floor) + "): JMeter's own share", 15));
        Path bareJfr = results.resolve(protocol + "-bare.jfr");
        Measure bare = bareLoop(layout, provider, protocol, threads, window,
                List.of(recordingTo(bareJfr, warmupSeconds, true)), results.resolve(protocol + "-bare-profiled.log"));
        ProfileSummary bareProfile = windowed(new ProfileSummary(COMPARED_AREAS), bareJfr, bare);
        out.append('\n').append(bareProfile.markdown("The bare loop's JVM (" + protocol + " client, no JMeter) at "
                + threads + " threads (JFR, " + cpu(bare) + ")", 15));
        out.append('\n').append(ProfileComparison.markdown("The " + protocol + " client at " + threads
                + " threads, the bare loop (a) beside JMeter (b), profiled runs above",
                new ProfileComparison.Side(bareProfile, bare.cpuMicrosPerCall()),
                new ProfileComparison.Side(jmeterProfile, jmeter.cpuMicrosPerCall()), 15));
        ThreadWaits.Side bareWaits = new ThreadWaits.Side(new ThreadWaits(ThreadWaits.BARE_LOOP_THREADS,
                bare.cpuFromMs(), bare.cpuToMs()).read(bareJfr), threads, bare.cpuCalls());
        ThreadWaits.Side jmeterWaits = new ThreadWaits.Side(new ThreadWaits(ThreadWaits.JMETER_THREADS,
                jmeter.cpuFromMs(), jmeter.cpuToMs()).read(jfr), threads, jmeter.cpuCalls());
        out.append('\n').append(ThreadWaits.markdown("The " + protocol + " client at " + threads + " threads, the "
                + "bare loop (a) beside JMeter (b), profiled runs above", bareWaits, jmeterWaits, 5));
        return out.toString();
    }

    /**
     * JFR's {@code settings=profile} from {@code delaySeconds} after the JVM's start (the warm-up: the window opens
     * later still, at the first call plus the warm-up) to its exit, into {@code jfr}, with no size limit (JFR's
     * default of 250 MB would drop the oldest data, the window's start, silently); with {@code waits}, every park
     * and contended monitor enter too ({@link ThreadWaits#JFR_SETTINGS}).
     */
    static String recordingTo(Path jfr, int delaySeconds, boolean waits) {
        return "-XX:StartFlightRecording=settings=profile" + (waits ? "," + ThreadWaits.JFR_SETTINGS : "")
                + (delaySeconds > 0 ? ",delay=" + delaySeconds + "s" : "") + ",maxsize=0,filename=" + jfr;
    }

    /** The samples of {@code recording} taken over the span of {@code run}'s CPU figure. */
    private static ProfileSummary windowed(ProfileSummary summary, Path recording, Measure run) throws Exception {
        return summary.read(recording, run.cpuFromMs(), run.cpuToMs());
    }

    private static String cpu(Measure run) {
        return String.format(Locale.ROOT, "samples of the %.1f s window: %d calls, %.1f µs CPU per call",
                (run.cpuToMs() - run.cpuFromMs()) / 1000.0, run.calls(), run.cpuMicrosPerCall());
    }

    /** The paragraph above the table: when, where, how the processes were placed, how measured, the command. */
    static String section(LocalDate date, String machine, String loadBefore, String loadAfter, int rounds,
            int warmupSeconds, int measureSeconds, boolean pinned, String table) {
        String placement = pinned ? "; pinned (`--pin`): " + CpuPinning.DESCRIPTION + " (`taskset -c`), so the "
                + "provider (Dubbo and Thrift, 200 worker threads) and the agent share CPU " + CpuPinning.PROVIDER_CPU
                + " and JMeter or the loop has CPU " + CpuPinning.CLIENT_CPU + " to itself (the benchmark's own JVM, "
                + "which reads the client's CPU every 50 ms, is not pinned); each pinned JVM sees one processor, so "
                + "its ergonomics follow (one GC thread; the provider, which names no collector, runs Serial GC). "
                : "; the provider (Dubbo and Thrift, 200 worker threads), JMeter or the loop, and the agent share it. ";
        return "Measured " + date + " on " + machine + "; load average before the run "
                + loadBefore + ", after it " + loadAfter + placement + rounds + " rounds per row, "
                + warmupSeconds + " s warm-up + " + measureSeconds + " s window per run, the three sides in a "
                + "rotating order; median (min-max) of the rounds; b/a, the bound and b/bound are taken per round "
                + "(the runs beside each other), then their median. 1 KiB string echo; p99 in whole ms, as JMeter "
                + "records it. Command: `./run-performance overhead" + (pinned ? " --pin" : "") + "`.\n\n" + table;
    }

    private Measure bareLoop(ProjectLayout layout, ProviderProcess provider, String protocol, int threads,
            int windowSeconds, List<String> jvmOptions, Path log) throws Exception {
        Map<String, String> plan = provider.planProperties();
        List<String> arguments = new ArrayList<>(List.of("--client", protocol, "size_bytes=1024"));
        if (protocol.equals("dubbo")) {
            arguments.add("address=" + plan.get("dubbo.address"));
        } else {
            arguments.add("host=" + plan.get("thrift.host"));
            arguments.add("port=" + plan.get("thrift.port"));
        }
        return BareLoopProcess.run(layout, pinning.clientLauncher(), jvmOptions, threads, warmupSeconds, windowSeconds,
                arguments, log);
    }

    /**
     * The loop's result line ({@link BareLoop}), its CPU ticks turned into µs per call.
     *
     * @throws IllegalArgumentException naming the line when a figure is missing or not a number
     */
    static Measure parse(String result, long ticksPerSecond) {
        Map<String, String> values = new HashMap<>();
        for (String pair : result.trim().split(" ")) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                values.put(pair.substring(0, eq), pair.substring(eq + 1));
            }
        }
        try {
            long calls = Long.parseLong(values.get("calls"));
            CpuTime used = new CpuTime(Long.parseLong(values.get("cpu_ticks")));
            return new Measure(Double.parseDouble(values.get("tps")), Long.parseLong(values.get("p99_ms")), calls,
                    Long.parseLong(values.get("failures")),
                    calls == 0 ? Double.NaN : new CpuTime(0).microsPerCall(used, ticksPerSecond, calls),
                    Long.parseLong(values.get("cpu_from_ms")), Long.parseLong(values.get("cpu_to_ms")), calls);
        } catch (NumberFormatException | NullPointerException e) {
            throw new IllegalArgumentException("bare loop result '" + result.strip() + "': expected calls=, "
                    + "failures=, tps=, p99_ms=, cpu_ticks=, cpu_from_ms= and cpu_to_ms= with numbers", e);
        }
    }

    /**
     * Runs {@code planName} of {@code runLayout} (the shipped plans' layout, or the floor's) and measures its
     * window; a floor's JTL is deleted once read (JMeter's no-op sampler writes some 400,000 rows a second).
     */
    private Measure jmeter(ProjectLayout runLayout, String planName, Map<String, String> plan, int threads,
            int windowSeconds, Path dir, String jvmArgs, boolean deleteJtl) throws Exception {
        Map<String, String> properties = new HashMap<>(plan);
        properties.putAll(Map.of("threads", Integer.toString(threads), "rampup", "0",
                "duration", Integer.toString(warmupSeconds + windowSeconds), "size_bytes", "1024"));
        JMeterRun run = JMeterRun.of(runLayout, planName, dir).dashboard(false).properties(properties)
                .jvmArgs(jvmArgs).launchedWith(pinning.clientLauncher());
        List<CpuTimeline.Reading> cpu;
        try (CpuTimeline timeline = CpuTimeline.start(run::pid)) {
            run.run(Duration.ofSeconds(warmupSeconds + windowSeconds + 180L));
            timeline.close();
            cpu = timeline.readings();
        }
        Measure measure = window(run.jtl(), warmupSeconds, windowSeconds, cpu, ticksPerSecond);
        if (deleteJtl) {
            Files.delete(run.jtl());
        }
        return measure;
    }

    /**
     * The samples of a JTL that ended in the window from {@code warmup} s after the first sample's start; the CPU per
     * call over the span of {@code cpu}'s readings inside that window, with the calls that ended in that same span.
     */
    static Measure window(Path jtl, int warmupSeconds, int measureSeconds, List<CpuTimeline.Reading> cpu,
            long ticksPerSecond) {
        long[] first = {Long.MAX_VALUE};
        JtlReader.read(jtl, s -> first[0] = Math.min(first[0], s.timeStamp()));
        long from = first[0] + warmupSeconds * 1000L;
        long to = from + measureSeconds * 1000L;
        Optional<CpuTimeline.Span> span = CpuTimeline.span(cpu, from, to);
        long spanFrom = span.map(CpuTimeline.Span::fromMs).orElse(Long.MAX_VALUE);
        long spanTo = span.map(CpuTimeline.Span::toMs).orElse(Long.MIN_VALUE);
        Histogram millis = new Histogram(3_600_000, 3);
        long[] counts = new long[3];
        JtlReader.read(jtl, (JtlSample s) -> {
            if (s.endTime() >= from && s.endTime() < to) {
                millis.recordValue(Math.min(s.elapsed(), millis.getHighestTrackableValue()));
                counts[0]++;
                if (!s.success()) {
                    counts[1]++;
                }
            }
            if (s.endTime() >= spanFrom && s.endTime() < spanTo) {
                counts[2]++;
            }
        });
        double cpuMicros = span.isEmpty() || counts[2] == 0 ? Double.NaN
                : new CpuTime(0).microsPerCall(new CpuTime(span.get().ticks()), ticksPerSecond, counts[2]);
        return new Measure(counts[0] / (double) measureSeconds, millis.getValueAtPercentile(99), counts[0], counts[1],
                cpuMicros, span.map(CpuTimeline.Span::fromMs).orElse(0L), span.map(CpuTimeline.Span::toMs).orElse(0L),
                counts[2]);
    }
}
