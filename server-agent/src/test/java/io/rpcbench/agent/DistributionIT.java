package io.rpcbench.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Acceptance 5: the zip, unpacked anywhere, starts with one command and answers {@code test} with {@code Yep}. */
class DistributionIT {
    private static final Pattern READY = Pattern.compile(
            "rpcbench-agent ready tcp=127\\.0\\.0\\.1:(\\d+) udp=127\\.0\\.0\\.1:(\\d+)");

    @Test
    void unpackedArchiveStartsWithOneCommandAndAnswersYep(@TempDir Path dir) throws Exception {
        File zip = new File(System.getProperty("rpcbench.agent.zip"));
        assertThat(zip).isFile();
        Process unzip = new ProcessBuilder("unzip", "-q", zip.getPath(), "-d", dir.toString()).inheritIO().start();
        assertThat(unzip.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(unzip.exitValue()).isZero();
        File[] top = dir.toFile().listFiles();
        assertThat(top).hasSize(1);
        File home = top[0];
        assertThat(new File(home, "startAgent.sh").canExecute()).as("startAgent.sh is executable").isTrue();
        assertThat(new File(home, "startAgent.bat")).isFile();
        assertThat(new File(home, "jvm.options")).isFile();
        assertThat(new File(home, "rpcbench-server-agent.jar")).isFile();
        assertThat(new File(home, "lib").list()).anyMatch(name -> name.startsWith("oshi-core-"));

        try (ChildProcess agent = new ChildProcess(
                Arrays.asList("./startAgent.sh", "--tcp-port", "0", "--udp-port", "0"), home,
                Collections.singletonMap("JAVA_HOME", System.getProperty("java.home")))) {
            Matcher ready = READY.matcher(agent.awaitLine("rpcbench-agent ready", 30_000));
            assertThat(ready.matches()).isTrue();
            try (LineClient tcp = new LineClient(Integer.parseInt(ready.group(1)))) {
                assertThat(tcp.send("test").readLine(5000)).isEqualTo("Yep");
                assertThat(tcp.send("metrics-single:memory:total\tcpu:idle").readLine(5000))
                        .matches("\\d+\\.\\d+\t(\\d+\\.\\d+)?\t");
            }
            try (UdpClient udp = new UdpClient(Integer.parseInt(ready.group(2)))) {
                assertThat(udp.send("test").receive(5000)).isEqualTo("Yep");
            }
            assertThat(commandLineOfAgentIn(home)).as("startAgent.sh passes the options of jvm.options")
                    .containsSubsequence(jvmOptions(home)).contains("-XX:TieredStopAtLevel=1");
            assertThat(agent.stop()).as("stops on SIGTERM").isTrue();
            assertThat(agent.output()).noneMatch(line -> line.contains("Exception"));
        }
    }

    @Test
    void agentJavaOptsReplaceTheShippedJvmOptions(@TempDir Path dir) throws Exception {
        File zip = new File(System.getProperty("rpcbench.agent.zip"));
        Process unzip = new ProcessBuilder("unzip", "-q", zip.getPath(), "-d", dir.toString()).inheritIO().start();
        assertThat(unzip.waitFor(60, TimeUnit.SECONDS)).isTrue();
        File home = dir.toFile().listFiles()[0];
        Map<String, String> env = new HashMap<String, String>();
        env.put("JAVA_HOME", System.getProperty("java.home"));
        env.put("AGENT_JAVA_OPTS", "-Xmx100m -Drpcbench.test=1");

        try (ChildProcess agent = new ChildProcess(
                Arrays.asList("./startAgent.sh", "--tcp-port", "0", "--udp-port", "off"), home, env)) {
            agent.awaitLine("rpcbench-agent ready", 30_000);
            assertThat(commandLineOfAgentIn(home)).contains("-Xmx100m", "-Drpcbench.test=1")
                    .doesNotContainAnyElementsOf(jvmOptions(home));
            assertThat(agent.stop()).as("stops on SIGTERM").isTrue();
        }
    }

    /** The options in the unpacked jvm.options: its lines but blank ones and # comments. */
    private static List<String> jvmOptions(File home) throws IOException {
        List<String> options = new ArrayList<String>();
        for (String line : Files.readAllLines(new File(home, "jvm.options").toPath(), StandardCharsets.UTF_8)) {
            if (!line.trim().isEmpty() && !line.trim().startsWith("#")) {
                options.add(line.trim());
            }
        }
        assertThat(options).as("jvm.options holds options").isNotEmpty();
        return options;
    }

    /**
     * The command line of the JVM running the jar unpacked in {@code home}, from /proc (the script execs it; Java 8,
     * which this module's tests compile for, cannot tell a child's PID).
     */
    private static List<String> commandLineOfAgentIn(File home) throws IOException {
        String jar = home.getName() + File.separator + "rpcbench-server-agent.jar";
        String parent = home.getParentFile().getName();
        File[] processes = new File("/proc").listFiles();
        assertThat(processes).as("/proc (Linux)").isNotNull();
        for (File process : processes) {
            if (!process.getName().matches("\\d+")) {
                continue;
            }
            byte[] raw;
            try {
                raw = Files.readAllBytes(new File(process, "cmdline").toPath());
            } catch (IOException ended) {
                continue;
            }
            List<String> args = Arrays.asList(new String(raw, StandardCharsets.UTF_8).split("\0"));
            for (String arg : args) {
                if (arg.endsWith(parent + File.separator + jar)) {
                    return args;
                }
            }
        }
        throw new AssertionError("no process runs " + jar + " unpacked in " + home);
    }
}
