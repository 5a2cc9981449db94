package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The shipped plans' PerfMon Metrics Collector in a headless JMeter of the laid-out home (jmeter/jmeter-home/target/jmeter:
 * package it first), with no agent: switched off with {@code -Jagents=none} it writes no file and logs no error; with
 * an agent address that refuses, it warns once and retries quietly, and records the metrics once an agent answers.
 * The collector is the one of {@code test-plans/dubbo-echo-1k.jmx}, as written there, in a plan of its own whose only
 * sampler is JMeter's Java Request test sampler (no provider needed).
 */
class PerfMonWithoutAgentIT {

    private static final Path JMETER_HOME = Paths.get(System.getProperty("rpcbench.jmeter.home",
            "../../jmeter/jmeter-home/target/jmeter"));
    private static final Path SHIPPED_PLAN = Paths.get("../../test-plans/dubbo-echo-1k.jmx");
    private static final Duration DEADLINE = Duration.ofSeconds(90);
    private static final Pattern LOG_LEVEL = Pattern.compile("^\\S+ \\S+ (ERROR|WARN|INFO|DEBUG) ");

    @TempDir
    Path dir;

    @Test
    void switchedOffWithTheWordNoneItWritesNoFileAndLogsNoError() throws Exception {
        Process jmeter = jmeter("-Jagents=none", "-Jduration=3");
        try {
            assertThat(jmeter.waitFor(DEADLINE.toSeconds(), TimeUnit.SECONDS)).as("JMeter ends").isTrue();
        } finally {
            stop(jmeter);
        }

        assertThat(jmeter.exitValue()).isZero();
        assertThat(Files.readAllLines(dir.resolve("samples.jtl"))).as("the run's samples").hasSizeGreaterThan(1);
        assertThat(dir.resolve("perfmon.jtl")).as("the plan's default perfmon.file").doesNotExist();
        List<String> log = Files.readAllLines(dir.resolve("jmeter.log"));
        assertThat(levels(log, "ERROR")).isEmpty();
        assertThat(levels(log, "WARN")).filteredOn(line -> line.contains("PerfMon") || line.contains("perfmon"))
                .isEmpty();
        assertThat(log).anySatisfy(line -> assertThat(line)
                .contains("PerfMon Metrics Collector 'PerfMon Metrics Collector' is off"));
    }

    @Test
    void anAgentThatRefusesIsNamedOnceAndItsMetricsAreRecordedOnceItAnswers() throws Exception {
        int port = freePort();
        Path perfmon = dir.resolve("perfmon.jtl");
        Process jmeter = jmeter("-Jagents=127.0.0.1:" + port, "-Jduration=120",
                "-Jjmeter.save.saveservice.autoflush=true", "-Lio.rpcbench.sampler=DEBUG");
        try {
            Path log = dir.resolve("jmeter.log");
            // Two quiet retries after the warning: the collector has read (and missed) the agent at two intervals.
            awaitLines(jmeter, log, line -> line.contains("PerfMon agent 127.0.0.1:" + port + " still not reachable"),
                    2);
            try (FakePerfMonAgent agent = FakePerfMonAgent.start(port)) {
                awaitLines(jmeter, perfmon, line -> line.contains("127.0.0.1 CPU") && line.contains(",true,"), 2);
            }
            List<String> lines = Files.readAllLines(log);
            assertThat(levels(lines, "WARN")).singleElement().asString().contains(
                    "PerfMon agent 127.0.0.1:" + port + " is not reachable (java.net.ConnectException: Connection "
                            + "refused): none of its metrics is recorded until it answers",
                    "Start the agent on that host", "-Jagents=none");
            assertThat(levels(lines, "ERROR")).isEmpty();
            assertThat(lines).anySatisfy(line -> assertThat(line).contains(
                    "PerfMon agent 127.0.0.1:" + port + " answers: reading its metrics"));
            assertThat(Files.readString(perfmon)).doesNotContain("refused").doesNotContain(",false,");
        } finally {
            stop(jmeter);
        }
    }

    /** {@code bin/jmeter -n} of the plan, in {@link #dir} (its working directory), logging to jmeter.log there. */
    private Process jmeter(String... properties) throws IOException {
        Path launcher = JMETER_HOME.resolve("bin/jmeter");
        if (!Files.isExecutable(launcher)) {
            throw new IllegalStateException("no JMeter at " + launcher.toAbsolutePath() + "; package it first: "
                    + "./mvnw -B -o -q -pl jmeter-home -am -DskipTests package");
        }
        Path plan = Files.writeString(dir.resolve("perfmon-only.jmx"), plan());
        List<String> command = new ArrayList<>(List.of(launcher.toAbsolutePath().toString(), "-n",
                "-t", plan.toString(), "-l", dir.resolve("samples.jtl").toString(),
                "-j", dir.resolve("jmeter.log").toString(),
                // No UDP stop listener (it binds every interface): the run is stopped by its PID.
                "-Jjmeterengine.nongui.port=0"));
        command.addAll(List.of(properties));
        return new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(dir.resolve("jmeter.out").toFile()).start();
    }

    /** A plan with one thread of JMeter's test sampler for {@code duration} seconds, and the shipped collector. */
    private static String plan() throws IOException {
        String collectorClass = "io.rpcbench.sampler.perfmon.AgentListPerfMonCollector";
        Matcher collector = Pattern.compile("(?s)\\s*<" + Pattern.quote(collectorClass) + " .*?</"
                + Pattern.quote(collectorClass) + ">").matcher(Files.readString(SHIPPED_PLAN));
        if (!collector.find()) {
            throw new IllegalStateException(SHIPPED_PLAN + " has no " + collectorClass);
        }
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <jmeterTestPlan version="1.2" properties="5.0" jmeter="5.6.3">
                  <hashTree>
                    <TestPlan guiclass="TestPlanGui" testclass="TestPlan" testname="perfmon-only">
                      <elementProp name="TestPlan.user_defined_variables" elementType="Arguments">
                        <collectionProp name="Arguments.arguments"/>
                      </elementProp>
                    </TestPlan>
                    <hashTree>
                      <ThreadGroup guiclass="ThreadGroupGui" testclass="ThreadGroup" testname="Thread Group">
                        <stringProp name="ThreadGroup.num_threads">1</stringProp>
                        <stringProp name="ThreadGroup.ramp_time">0</stringProp>
                        <boolProp name="ThreadGroup.scheduler">true</boolProp>
                        <stringProp name="ThreadGroup.duration">${__P(duration,60)}</stringProp>
                        <stringProp name="ThreadGroup.delay">0</stringProp>
                        <stringProp name="ThreadGroup.on_sample_error">continue</stringProp>
                        <elementProp name="ThreadGroup.main_controller" elementType="LoopController">
                          <intProp name="LoopController.loops">-1</intProp>
                          <boolProp name="LoopController.continue_forever">false</boolProp>
                        </elementProp>
                      </ThreadGroup>
                      <hashTree>
                        <JavaSampler guiclass="JavaTestSamplerGui" testclass="JavaSampler" testname="sleep">
                          <elementProp name="arguments" elementType="Arguments">
                            <collectionProp name="Arguments.arguments">
                              <elementProp name="Sleep_Time" elementType="Argument">
                                <stringProp name="Argument.name">Sleep_Time</stringProp>
                                <stringProp name="Argument.value">200</stringProp>
                                <stringProp name="Argument.metadata">=</stringProp>
                              </elementProp>
                              <elementProp name="Sleep_Mask" elementType="Argument">
                                <stringProp name="Argument.name">Sleep_Mask</stringProp>
                                <stringProp name="Argument.value">0</stringProp>
                                <stringProp name="Argument.metadata">=</stringProp>
                              </elementProp>
                            </collectionProp>
                          </elementProp>
                          <stringProp name="classname">org.apache.jmeter.protocol.java.test.JavaTest</stringProp>
                        </JavaSampler>
                        <hashTree/>
                      </hashTree>
                """ + collector.group() + """

                      <hashTree/>
                    </hashTree>
                  </hashTree>
                </jmeterTestPlan>
                """;
    }

    /** Waits until {@code file} has {@code count} lines matching, failing early when JMeter has ended. */
    private static void awaitLines(Process jmeter, Path file, Predicate<String> matching, int count)
            throws IOException, InterruptedException {
        long end = System.nanoTime() + DEADLINE.toNanos();
        while (!Files.exists(file) || Files.readAllLines(file).stream().filter(matching).count() < count) {
            if (!jmeter.isAlive()) {
                throw new AssertionError("JMeter ended (exit " + jmeter.exitValue() + ") before " + file
                        + " had " + count + " such lines");
            }
            if (System.nanoTime() > end) {
                throw new AssertionError(file + " has fewer than " + count + " such lines after " + DEADLINE);
            }
            Thread.sleep(100); // polling a file that another process writes
        }
    }

    private static List<String> levels(List<String> log, String level) {
        return log.stream().filter(line -> {
            Matcher m = LOG_LEVEL.matcher(line);
            return m.find() && m.group(1).equals(level);
        }).toList();
    }

    private static int freePort() throws IOException {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return probe.getLocalPort(); // closed again: connections to it are refused until the agent takes it
        }
    }

    /** Stops JMeter by its PID (SIGTERM, then a kill after a deadline). */
    private static void stop(Process jmeter) throws InterruptedException {
        if (jmeter.isAlive()) {
            jmeter.toHandle().destroy();
            if (!jmeter.waitFor(30, TimeUnit.SECONDS)) {
                jmeter.destroyForcibly();
            }
        }
    }
}
