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
 * Benchmark 7, what a sample's answer costs the sampler's thread: runs the JMH benchmark {@link ResponseDataCost} in a
 * JVM of its own whose class path puts the laid-out JMeter's {@code lib/} first (its Jackson, Dubbo, Thrift and
 * protobuf jars, as the samplers run) and its core jar ({@code lib/ext}), then this module's jar and libraries; JMH prints its own progress, then this
 * prints one table (µs per sample for each kind of answer, written at once, left unread, read once) with the target of
 * issue 28 (unread ≤ {@value #TARGET_MICROS} µs) and writes it into docs/performance.md.
 */
@Command(name = "response-data", mixinStandardHelpOptions = true,
        description = "What a sample's listUser answer costs the sampler's thread, unread and read once (JMH; docs/performance.md).")
final class ResponseDataBenchmark implements Callable<Integer> {

    /** Issue 28: a 15-user page answer nobody reads costs at most this per sample. */
    static final double TARGET_MICROS = 5.0;

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
            System.err.println("response-data: build first (./mvnw -B -DskipTests package): " + jmeterLib + " and "
                    + perfJar + " are needed");
            return 2;
        }
        Path results = Files.createTempFile("rpcbench-response-data", ".json");
        String loadBefore = Machine.loadAverage();
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                String.join(File.pathSeparator, jmeterLib + "/*", jmeterLib.resolve("ext/ApacheJMeter_core.jar").toString(),
                        perfJar.toString(), project.resolve("perf/target/lib") + "/*"),
                "org.openjdk.jmh.Main", ResponseDataCost.class.getSimpleName(),
                "-f", Integer.toString(forks), "-wi", Integer.toString(warmupIterations), "-w", seconds + "s",
                "-i", Integer.toString(iterations), "-r", seconds + "s", "-rf", "json", "-rff", results.toString()));
        int exit = new ProcessBuilder(command).inheritIO().start().waitFor();
        String loadAfter = Machine.loadAverage();
        if (exit != 0) {
            System.err.println("response-data: JMH exited with " + exit);
            return exit;
        }
        JsonNode figures = new ObjectMapper().readTree(results.toFile());
        Files.deleteIfExists(results);
        if (figures.size() == 0) {
            System.err.println("response-data: JMH measured nothing (see its errors above)");
            return 1;
        }
        String table = table(figures);
        System.out.println(table);
        new PerformanceDoc(project.resolve("docs/performance.md")).write("response-data",
                "Measured " + LocalDate.now() + " on " + Machine.describe() + "; load average before the run "
                        + loadBefore + ", after it " + loadAfter + ". JMH " + forks + " fork(s), " + warmupIterations
                        + " x " + seconds + " s warm-up, " + iterations + " x " + seconds + " s measured per figure; "
                        + "mean ± JMH's 99.9 % error, µs per sample. Command: `./run-performance response-data`.\n\n"
                        + table);
        return 0;
    }

    /** The table of JMH's JSON results: a row per kind of answer, a column per benchmark method. */
    static String table(JsonNode results) {
        Map<String, Map<String, JsonNode>> byKind = new LinkedHashMap<>();
        for (JsonNode result : results) {
            String benchmark = result.path("benchmark").asText();
            String method = benchmark.substring(benchmark.lastIndexOf('.') + 1);
            String kind = result.path("params").path("kind").asText();
            byKind.computeIfAbsent(kind, k -> new LinkedHashMap<>()).put(method, result.path("primaryMetric"));
        }
        StringBuilder out = new StringBuilder("| answer (a page of 15) | written per sample (before) µs | unread (now) µs "
                + "| read once (now) µs | unread ≤ " + (int) TARGET_MICROS + " µs |\n|---|---|---|---|---|\n");
        byKind.forEach((kind, methods) -> {
            JsonNode unread = methods.get("unread");
            out.append("| ").append(label(kind)).append(" | ").append(figure(methods.get("before"))).append(" | ")
                    .append(figure(unread)).append(" | ").append(figure(methods.get("readOnce"))).append(" | ")
                    .append(unread == null ? "-" : unread.path("score").asDouble() <= TARGET_MICROS ? "met" : "**missed**")
                    .append(" |\n");
        });
        return out.toString();
    }

    private static String label(String kind) {
        return switch (kind) {
            case "JACKSON_GENERIC" -> "Jackson, generic invocation's maps (listUser)";
            case "JACKSON_TYPED" -> "Jackson, typed invocation's Page (listUser)";
            case "THRIFT" -> "Thrift struct (the inventory's Shelf of 15 Items)";
            case "PROTOBUF" -> "protobuf message (listUser over triple)";
            default -> kind;
        };
    }

    private static String figure(JsonNode metric) {
        if (metric == null) {
            return "-";
        }
        return String.format(Locale.ROOT, "%.2f ± %.2f", metric.path("score").asDouble(),
                metric.path("scoreError").asDouble());
    }
}
