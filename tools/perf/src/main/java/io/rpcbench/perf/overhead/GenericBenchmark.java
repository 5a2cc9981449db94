package io.rpcbench.perf.overhead;

import io.rpcbench.benchmark.process.ProjectLayout;
import io.rpcbench.benchmark.process.ProviderProcess;
import io.rpcbench.perf.doc.Machine;
import io.rpcbench.perf.doc.PerformanceDoc;
import io.rpcbench.perf.doc.Spread;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Benchmark 2, generic against typed Dubbo invocation in our service sampler: the service sampler's client
 * ({@code DubboServiceClient}) calling {@code EchoService.echo} with a 1 KiB string, by generic invocation and
 * through the typed interface, alternately, in the bare loop (so JMeter's own cost is not in the ratio); the echo
 * sampler's client beside them for reference. Then one more generic run with JFR on the loop's JVM and on the
 * provider, summarised: where the difference goes.
 */
@Command(name = "generic", mixinStandardHelpOptions = true,
        description = "Generic against typed Dubbo invocation in the service sampler, with a profile (docs/performance.md).")
public final class GenericBenchmark implements Callable<Integer> {

    private static final String ECHO = "io.rpcbench.echo.EchoService";
    /** Inclusive code areas of the profile. */
    private static final Map<String, String> AREAS = areas();

    @Option(names = "--threads", split = ",", defaultValue = "1,20", description = "Thread counts (default: ${DEFAULT-VALUE}).")
    private List<Integer> threadCounts;

    @Option(names = "--rounds", defaultValue = "3", description = "Runs of each invocation per row (default: ${DEFAULT-VALUE}).")
    private int rounds;

    @Option(names = "--warmup", paramLabel = "SECONDS", defaultValue = "5", description = "Warm-up (default: ${DEFAULT-VALUE} s).")
    private int warmupSeconds;

    @Option(names = "--measure", paramLabel = "SECONDS", defaultValue = "15", description = "Window (default: ${DEFAULT-VALUE} s).")
    private int measureSeconds;

    @Option(names = "--project-dir", paramLabel = "DIR", defaultValue = ".", description = "The rpcbench checkout.")
    private Path projectDir;

    private static Map<String, String> areas() {
        Map<String, String> areas = new LinkedHashMap<>();
        areas.put("Dubbo PojoUtils (generalize / realize)", "org.apache.dubbo.common.utils.PojoUtils");
        areas.put("Dubbo generic filters", "org.apache.dubbo.rpc.filter.Generic");
        areas.put("Hessian2 serialization", "com.alibaba.com.caucho.hessian");
        areas.put("Jackson (arguments and result as JSON)", "com.fasterxml.jackson");
        areas.put("rpcbench sampler code", "io.rpcbench.sampler");
        areas.put("Netty", "io.netty");
        return areas;
    }

    @Override
    public Integer call() throws Exception {
        ProjectLayout layout = new ProjectLayout(projectDir.toAbsolutePath().normalize());
        layout.requireBuilt();
        Path results = layout.projectDir().resolve("results").resolve("perf-generic-" + System.currentTimeMillis());
        Files.createDirectories(results);
        String payload = "x".repeat(1024);
        Map<String, List<String>> kinds = new LinkedHashMap<>();
        kinds.put("echo sampler (typed EchoService proxy)", List.of("--client", "dubbo"));
        kinds.put("service sampler, typed", List.of("--client", "dubbo-service", "invocation=typed"));
        kinds.put("service sampler, generic", List.of("--client", "dubbo-service", "invocation=generic",
                "parameter_types=java.lang.String"));
        Map<Integer, Map<String, List<OverheadBenchmark.Measure>>> rows = new LinkedHashMap<>();
        StringBuilder profiles = new StringBuilder();
        try (ProviderProcess provider = ProviderProcess.start(layout, List.of("--threads", "200"),
                results.resolve("provider.log"))) {
            String registry = provider.planProperties().get("dubbo.address");
            List<String> common = List.of("address=" + registry, "interface=" + ECHO, "method=echo",
                    "arguments=[\"" + payload + "\"]", "size_bytes=1024", "response_max_bytes=2048");
            for (int threads : threadCounts) {
                Map<String, List<OverheadBenchmark.Measure>> byKind = new LinkedHashMap<>();
                for (int round = 0; round < rounds; round++) {
                    List<String> order = new ArrayList<>(kinds.keySet());
                    if (round % 2 == 1) {
                        java.util.Collections.reverse(order);
                    }
                    for (String kind : order) {
                        OverheadBenchmark.Measure m = loop(layout, kinds.get(kind), common, threads, List.of(),
                                results.resolve(threads + "t-" + round + "-" + kind.replaceAll("\\W+", "-") + ".log"));
                        System.out.printf(Locale.ROOT, "%3d threads round %d %-40s %.0f/s p99 %d ms%n", threads,
                                round + 1, kind, m.tps(), m.p99Ms());
                        byKind.computeIfAbsent(kind, k -> new ArrayList<>()).add(m);
                    }
                }
                rows.put(threads, byKind);
            }
            // The profile: generic at the highest thread count, JFR on both JVMs over the same window.
            int threads = threadCounts.get(threadCounts.size() - 1);
            Path loopJfr = results.resolve("generic-loop.jfr");
            Path providerJfr = results.resolve("generic-provider.jfr");
            jcmd(provider.pid(), "JFR.start", "name=generic", "settings=profile");
            loop(layout, kinds.get("service sampler, generic"), common, threads,
                    List.of("-XX:StartFlightRecording=settings=profile,filename=" + loopJfr),
                    results.resolve("profile-loop.log"));
            jcmd(provider.pid(), "JFR.stop", "name=generic", "filename=" + providerJfr);
            profiles.append(new ProfileSummary(AREAS).read(loopJfr)
                    .markdown("Consumer (the loop's JVM), generic, " + threads + " threads", 12)).append('\n');
            profiles.append(new ProfileSummary(AREAS).read(providerJfr)
                    .markdown("Provider, serving the generic calls", 12));
        }
        String table = table(rows);
        System.out.println(table);
        System.out.println(profiles);
        new PerformanceDoc(layout.projectDir().resolve("docs/performance.md")).write("generic",
                "Measured " + LocalDate.now() + " on " + Machine.describe() + ". Bare loop (no JMeter) of each client "
                        + "calling EchoService.echo with a 1 KiB string through ZooKeeper, " + rounds + " rounds, "
                        + warmupSeconds + " s warm-up + " + measureSeconds + " s window, order alternating; "
                        + "median (min-max). Command: `./run-performance generic`.\n\n" + table
                        + "\nWhere the time goes (JFR, one more generic run):\n\n" + profiles);
        return 0;
    }

    static String table(Map<Integer, Map<String, List<OverheadBenchmark.Measure>>> rows) {
        StringBuilder out = new StringBuilder("| threads | invocation | TPS | p99 ms | TPS against typed |\n"
                + "|---|---|---|---|---|\n");
        rows.forEach((threads, byKind) -> {
            List<OverheadBenchmark.Measure> typed = byKind.get("service sampler, typed");
            byKind.forEach((kind, measures) -> {
                List<Double> ratio = new ArrayList<>();
                for (int i = 0; i < measures.size() && typed != null; i++) {
                    ratio.add(measures.get(i).tps() / typed.get(i).tps());
                }
                out.append(String.format(Locale.ROOT, "| %d | %s | %s | %s | %s |%n", threads, kind,
                        Spread.of(measures.stream().map(OverheadBenchmark.Measure::tps).toList()).format(0),
                        Spread.of(measures.stream().map(m -> (double) m.p99Ms()).toList()).format(0),
                        ratio.isEmpty() ? "" : Spread.of(ratio).format(2)));
            });
        });
        return out.toString();
    }

    private OverheadBenchmark.Measure loop(ProjectLayout layout, List<String> kind, List<String> common, int threads,
            List<String> jvmOptions, Path log) throws Exception {
        List<String> arguments = new ArrayList<>(kind);
        arguments.addAll(common);
        return BareLoopProcess.run(layout, jvmOptions, threads, warmupSeconds, measureSeconds, arguments, log);
    }

    private static void jcmd(long pid, String... command) throws Exception {
        List<String> args = new ArrayList<>(List.of(Path.of(ProjectLayout.javaHome(), "bin", "jcmd").toString(),
                Long.toString(pid)));
        args.addAll(List.of(command));
        Process jcmd = new ProcessBuilder(args).redirectErrorStream(true).start();
        String output = new String(jcmd.getInputStream().readAllBytes());
        if (!jcmd.waitFor(60, java.util.concurrent.TimeUnit.SECONDS) || jcmd.exitValue() != 0) {
            throw new IllegalStateException("jcmd " + String.join(" ", command) + " failed: " + output);
        }
    }
}
