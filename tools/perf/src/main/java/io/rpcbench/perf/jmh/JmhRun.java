package io.rpcbench.perf.jmh;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rpcbench.perf.doc.Machine;
import io.rpcbench.perf.doc.PerformanceDoc;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.function.Function;
import picocli.CommandLine.Option;

/**
 * The options and the run of a JMH benchmark of JMeter's side (a picocli mixin): the benchmark class runs in a JVM of
 * its own whose class path puts the laid-out JMeter's {@code lib/} first (its Jackson, Dubbo, Thrift and protobuf
 * jars, as the samplers run) and its core jar ({@code lib/ext}), then this module's jar and libraries. JMH prints its
 * own progress; then the command's table of JMH's JSON results is printed and written into its section of
 * docs/performance.md with the machine, the load average before and after, and JMH's settings.
 *
 * <pre>{@code
 * @Mixin JmhRun jmh;
 * public Integer call() throws Exception {
 *     return jmh.run("live-figures", LiveFiguresCost.class, "µs per sample", LiveFiguresBenchmark::table);
 * }
 * }</pre>
 */
final class JmhRun {

    @Option(names = "--forks", defaultValue = "1", description = "JMH forks per benchmark (default: ${DEFAULT-VALUE}).")
    int forks;

    @Option(names = "--warmup-iterations", defaultValue = "3", description = "JMH warm-up iterations (default: ${DEFAULT-VALUE}).")
    int warmupIterations;

    @Option(names = "--iterations", defaultValue = "5", description = "JMH measured iterations (default: ${DEFAULT-VALUE}).")
    int iterations;

    @Option(names = "--time", paramLabel = "SECONDS", defaultValue = "2", description = "Seconds per iteration (default: ${DEFAULT-VALUE}).")
    int seconds;

    @Option(names = "--project-dir", paramLabel = "DIR", defaultValue = ".", description = "The rpcbench checkout.")
    Path projectDir;

    /**
     * Runs {@code benchmark} and writes {@code table} of its results into the section {@code name} of
     * docs/performance.md, its figures said to be in {@code unit}.
     *
     * @return the command's exit code: 2 when the build is missing, JMH's own when it failed, 1 when it measured
     *     nothing
     */
    int run(String name, Class<?> benchmark, String unit, Function<JsonNode, String> table) throws Exception {
        Path project = projectDir.toAbsolutePath().normalize();
        Path jmeterLib = project.resolve("jmeter/jmeter-home/target/jmeter/lib");
        Path perfJar = project.resolve("tools/perf/target/rpcbench-perf.jar");
        if (!Files.isDirectory(jmeterLib) || !Files.exists(perfJar)) {
            System.err.println(name + ": build first (./mvnw -B -DskipTests package): " + jmeterLib + " and "
                    + perfJar + " are needed");
            return 2;
        }
        Path results = Files.createTempFile("rpcbench-" + name, ".json");
        String loadBefore = Machine.loadAverage();
        List<String> command = List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                String.join(File.pathSeparator, jmeterLib + "/*",
                        jmeterLib.resolve("ext/ApacheJMeter_core.jar").toString(), perfJar.toString(),
                        project.resolve("tools/perf/target/lib") + "/*"),
                "org.openjdk.jmh.Main", benchmark.getSimpleName(),
                "-f", Integer.toString(forks), "-wi", Integer.toString(warmupIterations), "-w", seconds + "s",
                "-i", Integer.toString(iterations), "-r", seconds + "s", "-rf", "json", "-rff", results.toString());
        int exit = new ProcessBuilder(command).inheritIO().start().waitFor();
        String loadAfter = Machine.loadAverage();
        if (exit != 0) {
            System.err.println(name + ": JMH exited with " + exit);
            return exit;
        }
        JsonNode figures = new ObjectMapper().readTree(results.toFile());
        Files.deleteIfExists(results);
        if (figures.size() == 0) {
            System.err.println(name + ": JMH measured nothing (see its errors above)");
            return 1;
        }
        String text = table.apply(figures);
        System.out.println(text);
        new PerformanceDoc(project.resolve("docs/performance.md")).write(name,
                "Measured " + LocalDate.now() + " on " + Machine.describe() + "; load average before the run "
                        + loadBefore + ", after it " + loadAfter + ". JMH " + forks + " fork(s), " + warmupIterations
                        + " x " + seconds + " s warm-up, " + iterations + " x " + seconds + " s measured per figure; "
                        + "mean ± JMH's 99.9 % error, " + unit + ". Command: `./run-performance " + name + "`.\n\n"
                        + text);
        return 0;
    }
}
