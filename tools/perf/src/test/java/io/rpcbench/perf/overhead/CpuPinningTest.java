package io.rpcbench.perf.overhead;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.rpcbench.benchmark.process.ProjectLayout;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CpuPinningTest {

    /** A directory with an executable named taskset in it, for a PATH that has one. */
    private static Path withTaskset(Path dir) throws IOException {
        Path taskset = Files.writeString(dir.resolve("taskset"), "#!/bin/sh\nexit 0\n");
        Files.setPosixFilePermissions(taskset, PosixFilePermissions.fromString("rwxr-xr-x"));
        return dir;
    }

    @Test
    void pinnedCommandsRunBehindTasksetClientsOnCpu0TheProviderAndAgentOnCpu1(@TempDir Path dir) throws Exception {
        String taskset = withTaskset(dir).resolve("taskset").toString();
        CpuPinning pinning = CpuPinning.require("/no/such/dir:" + dir, "0-1");

        assertThat(pinning.pinned()).isTrue();
        assertThat(pinning.client(List.of("bin/jmeter", "-n"))).containsExactly(taskset, "-c", "0", "bin/jmeter", "-n");
        assertThat(pinning.provider(List.of("java", "-jar", "provider.jar")))
                .containsExactly(taskset, "-c", "1", "java", "-jar", "provider.jar");
        assertThat(pinning.providerLauncher().apply(List.of("java", "-jar", "agent.jar"))).as("the agent's launcher")
                .containsExactly(taskset, "-c", "1", "java", "-jar", "agent.jar");
    }

    @Test
    void theBareLoopsPinnedCommandIsItsJvmBehindTasksetOnCpu0(@TempDir Path dir) throws Exception {
        CpuPinning pinning = CpuPinning.require(withTaskset(dir).toString(), "0-3");
        List<String> loop = BareLoopProcess.command(new ProjectLayout(Path.of("/checkout")), List.of("-XX:+X"), 20,
                60, 15, List.of("--client", "dubbo"));

        List<String> pinned = pinning.clientLauncher().apply(loop);

        assertThat(pinned.subList(0, 3)).containsExactly(dir.resolve("taskset").toString(), "-c", "0");
        assertThat(pinned.subList(3, pinned.size())).isEqualTo(loop);
        assertThat(loop.get(0)).as("taskset execs java itself").isEqualTo(ProjectLayout.javaExecutable().toString());
        assertThat(loop).containsSubsequence("-XX:+UseG1GC", "-XX:+X", BareLoop.class.getName(), "--threads", "20",
                "--warmup", "60", "--measure", "15", "--client", "dubbo");
    }

    @Test
    void unpinnedCommandsAreLeftAsTheyAre() {
        List<String> command = List.of("java", "-version");

        assertThat(CpuPinning.NONE.pinned()).isFalse();
        assertThat(CpuPinning.NONE.client(command)).isEqualTo(command);
        assertThat(CpuPinning.NONE.provider(command)).isEqualTo(command);
    }

    @Test
    void withoutTasksetPinningIsRefusedNamingTasksetAndThePath() {
        assertThatThrownBy(() -> CpuPinning.require("/no/such/dir:/neither", "0-1"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("--pin needs taskset and 2 CPUs (client JVMs on CPU 0, provider and agent on CPU 1, "
                        + "taskset), but taskset (util-linux: apt-get install util-linux) is not on PATH "
                        + "(/no/such/dir:/neither)");
    }

    @Test
    void onOneCpuPinningIsRefusedNamingTheCpusThereAre(@TempDir Path dir) throws Exception {
        String path = withTaskset(dir).toString();

        assertThatThrownBy(() -> CpuPinning.require(path, "0"))
                .hasMessageEndingWith("but CPUs 0 and 1 are not both available: this process may run on 1 CPU (0)");
        assertThatThrownBy(() -> CpuPinning.require(path, "1-2"))
                .hasMessageEndingWith("this process may run on 2 CPUs (1-2)");
        assertThatThrownBy(() -> CpuPinning.require(path, null))
                .hasMessageContaining("this process's CPUs are unknown");
    }

    @Test
    void withNeitherTheRefusalNamesBoth() {
        assertThatThrownBy(() -> CpuPinning.require("", "0"))
                .hasMessageContaining("taskset (util-linux: apt-get install util-linux) is not on PATH ()")
                .hasMessageContaining("; and CPUs 0 and 1 are not both available");
    }

    @Test
    void readsLinuxCpuLists() {
        assertThat(CpuPinning.cpuList("0-1,4")).containsExactly(0, 1, 4);
        assertThat(CpuPinning.cpuList("3\n")).containsExactly(3);
        assertThatThrownBy(() -> CpuPinning.cpuList("0-x")).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("CPU list '0-x': expected CPUs and ranges such as 0-1,4");
        assertThatThrownBy(() -> CpuPinning.cpuList("2-1")).hasMessageStartingWith("CPU list '2-1'");
    }

    /**
     * The real thing, where this machine has taskset and CPUs 0 and 1: a pinned command runs on its CPU alone and
     * keeps its PID (taskset execs it), so a PID read from outside (CPU readings, the agent) is the command's.
     */
    @Test
    void aPinnedCommandRunsOnItsCpuWithItsOwnPid() throws Exception {
        CpuPinning pinning;
        try {
            pinning = CpuPinning.onThisMachine();
        } catch (IllegalStateException noTasksetOrCpus) {
            assumeTrue(false, noTasksetOrCpus.getMessage());
            return;
        }
        String script = "grep Cpus_allowed_list /proc/self/status; echo pid=$$";
        assertThat(run(pinning.client(List.of("sh", "-c", script)))).containsExactly("Cpus_allowed_list:\t0", "same pid");
        assertThat(run(pinning.provider(List.of("sh", "-c", script)))).containsExactly("Cpus_allowed_list:\t1",
                "same pid");
    }

    private static List<String> run(List<String> command) throws Exception {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        List<String> lines = List.of(new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8)
                .strip().split("\n"));
        assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as("exit code of %s", command).isZero();
        return lines.stream().map(l -> l.equals("pid=" + process.pid()) ? "same pid" : l).toList();
    }
}
