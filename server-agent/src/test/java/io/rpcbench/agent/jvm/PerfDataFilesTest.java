package io.rpcbench.agent.jvm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Finding a JVM's hsperfdata file by pid in a fake {@code /proc} and {@code /tmp}: inside the process's own root
 * (a container, by its namespace pid), in {@code /tmp/hsperfdata_<owner>}, and without {@code /proc}; and telling
 * when the JVM has exited.
 */
class PerfDataFilesTest {
    @TempDir
    Path dir;
    private Path proc;
    private Path tmp;
    private Path tmpWithoutProc;
    private PerfDataFiles files;

    @BeforeEach
    void fakeHost() throws IOException {
        proc = Files.createDirectories(dir.resolve("proc"));
        tmp = Files.createDirectories(dir.resolve("tmp"));
        tmpWithoutProc = Files.createDirectories(dir.resolve("java-tmp"));
        files = new PerfDataFiles(proc, tmp, tmpWithoutProc);
    }

    private static PerfDataImage jvmCounters(long heapUsed) {
        return new PerfDataImage(ByteOrder.nativeOrder()).longCounter("sun.gc.generation.1.space.0.used", heapUsed);
    }

    private static long heapOf(LocalJvm jvm) throws JvmCountersException {
        return HeapUsage.of(jvm.counters(), jvm.name()).usedBytes();
    }

    private Path process(long pid, String status) throws IOException {
        Path processDir = Files.createDirectories(proc.resolve(Long.toString(pid)));
        Files.write(processDir.resolve("status"), status.getBytes(StandardCharsets.UTF_8));
        return processDir;
    }

    private String owner(Path path) throws IOException {
        return Files.getOwner(path).getName();
    }

    @Test
    void aJvmInAContainerIsFoundInItsOwnTmpByItsNamespacePid() throws Exception {
        Path processDir = process(4711, "Name:\tjava\nNSpid:\t4711\t7\n");
        jvmCounters(111).writeTo(processDir.resolve("root/tmp/hsperfdata_app/7"));

        LocalJvm jvm = files.open(4711);

        assertThat(jvm.name()).isEqualTo("JVM pid 4711");
        assertThat(heapOf(jvm)).isEqualTo(111);
    }

    @Test
    void aJvmWhoseRootCannotBeReadIsFoundInTmpUnderItsOwnersName() throws Exception {
        Path processDir = process(4712, "Name:\tjava\n");
        jvmCounters(222).writeTo(tmp.resolve("hsperfdata_" + owner(processDir)).resolve("4712"));

        assertThat(heapOf(files.open(4712))).isEqualTo(222);
    }

    @Test
    void withoutProcTheJvmIsFoundInJavaTmpdir() throws Exception {
        jvmCounters(333).writeTo(tmpWithoutProc.resolve("hsperfdata_bob/4713"));
        PerfDataFiles notLinux = new PerfDataFiles(dir.resolve("no-proc"), tmp, tmpWithoutProc);

        assertThat(heapOf(notLinux.open(4713))).isEqualTo(333);
    }

    @Test
    void aPidWithoutAProcessIsRefused() {
        assertThatThrownBy(() -> files.open(99))
                .isInstanceOf(JvmCountersException.class)
                .hasMessage("there is no process with pid 99 (no " + proc.resolve("99") + ")");
    }

    @Test
    void aProcessWithoutAFileIsRefusedSayingWhereItLookedAndWhatIsNeeded() throws Exception {
        Path processDir = process(4714, "NSpid:\t4714\n");
        String owner = owner(processDir);

        assertThatThrownBy(() -> files.open(4714))
                .isInstanceOf(JvmCountersException.class)
                .hasMessageContaining("no performance data file of JVM pid 4714 (looked for "
                        + processDir.resolve("root/tmp/hsperfdata_*/4714") + " (")
                .hasMessageContaining(tmp.resolve("hsperfdata_" + owner + "/4714") + ")")
                .hasMessageContaining("started without -XX:-UsePerfData and without -XX:+PerfDisableSharedMem")
                .hasMessageContaining("the agent must run as ");
    }

    @Test
    void symbolicLinksInTheProcessRootAreNotFollowed() throws Exception {
        Path processDir = process(4715, "NSpid:\t4715\n");
        Path elsewhere = jvmCounters(555).writeTo(dir.resolve("elsewhere/4715"));
        Files.createDirectories(processDir.resolve("root/tmp/hsperfdata_app"));
        Files.createSymbolicLink(processDir.resolve("root/tmp/hsperfdata_app/4715"), elsewhere);
        Files.createSymbolicLink(tmp.resolve("hsperfdata_" + owner(processDir)), elsewhere.getParent());

        assertThatThrownBy(() -> files.open(4715)).isInstanceOf(JvmCountersException.class)
                .hasMessageStartingWith("no performance data file of JVM pid 4715");
    }

    @Test
    void aFileThatIsNotPerfDataIsRefusedNamingIt() throws Exception {
        Path processDir = process(4716, "NSpid:\t4716\n");
        Path file = processDir.resolve("root/tmp/hsperfdata_app/4716");
        Files.createDirectories(file.getParent());
        Files.write(file, new byte[64]);

        assertThatThrownBy(() -> files.open(4716)).isInstanceOf(JvmCountersException.class)
                .hasMessage("the performance data " + file + " is not recognised as a HotSpot JVM's: it starts with"
                        + " 00000000, not the magic number cafec0c0");
    }

    @Test
    void aJvmWhoseFileIsGoneHasExited() throws Exception {
        Path processDir = process(4717, "NSpid:\t4717\n");
        Path file = jvmCounters(1).writeTo(processDir.resolve("root/tmp/hsperfdata_app/4717"));
        LocalJvm jvm = files.open(4717);
        jvm.checkRunning();

        Files.delete(file);

        assertThatThrownBy(jvm::checkRunning).isInstanceOf(JvmCountersException.class)
                .hasMessage("JVM pid 4717 has exited: its performance data file " + file + " is gone");
    }

    @Test
    void aFileOfTheSameNameFromAnotherJvmMeansTheJvmHasExited() throws Exception {
        Path processDir = process(4718, "NSpid:\t4718\n");
        Path file = jvmCounters(1).writeTo(processDir.resolve("root/tmp/hsperfdata_app/4718"));
        LocalJvm jvm = files.open(4718);

        Path next = jvmCounters(2).writeTo(file.resolveSibling("next"));
        Files.move(next, file, java.nio.file.StandardCopyOption.REPLACE_EXISTING);

        assertThatThrownBy(jvm::checkRunning).isInstanceOf(JvmCountersException.class)
                .hasMessage("JVM pid 4718 has exited: " + file + " is another JVM's file now");
    }

    @Test
    void aJvmKilledWithoutRemovingItsFileHasExitedWhenItsProcessIsGone() throws Exception {
        Path processDir = process(4719, "Name:\tjava\n");
        jvmCounters(1).writeTo(tmp.resolve("hsperfdata_" + owner(processDir)).resolve("4719"));
        LocalJvm jvm = files.open(4719);

        Files.delete(processDir.resolve("status"));
        Files.delete(processDir);

        assertThatThrownBy(jvm::checkRunning).isInstanceOf(JvmCountersException.class)
                .hasMessage("JVM pid 4719 has exited: there is no " + processDir);
    }
}
