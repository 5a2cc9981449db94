package io.rpcbench.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ChildProcessTest {

    @TempDir
    Path dir;

    @Test
    void awaitsAPrintedLineThenStopsTheProcessByPidWithSigterm() throws Exception {
        Path log = dir.resolve("child.log");
        try (ChildProcess child = ChildProcess.start("child",
                List.of("sh", "-c", "echo starting; echo ready now; exec sleep 600"), Map.of(), log)) {
            assertThat(child.awaitLine(line -> line.startsWith("ready"), Duration.ofSeconds(30))).isEqualTo("ready now");
            assertThat(child.isAlive()).isTrue();

            assertThat(child.stop()).as("exit code of a process ended by SIGTERM").isEqualTo(128 + 15);
            assertThat(ProcessHandle.of(child.pid()).map(ProcessHandle::isAlive).orElse(false)).isFalse();
        }
        assertThat(Files.readAllLines(log)).containsExactly("starting", "ready now");
    }

    @Test
    void aProcessThatExitsBeforeItsLineIsReportedWithItsOutput() throws Exception {
        try (ChildProcess child = ChildProcess.start("child", List.of("sh", "-c", "echo port is taken; exit 3"),
                Map.of(), dir.resolve("child.log"))) {
            assertThatThrownBy(() -> child.awaitLine(line -> line.contains("ready"), Duration.ofSeconds(30)))
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("child exited with code 3 before it was ready")
                    .hasMessageContaining("port is taken");
        }
    }

    @Test
    void aDeadlineThatPassesIsAnErrorNotAHang() throws Exception {
        try (ChildProcess child = ChildProcess.start("child", List.of("sh", "-c", "echo waiting; exec sleep 600"),
                Map.of(), dir.resolve("child.log"))) {
            assertThatThrownBy(() -> child.awaitLine(line -> line.contains("ready"), Duration.ofMillis(300)))
                    .hasMessageContaining("child did not print the expected line within 300 ms");
        }
    }
}
