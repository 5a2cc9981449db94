package io.rpcbench.benchmark.jmeter;

import io.rpcbench.benchmark.process.ProjectLayout;
import io.rpcbench.process.ChildProcess;
import io.rpcbench.reports.jtl.jvm.CpuReadings;
import io.rpcbench.reports.jtl.jvm.GcLog;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import java.util.function.UnaryOperator;

/**
 * One headless JMeter run of one plan in the laid-out JMeter home: {@code jmeter -n -t plan.jmx -l
 * plan.jtl -j jmeter.log [-e -o dashboard] -Jkey=value ...}. The run's files go into its own folder. The home's
 * {@code bin/user.properties} names {@code elapsed_us} and {@code lag_us} in {@code sample_variables}, so every JTL
 * carries the samplers' microseconds (and, for arrivals issued from a schedule, their schedule lag), and JMeter's
 * {@code -g} reads them, with no option here.
 *
 * <p>Order of calls: build with {@link #of}, set options, then {@link #run} (which blocks until JMeter exits).
 */
public final class JMeterRun {

    /** The plans' property naming the PerfMon Metrics Collector's results file. */
    public static final String PERFMON_FILE = "perfmon.file";

    /** JMeter's property that makes a non-GUI run end its JVM with System.exit when the test has ended. */
    static final String FORCE_EXIT = "jmeterengine.force.system.exit";

    /** JMeter's property for the UDP port its non-GUI run listens on for stop commands. */
    public static final String SHUTDOWN_PORT = "jmeterengine.nongui.port";

    /**
     * The plans' property for each thread's pause before each call, in ms (a Constant Timer at the plan's top; 0 or
     * unset: none).
     */
    public static final String THINK_TIME = "think_time_ms";

    /** The plans' warm-up in seconds, run before the measured window ({@code duration}) and not counted. */
    public static final String WARMUP = "warmup";

    /**
     * The samplers' property that moves each thread's scheduled end later by the time its rpcbench clients' set-up took
     * (on in every run here): the warm-up counts from the first call (see the reports' measured window), so the
     * thread group's duration does too, and a Dubbo consumer's set-up (seconds on a busy machine) no longer eats the
     * measured window.
     */
    public static final String DURATION_AFTER_SETUP = "duration_after_setup";

    /** How often, in seconds, JMeter's summariser prints its {@code summary +} line (JMeter's default is 30). */
    public static final String SUMMARISER_INTERVAL = "summariser.interval";

    /** JMeter's report generator's window, as {@code yyyyMMddHHmmss} in the local time zone. */
    private static final DateTimeFormatter REPORT_DATE = DateTimeFormatter.ofPattern("yyyyMMddHHmmss");

    private final ProjectLayout layout;
    private final String planName;
    private final Path outputDir;
    private final Map<String, String> properties = new TreeMap<>();
    private boolean dashboard = true;
    private String jvmArgs = "";
    /** What JMeter prints when its heap is exhausted. */
    private static final String OUT_OF_MEMORY = "java.lang.OutOfMemoryError";
    /** A properties file JMeter reads besides its own ({@code -q}), e.g. credentials, which -J would log. */
    private Path userPropertiesFile;
    private Consumer<String> output = line -> { };
    private UnaryOperator<List<String>> launcher = UnaryOperator.identity();
    private List<String> remoteEngines = List.of();
    private final Map<String, String> globalProperties = new TreeMap<>();
    private ProcessCpuTimeline cpu;
    private volatile long pid;
    private LongConsumer started = pid -> { };

    private JMeterRun(ProjectLayout layout, String planName, Path outputDir) {
        this.layout = layout;
        this.planName = planName;
        this.outputDir = outputDir;
    }

    /** A run of {@code test-plans/<planName>.jmx} writing into {@code outputDir}. */
    public static JMeterRun of(ProjectLayout layout, String planName, Path outputDir) {
        return new JMeterRun(layout, planName, outputDir);
    }

    /**
     * Sets JMeter properties ({@code -J}), read by the plans through {@code ${__P(name,default)}} and the samplers'
     * {@code property_overrides}.
     */
    public JMeterRun properties(Map<String, String> values) {
        properties.putAll(values);
        return this;
    }

    /**
     * A properties file for JMeter to read ({@code -q}), for properties that must not appear in its command line or
     * log, as every {@code -J} does (JMeter logs "Setting JMeter property"): e.g. a registry's password.
     */
    public JMeterRun userPropertiesFile(Path file) {
        this.userPropertiesFile = file;
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

    /**
     * Runs JMeter through {@code launcher}, which gets the command and returns the one to start, e.g. the same
     * command inside a network namespace; it must exec the command, so that the PID is JMeter's own.
     */
    public JMeterRun launchedWith(UnaryOperator<List<String>> launcher) {
        this.launcher = launcher;
        return this;
    }

    /**
     * Runs the plan on JMeter remote engines ({@code -R}) rather than in this JMeter, which then acts as the
     * controller: it sends the plan and {@code global} ({@code -G}, the engines' properties, read by the plan there)
     * and writes the samples the engines stream back. The {@link #properties} stay the controller's own.
     */
    public JMeterRun remote(List<String> engines, Map<String, String> global) {
        this.remoteEngines = List.copyOf(engines);
        this.globalProperties.putAll(global);
        return this;
    }

    /** Hands every line JMeter prints (e.g. its summariser's) to {@code lines}, on the thread copying its output. */
    public JMeterRun output(Consumer<String> lines) {
        this.output = lines;
        return this;
    }

    /**
     * Whether JMeter also generates its own HTML dashboard at the end ({@code -e -o}) of every sample, warm-up
     * included; on by default. For the measured window only, switch it off and call {@link #generateDashboard}.
     */
    public JMeterRun dashboard(boolean generate) {
        this.dashboard = generate;
        return this;
    }

    /**
     * Calls {@code listener} with JMeter's PID once its process has started, on the thread that calls {@link #run}:
     * to watch the run while it goes (e.g. sample JMeter's and the provider's heap).
     */
    public JMeterRun onStart(LongConsumer listener) {
        this.started = listener;
        return this;
    }

    /** The value of the JMeter property {@code name} this run passes ({@code -J}), if it passes one. */
    public Optional<String> property(String name) {
        return Optional.ofNullable(properties.get(name));
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

    /** JMeter's GC log ({@code -Xlog:gc}, UTC times), beside the JTL, where the reports look for it. */
    public Path gcLog() {
        return outputDir.resolve(GcLog.FILE_NAME);
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
        if (userPropertiesFile != null) {
            command.addAll(List.of("-q", userPropertiesFile.toString()));
        }
        // Else the collector writes perfmon.jtl into JMeter's working directory, shared by every run.
        if (!properties.containsKey(PERFMON_FILE)) {
            command.add("-J" + PERFMON_FILE + "=" + perfmon());
        }
        // Without a warm-up unless asked for: the plans' own default (60 s) is for runs by hand.
        if (!properties.containsKey(WARMUP)) {
            command.add("-J" + WARMUP + "=0");
        }
        if (!properties.containsKey(DURATION_AFTER_SETUP)) {
            command.add("-J" + DURATION_AFTER_SETUP + "=true");
        }
        // JMeter's non-GUI run listens for "Shutdown"/"StopTestNow" datagrams on UDP 4445 of every interface; a run
        // is stopped here by its PID, so that port stays closed (port 0 starts no listener).
        if (!properties.containsKey(SHUTDOWN_PORT)) {
            command.add("-J" + SHUTDOWN_PORT + "=0");
        }
        // JMeter 5.6.3's Open Model Thread Group leaves an idle thread of its own pool, which keeps the JVM alive for
        // 60 s after the test; its plans end with System.exit instead (after every listener's end, the JTL closed).
        if (remoteEngines.isEmpty() && !properties.containsKey(FORCE_EXIT) && Files.readString(plan)
                .contains("testclass=\"OpenModelThreadGroup\"")) {
            command.add("-J" + FORCE_EXIT + "=true");
        }
        properties.forEach((key, value) -> command.add("-J" + key + "=" + value));
        if (!remoteEngines.isEmpty()) {
            command.add("-R" + String.join(",", remoteEngines));
            Map<String, String> global = new TreeMap<>(Map.of(DURATION_AFTER_SETUP, "true"));
            global.putAll(globalProperties);
            global.forEach((key, value) -> command.add("-G" + key + "=" + value));
        }
        // JMeter's own GC pauses, for the spikes (the reports read it beside the JTL). JVM_ARGS is split at spaces:
        // a results path with one gets no log.
        String options = gcLog().toString().contains(" ") ? jvmArgs
                : (jvmArgs + " -Xlog:gc:file=" + gcLog() + ":utctime").strip();
        Map<String, String> environment = Map.of("JAVA_HOME", ProjectLayout.javaHome(), "JVM_ARGS", options);
        // A JMeter out of heap (e.g. the Open Model Thread Group's threads at a rate beyond the machine) no longer makes
        // progress and may never exit: it is stopped by its PID as soon as it says so, not at the deadline.
        AtomicBoolean outOfMemory = new AtomicBoolean();
        AtomicLong jmeterPid = new AtomicLong();
        Consumer<String> watched = line -> {
            if (line.contains(OUT_OF_MEMORY) && outOfMemory.compareAndSet(false, true) && jmeterPid.get() != 0) {
                ProcessHandle.of(jmeterPid.get()).ifPresent(ProcessHandle::destroyForcibly);
            }
            output.accept(line);
        };
        try (ChildProcess jmeter = ChildProcess.start("jmeter " + planName, launcher.apply(command), environment,
                outputDir.resolve("jmeter.out"), watched)) {
            pid = jmeter.pid();
            jmeterPid.set(pid);
            if (outOfMemory.get()) { // said before its PID was known here
                ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
            }
            // The launcher execs java, so the child is JMeter's JVM itself. A controller of remote engines runs no
            // threads: its CPU says nothing about the load's bound, so it is not read.
            cpu = remoteEngines.isEmpty() ? ProcessCpuTimeline.start(jmeter.pid()) : null;
            int exit;
            try {
                started.accept(jmeter.pid());
                exit = jmeter.awaitExit(deadline);
            } finally {
                if (cpu != null) {
                    cpu.close();
                    try {
                        cpu.writeTo(outputDir.resolve(CpuReadings.FILE_NAME), Runtime.getRuntime().availableProcessors());
                    } catch (IOException e) {
                        // the report's spikes then lack JMeter's CPU as a cause; the run's figures are whole
                    }
                }
            }
            if (outOfMemory.get()) {
                throw new IllegalStateException("JMeter ran out of heap (" + OUT_OF_MEMORY + ") running " + plan
                        + " and was stopped (pid " + pid + "): the load asked for is beyond what this JMeter can "
                        + "generate with its heap (HEAP in its launcher); see " + log());
            }
            if (exit != 0) {
                throw new IllegalStateException("JMeter exited with code " + exit + " running " + plan + "; see "
                        + log() + "; last output:\n" + jmeter.tail());
            }
        }
        if (!Files.exists(jtl())) {
            throw new IllegalStateException("JMeter wrote no results for " + plan + "; see " + log());
        }
    }

    /** The PID of the running JMeter, 0 before it started. */
    public long pid() {
        return pid;
    }

    /**
     * JMeter's JVM's CPU use between two instants of the run (ms since the epoch) as a percentage of all the
     * machine's cores; empty before {@link #run}, when it could not be read, or when the run was {@link #remote}
     * (the engines ran the threads).
     */
    public OptionalDouble jmeterCpuPercentOfMachine(long fromMs, long toMs) {
        return cpu == null ? OptionalDouble.empty()
                : cpu.percentOfMachine(fromMs, toMs, Runtime.getRuntime().availableProcessors());
    }

    /**
     * After {@link #run}: JMeter's own HTML dashboard of the samples between {@code fromMs} and {@code toMs} only
     * ({@code jmeter -g} with the report generator's {@code start_date} and {@code end_date}), in
     * {@link #dashboardIndex()}'s folder. Those dates have whole seconds: the cut is rounded inwards to the second
     * (rpcbench's own window starts and ends on whole seconds, so both count the same samples).
     */
    public void generateDashboard(long fromMs, long toMs, Duration deadline) throws IOException {
        // JMeter's JVM reads the dates in its own zone: both sides in UTC, so no zone setting or DST hour differs.
        ZoneId zone = ZoneOffset.UTC;
        String start = REPORT_DATE.format(Instant.ofEpochMilli((fromMs + 999) / 1000 * 1000).atZone(zone));
        String end = REPORT_DATE.format(Instant.ofEpochMilli(toMs / 1000 * 1000).atZone(zone));
        List<String> command = new ArrayList<>(List.of(
                layout.jmeterLauncher().toString(),
                "-g", jtl().toString(),
                "-o", dashboardIndex().getParent().toString(),
                "-j", outputDir.resolve("jmeter-report.log").toString(),
                "-Jjmeter.reportgenerator.start_date=" + start,
                "-Jjmeter.reportgenerator.end_date=" + end));
        try (ChildProcess report = ChildProcess.start("jmeter -g " + planName, command,
                Map.of("JAVA_HOME", ProjectLayout.javaHome(), "JVM_ARGS", "-Duser.timezone=UTC"),
                outputDir.resolve("jmeter-report.out"))) {
            int exit = report.awaitExit(deadline);
            if (exit != 0) {
                throw new IllegalStateException("JMeter's report generator exited with code " + exit + " on " + jtl()
                        + "; see " + outputDir.resolve("jmeter-report.log") + "; last output:\n" + report.tail());
            }
        }
    }
}
