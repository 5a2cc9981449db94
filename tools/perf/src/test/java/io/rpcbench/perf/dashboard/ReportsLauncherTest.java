package io.rpcbench.perf.dashboard;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How the dashboard benchmark runs ours: the reports launcher, on the running JDK, options in its environment. */
class ReportsLauncherTest {

    @TempDir
    Path project;

    @Test
    void runsTheLauncherOfTheReportsModuleWithTheRunningJdkAndTheOptionsInTheEnvironment() {
        ReportsLauncher launcher = ReportsLauncher.in(project);

        assertThat(launcher.command(List.of("--run", "s=a.jtl")))
                .containsExactly(project.resolve("reports/target/rpcbench-reports").toString(), "--run", "s=a.jtl");
        assertThat(ReportsLauncher.environment("-Xmx512m -Xlog:gc:file=gc.log"))
                .containsEntry("JAVA_HOME", System.getProperty("java.home"))
                .containsEntry("REPORTS_JAVA_OPTS", "-Xmx512m -Xlog:gc:file=gc.log");
    }

    @Test
    void aMissingLauncherNamesTheBuildCommand() {
        assertThatThrownBy(() -> ReportsLauncher.in(project).requireBuilt())
                .hasMessageContaining("rpcbench-reports does not exist; build it first with "
                        + "'./mvnw -B -DskipTests package'");
    }

    @Test
    void withoutAnArchiveOursIsTakenAsStartingWithoutOneAndNoJvmIsStarted() throws Exception {
        Path log = project.resolve("probe.log");

        assertThat(ReportsLauncher.in(project).archiveUsed(log)).isFalse();
        assertThat(Files.exists(log)).isFalse();
    }
}
