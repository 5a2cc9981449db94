package io.rpcbench.benchmark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * One headless JMeter run of one plan in the laid-out JMeter home: {@code jmeter -n -t plan.jmx -l
 * plan.jtl -j jmeter.log [-e -o dashboard] -Jkey=value ...}. The run's files go into its own folder.
 *
 * <p>Order of calls: build with {@link #of}, set options, then {@link #run} (which blocks until JMeter exits).
 */
public final class JMeterRun {

    /** The plans' property naming the PerfMon Metrics Collector's results file. */
    static final String PERFMON_FILE = "perfmon.file";

    /** JMeter's property for the UDP port its non-GUI run listens on for stop commands. */
    static final String SHUTDOWN_PORT = "jmeterengine.nongui.port";

    private final ProjectLayout layout;
    private final String planName;
    private final Path outputDir;
    private final Map<String, String> properties = new TreeMap<>();
    private boolean dashboard = true;
    private String jvmArgs = "";

    private JMeterRun(ProjectLayout layout, String planName, Path outputDir) {
        this.layout = layout;
        this.planName = planName;
        this.outputDir = outputDir;
    }

    /** A run of {@code test-plans/<planName>.jmx} writing into {@code outputDir}. */
    public static JMeterRun of(ProjectLayout layout, String planName, Path outputDir) {
        return new JMeterRun(layout, planName, outputDir);
    }

    /** Sets JMeter properties ({@code -J}), read by the plans through {@code ${__P(name,default)}}. */
    public JMeterRun properties(Map<String, String> values) {
        properties.putAll(values);
        return this;
    }

    /**
     * Extra options for JMeter's JVM, e.g. {@code -XX:StartFlightRecording=...} to profile a run: JMeter's launcher
     * adds {@code JVM_ARGS} to its own heap and GC settings.
     */
    public JMeterRun jvmArgs(String options) {
        this.jvmArgs = options;
        return this;
    }

    /** Whether JMeter also generates its own HTML dashboard at the end ({@code -e -o}); on by default. */
    public JMeterRun dashboard(boolean generate) {
        this.dashboard = generate;
        return this;
    }

    public Path jtl() {
        return outputDir.resolve(planName + ".jtl");
    }

    /**
     * The PerfMon Metrics Collector's results file: the plans write it where the {@code perfmon.file} property says,
     * by default {@code <plan>-perfmon.jtl} beside the JTL.
     */
    public Path perfmon() {
        String file = properties.get(PERFMON_FILE);
        return file != null ? Path.of(file) : outputDir.resolve(planName + "-perfmon.jtl");
    }

    public Path log() {
        return outputDir.resolve("jmeter.log");
    }

    public Path dashboardIndex() {
        return outputDir.resolve("dashboard/index.html");
    }

    /**
     * JMeter appends to an existing JTL and PerfMon file and refuses a non-empty dashboard folder: a run in a
     * used folder would mix two runs into one set of figures, so it is refused before anything starts.
     */
    private static void requireEmpty(Path dir) throws IOException {
        if (Files.isDirectory(dir)) {
            try (var entries = Files.list(dir)) {
                if (entries.findAny().isPresent()) {
                    throw new IllegalStateException("results folder " + dir + " is not empty; expected a new or "
                            + "empty folder, so that results of two runs are never mixed");
                }
            }
        }
    }

    /**
     * Runs JMeter and waits for it to exit.
     *
     * @param deadline how long the run may take in all, dashboard generation included
     * @throws IllegalStateException when JMeter exits with an error or outlives the deadline (it is stopped then)
     */
    public void run(Duration deadline) throws IOException {
        Path plan = layout.plan(planName);
        if (!Files.isRegularFile(plan)) {
            throw new IllegalArgumentException("plan '" + planName + "' not found: " + plan + " does not exist");
        }
        requireEmpty(outputDir);
        Files.createDirectories(outputDir);
        List<String> command = new ArrayList<>(List.of(
                layout.jmeterLauncher().toString(), "-n",
                "-t", plan.toString(),
                "-l", jtl().toString(),
                "-j", log().toString()));
        if (dashboard) {
            command.addAll(List.of("-e", "-o", outputDir.resolve("dashboard").toString()));
        }
        // Else the collector writes perfmon.jtl into JMeter's working directory, shared by every run.
        if (!properties.containsKey(PERFMON_FILE)) {
            command.add("-J" + PERFMON_FILE + "=" + perfmon());
        }
        // JMeter's non-GUI run listens for "Shutdown"/"StopTestNow" datagrams on UDP 4445 of every interface; a run
        // is stopped here by its PID, so that port stays closed (port 0 starts no listener).
        if (!properties.containsKey(SHUTDOWN_PORT)) {
            command.add("-J" + SHUTDOWN_PORT + "=0");
        }
        properties.forEach((key, value) -> command.add("-J" + key + "=" + value));
        Map<String, String> environment = jvmArgs.isEmpty() ? Map.of("JAVA_HOME", ProjectLayout.javaHome())
                : Map.of("JAVA_HOME", ProjectLayout.javaHome(), "JVM_ARGS", jvmArgs);
        try (ChildProcess jmeter = ChildProcess.start("jmeter " + planName, command, environment,
                outputDir.resolve("jmeter.out"))) {
            int exit = jmeter.awaitExit(deadline);
            if (exit != 0) {
                throw new IllegalStateException("JMeter exited with code " + exit + " running " + plan + "; see "
                        + log() + "; last output:\n" + jmeter.tail());
            }
        }
        if (!Files.exists(jtl())) {
            throw new IllegalStateException("JMeter wrote no results for " + plan + "; see " + log());
        }
    }
}
