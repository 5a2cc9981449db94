package io.rpcbench.benchmark.jmeter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcbench.benchmark.process.ProjectLayout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
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

    /**
     * A JMeter that runs out of heap is stopped by its PID when it says so, not at the deadline, and the failure
     * says why (a stand-in that prints JMeter's line and would then wait for a minute).
     */
    @Test
    void aJMeterOutOfHeapIsStoppedAtOnceAndSaysSo() throws Exception {
        Files.createDirectories(project.resolve("test-plans"));
        Files.writeString(project.resolve("test-plans/echo.jmx"), "<jmeterTestPlan/>");
        JMeterRun run = JMeterRun.of(new ProjectLayout(project), "echo", project.resolve("out")).dashboard(false)
                .launchedWith(command -> List.of("sh", "-c",
                        "echo 'java.lang.OutOfMemoryError: Java heap space'; exec sleep 60"));

        long started = System.nanoTime();
        assertThatThrownBy(() -> run.run(Duration.ofSeconds(50)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("JMeter ran out of heap (java.lang.OutOfMemoryError)")
                .hasMessageContaining("was stopped (pid ");
        assertThat(Duration.ofNanos(System.nanoTime() - started)).as("before the deadline")
                .isLessThan(Duration.ofSeconds(30));
    }
}
