package io.rpcbench.perf;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
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
 * Benchmark 1a, what the live figures cost JMeter: runs the JMH benchmark {@link LiveFiguresCost} in a JVM of its own
 * on the laid-out JMeter's jars (as {@link ResponseDataBenchmark} does), then prints one table (µs per sample on the
 * sampling thread and on the shipper's, and the live page's data per refresh) with issue 40's target (at most
 * {@value #TARGET_MICROS} µs per sample on JMeter's side) and writes it into docs/performance.md.
 */
@Command(name = "live-figures", mixinStandardHelpOptions = true,
        description = "What the Live Figures listener and its shipper cost a sample, and the live page a refresh (JMH; docs/performance.md).")
final class LiveFiguresBenchmark implements Callable<Integer> {

    /** Issue 40: the listener and the live server cost at most this per sample on JMeter's side. */
    static final double TARGET_MICROS = 1.0;

    @Option(names = "--forks", defaultValue = "1", description = "JMH forks per benchmark (default: ${DEFAULT-VALUE}).")
    private int forks;

    @Option(names = "--warmup-iterations", defaultValue = "3", description = "JMH warm-up iterations (default: ${DEFAULT-VALUE}).")
    private int warmupIterations;

    @Option(names = "--iterations", defaultValue = "5", description = "JMH measured iterations (default: ${DEFAULT-VALUE}).")
    private int iterations;

    @Option(names = "--time", paramLabel = "SECONDS", defaultValue = "2", description = "Seconds per iteration (default: ${DEFAULT-VALUE}).")
    private int seconds;

    @Option(names = "--project-dir", paramLabel = "DIR", defaultValue = ".", description = "The rpcbench checkout.")
    private Path projectDir;

    @Override
    public Integer call() throws Exception {
        Path project = projectDir.toAbsolutePath().normalize();
        Path jmeterLib = project.resolve("jmeter-home/target/jmeter/lib");
        Path perfJar = project.resolve("perf/target/rpcbench-perf.jar");
        if (!Files.isDirectory(jmeterLib) || !Files.exists(perfJar)) {
            System.err.println("live-figures: build first (./mvnw -B -DskipTests package): " + jmeterLib + " and "
                    + perfJar + " are needed");
            return 2;
        }
        Path results = Files.createTempFile("rpcbench-live-figures", ".json");
        String loadBefore = Machine.loadAverage();
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                String.join(File.pathSeparator, jmeterLib + "/*", jmeterLib.resolve("ext/ApacheJMeter_core.jar").toString(),
                        perfJar.toString(), project.resolve("perf/target/lib") + "/*"),
                "org.openjdk.jmh.Main", LiveFiguresCost.class.getSimpleName(),
                "-f", Integer.toString(forks), "-wi", Integer.toString(warmupIterations), "-w", seconds + "s",
                "-i", Integer.toString(iterations), "-r", seconds + "s", "-rf", "json", "-rff", results.toString()));
        int exit = new ProcessBuilder(command).inheritIO().start().waitFor();
        String loadAfter = Machine.loadAverage();
        if (exit != 0) {
            System.err.println("live-figures: JMH exited with " + exit);
            return exit;
        }
        JsonNode figures = new ObjectMapper().readTree(results.toFile());
        Files.deleteIfExists(results);
        if (figures.size() == 0) {
            System.err.println("live-figures: JMH measured nothing (see its errors above)");
            return 1;
        }
        String table = table(figures);
        System.out.println(table);
        new PerformanceDoc(project.resolve("docs/performance.md")).write("live-figures",
                "Measured " + LocalDate.now() + " on " + Machine.describe() + "; load average before the run "
                        + loadBefore + ", after it " + loadAfter + ". JMH " + forks + " fork(s), " + warmupIterations
                        + " x " + seconds + " s warm-up, " + iterations + " x " + seconds + " s measured per figure; "
                        + "mean ± JMH's 99.9 % error, µs per sample. Command: `./run-performance live-figures`.\n\n"
                        + table);
        return 0;
    }

    /** The table of JMH's JSON results. */
    static String table(JsonNode results) {
        Map<String, JsonNode> byMethod = new LinkedHashMap<>();
        for (JsonNode result : results) {
            String benchmark = result.path("benchmark").asText();
            byMethod.put(benchmark.substring(benchmark.lastIndexOf('.') + 1), result.path("primaryMetric"));
        }
        double one = score(byMethod.get("listenerOneThread"), 1);
        double four = score(byMethod.get("listenerFourThreads"), 1);
        double ship = score(byMethod.get("shipTenThousand"), 10_000);
        double view = score(byMethod.get("liveViewOfTenMinutes"), 1);
        StringBuilder out = new StringBuilder("| what | µs | per |\n|---|---|---|\n");
        out.append(row("the listener's sampleOccurred, 1 sampling thread", byMethod.get("listenerOneThread"), 1,
                "sample, on the sampling thread"));
        out.append(row("the listener's sampleOccurred, 4 sampling threads at once", byMethod.get("listenerFourThreads"),
                1, "sample, on each sampling thread"));
        out.append(row("a second of 10,000 samples recorded and shipped (JSON, compressed histograms, a file)",
                byMethod.get("shipTenThousand"), 10_000, "sample, recording and shipping on one thread"));
        out.append(row("the live page's data of a 600 s plan at 40,000 samples/s", byMethod.get("liveViewOfTenMinutes"),
                1, "refresh (one a second), in ./run-benchmark's JVM"));
        double jmeterSide = Math.max(one, four) + ship;
        out.append(String.format(Locale.ROOT, "%nJMeter's side per sample: the listener (the slower of 1 and 4 threads) "
                + "plus the shipping: %.3f µs, target ≤ %.0f µs: %s. The page's refresh: %.1f ms of CPU a second "
                + "(%.2f %% of a core) in ./run-benchmark's JVM, none in the provider's.%n", jmeterSide, TARGET_MICROS,
                jmeterSide <= TARGET_MICROS ? "met" : "**missed**", view / 1000, view / 10_000));
        return out.toString();
    }

    private static double score(JsonNode metric, int per) {
        return metric == null ? Double.NaN : metric.path("score").asDouble() / per;
    }

    private static String row(String what, JsonNode metric, int per, String unit) {
        if (metric == null) {
            return "| " + what + " | - | " + unit + " |\n";
        }
        return String.format(Locale.ROOT, "| %s | %.3f ± %.3f | %s |%n", what, metric.path("score").asDouble() / per,
                metric.path("scoreError").asDouble() / per, unit);
    }
}
