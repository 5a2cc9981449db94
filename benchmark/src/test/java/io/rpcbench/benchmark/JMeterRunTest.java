package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JMeterRunTest {

    @TempDir
    Path project;

    @Test
    void aUsedResultsFolderIsRefusedSoThatTwoRunsAreNeverMixed() throws Exception {
        Files.createDirectories(project.resolve("test-plans"));
        Files.writeString(project.resolve("test-plans/echo.jmx"), "<jmeterTestPlan/>");
        Path used = Files.createDirectories(project.resolve("results/echo"));
        Files.writeString(used.resolve("echo.jtl"), "timeStamp,elapsed,label,responseCode,success\n");

        JMeterRun run = JMeterRun.of(new ProjectLayout(project), "echo", used);

        assertThatThrownBy(() -> run.run(Duration.ofSeconds(5)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("results folder " + used + " is not empty; expected a new or empty folder, so that "
                        + "results of two runs are never mixed");
    }

    @Test
    void anUnknownPlanIsNamed() {
        JMeterRun run = JMeterRun.of(new ProjectLayout(project), "nope", project.resolve("out"));
        assertThatThrownBy(() -> run.run(Duration.ofSeconds(5)))
                .hasMessageStartingWith("plan 'nope' not found: ");
    }
}
