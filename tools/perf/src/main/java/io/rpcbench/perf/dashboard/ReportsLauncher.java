package io.rpcbench.perf.dashboard;

import io.rpcbench.benchmark.process.ProjectLayout;
import io.rpcbench.perf.process.MeasuredProcess;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Our dashboard generator as a user runs it: the launcher {@code reports/target/rpcbench-reports}, which runs the jar
 * beside it with the build's CDS archive ({@code rpcbench-reports.jsa}) when the JVM can map it, and quietly without
 * it otherwise. The JVM is the running JDK's (as {@code JAVA_HOME}); JVM options go in {@code REPORTS_JAVA_OPTS}.
 *
 * <p>Order of calls: {@link #in}, {@link #requireBuilt}, {@link #archiveUsed} once (it starts a JVM), then
 * {@link #command} and {@link #environment} for each run.
 */
record ReportsLauncher(Path script, Path archive) {

    /** How long the probe of {@link #archiveUsed} may take: a JVM start that prints the help. */
    private static final Duration PROBE_DEADLINE = Duration.ofMinutes(1);

    static ReportsLauncher in(Path projectDir) {
        Path target = projectDir.resolve("reports/target");
        return new ReportsLauncher(target.resolve("rpcbench-reports"), target.resolve("rpcbench-reports.jsa"));
    }

    void requireBuilt() {
        if (!Files.isExecutable(script)) {
            throw new IllegalStateException(script + " does not exist; build it first with "
                    + "'./mvnw -B -DskipTests package' in the project folder");
        }
    }

    /**
     * Whether the running JDK maps the archive: the launcher's {@code --help} with {@code -Xshare:on}, which makes a
     * JVM that cannot use the archive stop at start instead of going on without it. The probe's output goes to
     * {@code log}.
     */
    boolean archiveUsed(Path log) throws Exception {
        if (!Files.exists(archive)) {
            return false;
        }
        MeasuredProcess.Result probe = MeasuredProcess.run("archive probe", command(List.of("--help")),
                environment("-Xshare:on"), log, PROBE_DEADLINE);
        return probe.passed();
    }

    List<String> command(List<String> arguments) {
        List<String> command = new ArrayList<>();
        command.add(script.toString());
        command.addAll(arguments);
        return command;
    }

    /** The running JDK, and {@code jvmOptions} (separated by spaces; the launcher splits them, so no path with one). */
    static Map<String, String> environment(String jvmOptions) {
        return Map.of("JAVA_HOME", ProjectLayout.javaHome(), "REPORTS_JAVA_OPTS", jvmOptions);
    }
}
