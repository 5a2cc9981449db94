package io.rpcbench.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
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
            assertThat(agent.stop()).as("stops on SIGTERM").isTrue();
            assertThat(agent.output()).noneMatch(line -> line.contains("Exception"));
        }
    }
}
