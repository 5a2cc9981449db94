package io.rpcbench.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The provider JVM's GC as the dashboard gets it: our agent (the packaged jar, in its own process) reads the GC
 * pauses and heap of another JVM by its pid, over the PerfMon protocol, with no JMX port on that JVM.
 *
 * <p>The watched JVM is {@link GcOnRequest}, started by {@code java} of this test's JDK, or of the JDK named by
 * {@code -Drpcbench.gc.child.java=/path/to/bin/java}. A client streams {@code gc-count}, {@code gc-time} and
 * {@code heap} every second; after the first line (the baseline: 0, 0 and the heap) the JVM runs
 * {@code System.gc()} {@value #COLLECTIONS} times, and the streamed counts must add up to at least that within a
 * few lines. Both processes are stopped by their pid, also when a test fails.
 */
class LocalJvmGcIT {
    private static final int COLLECTIONS = 5;
    private static final long REPLY_MILLIS = 5000;
    private static final int MAX_LINES = 10;

    private static ChildProcess agent;
    private static int agentPort;

    @BeforeAll
    static void startAgent() throws Exception {
        File jar = new File(new File(System.getProperty("rpcbench.agent.zip")).getParentFile(),
                "rpcbench-server-agent.jar");
        agent = new ChildProcess(Arrays.asList(java(System.getProperty("java.home")), "-jar", jar.getPath(),
                "--tcp-port", "0", "--udp-port", "off"), jar.getParentFile(), Collections.<String, String>emptyMap());
        String ready = agent.awaitLine("rpcbench-agent ready", 30_000);
        agentPort = Integer.parseInt(ready.substring(ready.lastIndexOf(':') + 1));
    }

    @AfterAll
    static void stopAgent() throws InterruptedException {
        if (agent != null) {
            agent.close();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"-XX:+UseG1GC", "-XX:+UseSerialGC", "-XX:+UseParallelGC"})
    void gcCountAndTimeOfAJvmByPidFollowItsCollections(String collector) throws Exception {
        try (ChildProcess jvm = startJvm(collector); LineClient client = new LineClient(agentPort)) {
            String pid = pidOf(jvm);
            client.send("interval:1").send("metrics:jmx:pid=" + pid + ":gc-count:label=provider\tjmx:pid=" + pid
                    + ":gc-time:label=provider\tjmx:pid=" + pid + ":heap:unit=kb:label=provider");
            String[] baseline = fields(client.readLine(REPLY_MILLIS));
            assertThat(baseline[0]).as("gc-count, first reading").isEqualTo("0.0");
            assertThat(baseline[1]).as("gc-time, first reading").isEqualTo("0.0");
            // A JVM that has just started may read 0: G1 counts its heap per region filled (HeapUsage).
            assertThat(Double.parseDouble(baseline[2])).as("heap KB").isGreaterThanOrEqualTo(0.0);

            jvm.send("gc " + COLLECTIONS);
            jvm.awaitLine("done " + COLLECTIONS, 30_000);
            double count = 0;
            double millis = 0;
            List<String> lines = new ArrayList<String>();
            double heapKb = 0;
            while (count < COLLECTIONS && lines.size() < MAX_LINES) {
                String line = client.readLine(REPLY_MILLIS);
                lines.add(line);
                String[] values = fields(line);
                count += Double.parseDouble(values[0]);
                double pauseMillis = Double.parseDouble(values[1]);
                assertThat(pauseMillis).as("gc-time of one line, %s", lines).isGreaterThanOrEqualTo(0.0);
                millis += pauseMillis;
                heapKb = Double.parseDouble(values[2]);
            }
            assertThat(count).as("gc-count over %s", lines).isGreaterThanOrEqualTo(COLLECTIONS);
            assertThat(millis).as("gc-time over %s", lines).isPositive();
            assertThat(heapKb).as("heap KB after the collections: what survived them, %s", lines).isPositive();

            assertThat(jvm.stop()).as("the JVM stops on SIGTERM").isTrue();
            assertThat(linesUntilEmpty(client)).as("after the JVM exited, every field is empty")
                    .last().isEqualTo("\t\t\t");
        }
    }

    @Test
    void aShenandoahJvmHasNoPauseFiguresButItsHeapIsRead() throws Exception {
        try (ChildProcess jvm = startJvm("-XX:+UseShenandoahGC"); LineClient client = new LineClient(agentPort)) {
            String pid = pidOf(jvm);
            String[] values = fields(client.send("metrics-single:jmx:pid=" + pid + ":gc-time\tjmx:pid=" + pid
                    + ":heap").readLine(REPLY_MILLIS));
            assertThat(values[0]).as("gc-time").isEmpty();
            assertThat(Double.parseDouble(values[1])).as("heap").isGreaterThanOrEqualTo(0.0);
            assertThat(agent.awaitLineContaining("JVM pid " + pid + " runs Shenandoah", REPLY_MILLIS))
                    .contains("time concurrent GC work together with the pauses");
        }
    }

    @Test
    void aJvmWithoutPerformanceDataIsAnEmptyFieldAndTheLogSaysWhatIsNeeded() throws Exception {
        try (ChildProcess jvm = startJvm("-XX:-UsePerfData"); LineClient client = new LineClient(agentPort)) {
            String pid = pidOf(jvm);
            assertThat(client.send("metrics-single:jmx:pid=" + pid + ":gc-count").readLine(REPLY_MILLIS))
                    .isEqualTo("\t");
            assertThat(agent.awaitLineContaining("no performance data file of JVM pid " + pid, REPLY_MILLIS))
                    .contains("started without -XX:-UsePerfData");
        }
    }

    /** A {@link GcOnRequest} JVM with one extra option, once it has printed its ready line. */
    private static ChildProcess startJvm(String option) throws Exception {
        String java = System.getProperty("rpcbench.gc.child.java", java(System.getProperty("java.home")));
        ChildProcess jvm = new ChildProcess(Arrays.asList(java, option, "-Xmx64m", "-cp", testClasses(),
                GcOnRequest.class.getName()), new File("."), Collections.<String, String>emptyMap());
        try {
            jvm.awaitLine("gc-on-request ready", 30_000);
        } catch (AssertionError notStarted) {
            jvm.close();
            assumeFalse(jvm.output().toString().contains("Unrecognized VM option"),
                    "this JDK has no " + option + ": " + jvm.output());
            throw notStarted;
        }
        return jvm;
    }

    private static String pidOf(ChildProcess jvm) {
        for (String line : jvm.output()) {
            if (line.startsWith("gc-on-request ready ")) {
                return line.substring("gc-on-request ready ".length());
            }
        }
        throw new AssertionError("no ready line in " + jvm.output());
    }

    /** Streamed lines until one has only empty fields (or {@value #MAX_LINES} lines). */
    private static List<String> linesUntilEmpty(LineClient client) throws IOException {
        List<String> lines = new ArrayList<String>();
        while (lines.size() < MAX_LINES) {
            String line = client.readLine(REPLY_MILLIS);
            lines.add(line);
            if (line == null || line.trim().isEmpty()) {
                break;
            }
        }
        return lines;
    }

    /** A reply line's fields: split on TAB keeping empty ones, without the empty string after the last TAB. */
    private static String[] fields(String line) {
        assertThat(line).isNotNull().endsWith("\t");
        String[] parts = line.split("\t", -1);
        return Arrays.copyOf(parts, parts.length - 1);
    }

    private static String testClasses() throws URISyntaxException {
        return new File(GcOnRequest.class.getProtectionDomain().getCodeSource().getLocation().toURI()).getPath();
    }

    private static String java(String home) {
        return new File(new File(home, "bin"), "java").getPath();
    }
}
