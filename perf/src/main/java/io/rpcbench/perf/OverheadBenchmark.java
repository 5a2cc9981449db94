package io.rpcbench.perf;

import io.rpcbench.benchmark.AgentProcess;
import io.rpcbench.benchmark.JMeterRun;
import io.rpcbench.benchmark.ProjectLayout;
import io.rpcbench.benchmark.ProviderProcess;
import io.rpcbench.reports.JtlReader;
import io.rpcbench.reports.JtlSample;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import org.HdrHistogram.Histogram;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Benchmark 1, sampler overhead: against one provider on loopback, at each thread count, (a) the bare client loop
 * ({@link BareLoop}, the samplers' own client without JMeter) and (b) JMeter running the shipped 1 KiB echo plan
 * with our sampler, alternately, several rounds; throughput and p99 of each, and b/a per round. Both run in JVMs
 * of the same heap and GC settings (JMeter's defaults), after the same warm-up, measured over the same window,
 * with the agent running beside the provider as in the main job.
 */
@Command(name = "overhead", mixinStandardHelpOptions = true,
        description = "Sampler overhead: JMeter with our sampler against a bare client loop (docs/performance.md).")
final class OverheadBenchmark implements Callable<Integer> {

    /** JMeter's own heap and GC settings (bin/jmeter), so that the loop's JVM is not the faster by its flags. */
    static final List<String> JMETER_JVM = List.of("-Xms1g", "-Xmx1g", "-XX:MaxMetaspaceSize=256m",
            "-XX:+UseG1GC", "-XX:MaxGCPauseMillis=100", "-XX:G1ReservePercent=20");

    /** Inclusive code areas of JMeter's profile. */
    static final Map<String, String> JMETER_AREAS = jmeterAreas();

    private static Map<String, String> jmeterAreas() {
        Map<String, String> areas = new LinkedHashMap<>();
        areas.put("rpcbench sampler (all of a sample's call)", "io.rpcbench.sampler");
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

    @Option(names = "--warmup", paramLabel = "SECONDS", defaultValue = "5",
            description = "Warm-up before the window, not counted (default: ${DEFAULT-VALUE} s).")
    private int warmupSeconds;

    @Option(names = "--measure", paramLabel = "SECONDS", defaultValue = "15",
            description = "The measured window of each run (default: ${DEFAULT-VALUE} s).")
    private int measureSeconds;

    @Option(names = "--profile", description = "After the rounds, one more JMeter run per protocol at the highest "
            + "thread count with JFR, summarised: where JMeter's side spends its CPU.")
    private boolean profile;

    @Option(names = "--project-dir", paramLabel = "DIR", defaultValue = ".", description = "The rpcbench checkout.")
    private Path projectDir;

    @Option(names = "--results", paramLabel = "DIR", description = "Where runs write (default: results/perf-overhead-<time>).")
    private Path resultsDir;

    /** One run of one side: throughput over the window and p99 in whole ms. */
    record Measure(double tps, long p99Ms, long calls, long failures) {}

    @Override
    public Integer call() throws Exception {
        ProjectLayout layout = new ProjectLayout(projectDir.toAbsolutePath().normalize());
        layout.requireBuilt();
        Path results = resultsDir != null ? resultsDir
                : layout.projectDir().resolve("results").resolve("perf-overhead-" + System.currentTimeMillis());
        Files.createDirectories(results);
        Map<String, Map<Integer, List<Measure[]>>> rows = new LinkedHashMap<>();
        StringBuilder profiles = new StringBuilder();
        try (ProviderProcess provider = ProviderProcess.start(layout, List.of("--threads", "200"),
                results.resolve("provider.log"));
                AgentProcess agent = AgentProcess.start(layout, results.resolve("agent.log"))) {
            Map<String, String> plan = new HashMap<>(provider.planProperties());
            plan.putAll(agent.planProperties(provider.pid()));
            for (String protocol : protocols) {
                for (int threads : threadCounts) {
                    List<Measure[]> pairs = new ArrayList<>();
                    for (int round = 0; round < rounds; round++) {
                        String run = protocol + "-" + threads + "t-" + round;
                        Measure bare;
                        Measure jmeter;
                        if (round % 2 == 0) { // alternate which side goes first
                            bare = bareLoop(layout, provider, protocol, threads, results.resolve(run + "-bare.log"));
                            jmeter = jmeter(layout, plan, protocol, threads, results.resolve(run + "-jmeter"));
                        } else {
                            jmeter = jmeter(layout, plan, protocol, threads, results.resolve(run + "-jmeter"));
                            bare = bareLoop(layout, provider, protocol, threads, results.resolve(run + "-bare.log"));
                        }
                        System.out.printf(Locale.ROOT, "%s %3d threads round %d: bare %.0f/s p99 %d ms, JMeter %.0f/s"
                                + " p99 %d ms, b/a %.3f%n", protocol, threads, round + 1, bare.tps(), bare.p99Ms(),
                                jmeter.tps(), jmeter.p99Ms(), jmeter.tps() / bare.tps());
                        pairs.add(new Measure[] {bare, jmeter});
                    }
                    rows.computeIfAbsent(protocol, p -> new LinkedHashMap<>()).put(threads, pairs);
                }
                if (profile) {
                    int threads = threadCounts.get(threadCounts.size() - 1);
                    Path jfr = results.resolve(protocol + "-jmeter.jfr");
                    jmeter(layout, plan, protocol, threads, results.resolve(protocol + "-profiled"),
                            "-XX:StartFlightRecording=settings=profile,filename=" + jfr);
                    profiles.append('\n').append(new ProfileSummary(JMETER_AREAS).read(jfr).markdown(
                            "JMeter's JVM running " + protocol + "-echo-1k at " + threads + " threads (JFR)", 15));
                }
            }
        }
        String table = table(rows);
        System.out.println(table);
        new PerformanceDoc(layout.projectDir().resolve("docs/performance.md")).write("overhead",
                section(table) + profiles);
        return 0;
    }

    private String section(String table) {
        return "Measured " + LocalDate.now() + " on " + Machine.describe() + "; the provider (Dubbo and Thrift, "
                + "200 worker threads), JMeter or the loop, and the agent share it. " + rounds + " rounds per row, "
                + warmupSeconds + " s warm-up + " + measureSeconds + " s window per run; median (min-max) of the "
                + "rounds; b/a is taken per round (JMeter's run against the loop's run beside it), then its median. "
                + "1 KiB string echo; p99 in whole ms, as JMeter records it. Command: `./run-performance overhead`.\n\n"
                + table;
    }

    static String table(Map<String, Map<Integer, List<Measure[]>>> rows) {
        StringBuilder out = new StringBuilder("| protocol | threads | (a) bare loop TPS | (b) JMeter TPS | TPS b/a "
                + "| (a) p99 ms | (b) p99 ms | p99 b/a | failed calls (a / b) |\n|---|---|---|---|---|---|---|---|---|\n");
        rows.forEach((protocol, byThreads) -> byThreads.forEach((threads, pairs) -> {
            List<Double> bareTps = new ArrayList<>();
            List<Double> jmeterTps = new ArrayList<>();
            List<Double> tpsRatio = new ArrayList<>();
            List<Double> bareP99 = new ArrayList<>();
            List<Double> jmeterP99 = new ArrayList<>();
            List<Double> p99Ratio = new ArrayList<>();
            long bareFailures = 0;
            long jmeterFailures = 0;
            for (Measure[] pair : pairs) {
                bareTps.add(pair[0].tps());
                jmeterTps.add(pair[1].tps());
                tpsRatio.add(pair[1].tps() / pair[0].tps());
                bareP99.add((double) pair[0].p99Ms());
                jmeterP99.add((double) pair[1].p99Ms());
                // whole ms: a p99 of 0 ms on both sides is equal
                p99Ratio.add(Math.max(pair[1].p99Ms(), 1) / (double) Math.max(pair[0].p99Ms(), 1));
                bareFailures += pair[0].failures();
                jmeterFailures += pair[1].failures();
            }
            out.append(String.format(Locale.ROOT, "| %s | %d | %s | %s | %s | %s | %s | %s | %d / %d |%n", protocol,
                    threads, Spread.of(bareTps).format(0), Spread.of(jmeterTps).format(0),
                    Spread.of(tpsRatio).format(3), Spread.of(bareP99).format(0), Spread.of(jmeterP99).format(0),
                    Spread.of(p99Ratio).format(2), bareFailures, jmeterFailures));
        }));
        return out.toString();
    }

    private Measure bareLoop(ProjectLayout layout, ProviderProcess provider, String protocol, int threads, Path log)
            throws Exception {
        Map<String, String> plan = provider.planProperties();
        List<String> arguments = new ArrayList<>(List.of("--client", protocol, "size_bytes=1024"));
        if (protocol.equals("dubbo")) {
            arguments.add("address=" + plan.get("dubbo.address"));
        } else {
            arguments.add("host=" + plan.get("thrift.host"));
            arguments.add("port=" + plan.get("thrift.port"));
        }
        return BareLoopProcess.run(layout, List.of(), threads, warmupSeconds, measureSeconds, arguments, log);
    }

    static Measure parse(String result) {
        Map<String, String> values = new HashMap<>();
        for (String pair : result.trim().split(" ")) {
            int eq = pair.indexOf('=');
            values.put(pair.substring(0, eq), pair.substring(eq + 1));
        }
        return new Measure(Double.parseDouble(values.get("tps")), Long.parseLong(values.get("p99_ms")),
                Long.parseLong(values.get("calls")), Long.parseLong(values.get("failures")));
    }

    private Measure jmeter(ProjectLayout layout, Map<String, String> plan, String protocol, int threads, Path dir)
            throws Exception {
        return jmeter(layout, plan, protocol, threads, dir, "");
    }

    private Measure jmeter(ProjectLayout layout, Map<String, String> plan, String protocol, int threads, Path dir,
            String jvmArgs) throws Exception {
        Map<String, String> properties = new HashMap<>(plan);
        properties.putAll(Map.of("threads", Integer.toString(threads), "rampup", "0",
                "duration", Integer.toString(warmupSeconds + measureSeconds), "size_bytes", "1024"));
        JMeterRun run = JMeterRun.of(layout, protocol + "-echo-1k", dir).dashboard(false).properties(properties)
                .jvmArgs(jvmArgs);
        run.run(Duration.ofSeconds(warmupSeconds + measureSeconds + 180L));
        return window(run.jtl(), warmupSeconds, measureSeconds);
    }

    /** The samples of a JTL that ended in the window from {@code warmup} s after the first sample's start. */
    static Measure window(Path jtl, int warmupSeconds, int measureSeconds) {
        long[] first = {Long.MAX_VALUE};
        JtlReader.read(jtl, s -> first[0] = Math.min(first[0], s.timeStamp()));
        long from = first[0] + warmupSeconds * 1000L;
        long to = from + measureSeconds * 1000L;
        Histogram millis = new Histogram(3_600_000, 3);
        long[] counts = new long[2];
        JtlReader.read(jtl, (JtlSample s) -> {
            if (s.endTime() >= from && s.endTime() < to) {
                millis.recordValue(Math.min(s.elapsed(), millis.getHighestTrackableValue()));
                counts[0]++;
                if (!s.success()) {
                    counts[1]++;
                }
            }
        });
        return new Measure(counts[0] / (double) measureSeconds, millis.getValueAtPercentile(99), counts[0], counts[1]);
    }
}
