package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.benchmark.jmeter.JMeterRun;
import io.rpcbench.benchmark.lab.LabHost;
import io.rpcbench.benchmark.process.ProjectLayout;
import io.rpcbench.process.ChildProcess;
import io.rpcbench.reports.jtl.JtlSample;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One shipped plan run headless by JMeter inside a lab host, JMeter's sockets read while it runs: what it left (its
 * samples, every TCP socket seen, its log and its command line), and the check that every call stayed on loopback.
 *
 * @param samples     the JTL's samples
 * @param sockets     every TCP socket of JMeter's process seen while it ran
 * @param log         jmeter.log
 * @param commandLine JMeter's JVM's command line
 * @param console     what JMeter printed on its console
 */
record LabPlanRun(List<JtlSample> samples, List<ProcessSockets.TcpSocket> sockets, String log, String commandLine,
        String console) {

    private static final Duration RUN = Duration.ofMinutes(2);

    /**
     * Runs {@code plan} headless in {@code host} with {@code properties} ({@code -J}) and {@code arguments} (e.g.
     * {@code -q FILE}), into {@code out}, reading JMeter's sockets until it exits; JMeter must exit with 0.
     *
     * @param jvmArgs JMeter's {@code JVM_ARGS}, set explicitly so that none is inherited from this machine
     */
    static LabPlanRun run(LabHost host, String plan, Path out, Map<String, String> properties, List<String> arguments,
            String jvmArgs) throws IOException {
        return run(host, Plans.LAYOUT.plan(plan), out, properties, arguments, jvmArgs);
    }

    /** {@link #run(LabHost, String, Path, Map, List, String)} of a plan file of any name and place. */
    static LabPlanRun run(LabHost host, Path planFile, Path out, Map<String, String> properties,
            List<String> arguments, String jvmArgs) throws IOException {
        String plan = planFile.getFileName().toString().replaceFirst("\\.jmx$", "");
        Files.createDirectories(out);
        List<String> command = new ArrayList<>(List.of(Plans.LAYOUT.jmeterLauncher().toString(), "-n",
                "-t", planFile.toString(),
                "-l", out.resolve(plan + ".jtl").toString(),
                "-j", out.resolve("jmeter.log").toString(),
                "-J" + JMeterRun.SHUTDOWN_PORT + "=0",
                "-J" + JMeterRun.WARMUP + "=0",
                "-J" + JMeterRun.PERFMON_FILE + "=" + out.resolve("perfmon.jtl")));
        if (!properties.containsKey(JMeterRun.DURATION_AFTER_SETUP)) {
            // As run-benchmark runs a plan: the duration counts from the end of each thread's set-up (a consumer
            // built through a registry took most of a 10 s run beside two other ITs, leaving one sample).
            command.add("-J" + JMeterRun.DURATION_AFTER_SETUP + "=true");
        }
        properties.forEach((key, value) -> command.add("-J" + key + "=" + value));
        command.addAll(arguments);
        Set<ProcessSockets.TcpSocket> sockets = new LinkedHashSet<>();
        String commandLine = "";
        try (ChildProcess jmeter = ChildProcess.start("jmeter " + plan, host.command(command),
                Map.of("JAVA_HOME", ProjectLayout.javaHome(), "JVM_ARGS", jvmArgs), out.resolve("jmeter.out"))) {
            long deadline = System.nanoTime() + RUN.toNanos();
            while (jmeter.isAlive() && System.nanoTime() < deadline) {
                try {
                    // Read each time: the PID runs ip, then JMeter's launcher script, before it is JMeter's JVM.
                    String current = commandLine(jmeter.pid());
                    commandLine = current.isBlank() ? commandLine : current;
                    sockets.addAll(ProcessSockets.of(jmeter.pid()));
                } catch (IOException exitedMeanwhile) {
                    // /proc/<pid> went away between the check and the read: the loop ends
                }
                sleepBetweenReadings();
            }
            int exit = jmeter.awaitExit(Duration.ofSeconds(30));
            assertThat(exit).as("JMeter's exit code; last output:%n%s", jmeter.tail()).isZero();
        }
        return new LabPlanRun(Plans.samples(out.resolve(plan + ".jtl")), List.copyOf(sockets),
                Files.readString(out.resolve("jmeter.log"), StandardCharsets.UTF_8), commandLine,
                Files.readString(out.resolve("jmeter.out"), StandardCharsets.UTF_8));
    }

    /** The pause between two readings of JMeter's sockets: a sampling rate, not a wait for anything. */
    private static void sleepBetweenReadings() {
        try {
            Thread.sleep(20);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading JMeter's sockets", e);
        }
    }

    private static String commandLine(long pid) throws IOException {
        return new String(Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline")), StandardCharsets.UTF_8)
                .replace('\0', ' ');
    }

    /**
     * Every sample of {@code labels} (and only those) passed, answered by the provider on 127.0.0.1:{@code
     * providerPort}, and every socket of JMeter's was on loopback, with no Dubbo network setting in its JVM.
     */
    void assertCalledOnLoopback(int providerPort, String... labels) {
        assertThat(commandLine).as("JMeter's command line").contains("ApacheJMeter.jar")
                .doesNotContain("dubbo.network");
        assertThat(samples).extracting(JtlSample::label)
                .as("the labels of %d samples; the last of jmeter.log:%n%s", samples.size(), lastLines(log, 60))
                .containsOnly(labels).contains(labels);
        // Every sample passed its checks: the echo came back whole, the order service's JSON assertions held.
        assertThat(samples).allSatisfy(sample -> {
            assertThat(sample.success()).as("success of %s", sample).isTrue();
            assertThat(sample.url()).as("the provider that answered").isEqualTo("dubbo://127.0.0.1:" + providerPort);
        });
        assertThat(sockets).as("JMeter's connections to the provider")
                .anyMatch(socket -> socket.state().equals(ProcessSockets.ESTABLISHED)
                        && socket.remote().endsWith(":" + providerPort));
        assertOnLoopback();
        assertThat(log).as("jmeter.log").doesNotContain("NetUtils");
    }

    private static String lastLines(String text, int count) {
        List<String> lines = text.lines().toList();
        return String.join("\n", lines.subList(Math.max(0, lines.size() - count), lines.size()));
    }

    /** Every socket of JMeter's was on loopback. */
    void assertOnLoopback() {
        assertThat(sockets).allSatisfy(socket -> {
            assertThat(socket.localIsLoopback()).as("local end of %s", socket).isTrue();
            if (!socket.state().equals(ProcessSockets.LISTEN)) {
                assertThat(socket.remoteIsLoopback()).as("remote end of %s", socket).isTrue();
            }
        });
    }
}
