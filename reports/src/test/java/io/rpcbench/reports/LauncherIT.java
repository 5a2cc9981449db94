package io.rpcbench.reports;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.reports.dashboard.DashboardFixtures;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The launcher the build lays out, {@code target/rpcbench-reports}, with the CDS archive it trains,
 * {@code target/rpcbench-reports.jsa}: on the JDK that ran the build (the one running this test) our classes come from
 * the archive; where the archive does not match, the page is written all the same and the JVM prints nothing about
 * it. Each run logs where every class came from ({@code -Xlog:class+load}, given through {@code REPORTS_JAVA_OPTS}).
 */
class LauncherIT {

    private static final Path TARGET = Path.of("target").toAbsolutePath();
    private static final String OUR_MAIN_CLASS = "io.rpcbench.reports.DashboardCommand source: ";
    private static final long DEADLINE_SECONDS = 120;

    @TempDir
    Path dir;

    /** A launcher's run: its exit code, what it printed, and where the JVM loaded our main class from. */
    record Launch(int exit, String out, String err, String mainClassSource) {}

    @Test
    void theBuildsArchiveGivesOurClassesAndThePageIsWritten() throws Exception {
        assertThat(TARGET.resolve("rpcbench-reports.jsa")).isNotEmptyFile();

        Launch launch = launch(TARGET.resolve("rpcbench-reports"));

        assertThat(launch.exit()).as(launch.err()).isZero();
        assertThat(launch.mainClassSource()).isEqualTo("shared objects file (top)");
        assertPageWritten(launch);
    }

    @Test
    void anArchiveThatDoesNotMatchTheJarIsLeftOutWithoutAWord() throws Exception {
        Path copy = Files.createDirectories(dir.resolve("copy"));
        for (String name : List.of("rpcbench-reports", "rpcbench-reports.jar", "rpcbench-reports.jsa")) {
            Files.copy(TARGET.resolve(name), copy.resolve(name), StandardCopyOption.COPY_ATTRIBUTES);
        }
        Path lib = Files.createDirectories(copy.resolve("lib"));
        try (Stream<Path> jars = Files.list(TARGET.resolve("lib"))) {
            for (Path jar : jars.toList()) {
                Files.copy(jar, lib.resolve(jar.getFileName()), StandardCopyOption.COPY_ATTRIBUTES);
            }
        }
        // The archive records each jar's path and time: both differ now, as after a rebuild without training.
        Path jar = copy.resolve("rpcbench-reports.jar");
        Files.setLastModifiedTime(jar, FileTime.fromMillis(Files.getLastModifiedTime(jar).toMillis() - 60_000));

        Launch launch = launch(copy.resolve("rpcbench-reports"));

        assertThat(launch.exit()).as(launch.err()).isZero();
        assertThat(launch.mainClassSource()).isEqualTo("file:" + jar);
        assertPageWritten(launch);
    }

    @Test
    void smallInputsRunOnC1AloneAndLargeOnesWithC2() throws Exception {
        Path small = DashboardFixtures.file("dubbo-echo-1k.jtl");
        Path large = dir.resolve("large.jtl");
        try (RandomAccessFile file = new RandomAccessFile(large.toFile(), "rw")) {
            file.setLength(300L << 20); // sparse: only its size is read, as --help ends the run before any reading
        }

        assertThat(flags("--run", "a=" + small, "--help")).contains("-XX:TieredStopAtLevel=1");
        assertThat(flags("--run", "a=" + small + ",perfmon=" + large, "--help")).doesNotContain("TieredStopAtLevel");
        assertThat(flags("--run", "a=" + large, "--help")).doesNotContain("TieredStopAtLevel");
    }

    /** The JVM flags the launcher ends up with for {@code arguments} (-XX:+PrintCommandLineFlags). */
    private String flags(String... arguments) throws Exception {
        List<String> command = new ArrayList<>(List.of(TARGET.resolve("rpcbench-reports").toString()));
        command.addAll(List.of(arguments));
        Path out = dir.resolve("flags.txt");
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(out.toFile());
        builder.environment().putAll(Map.of("JAVA_HOME", System.getProperty("java.home"),
                "REPORTS_JAVA_OPTS", "-XX:+PrintCommandLineFlags"));
        Process process = builder.start();
        if (!process.waitFor(DEADLINE_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("the launcher did not exit within " + DEADLINE_SECONDS + " s");
        }
        assertThat(process.exitValue()).as(Files.readString(out)).isZero();
        return Files.readAllLines(out).get(0);
    }

    private void assertPageWritten(Launch launch) throws IOException {
        Path page = dir.resolve("dashboard.html");
        assertThat(launch.out()).isEqualTo(page + "\n");
        assertThat(launch.err()).isEmpty();
        assertThat(Files.readString(page)).contains("<title>rpcbench dashboard", "\"name\" : \"dubbo-echo-1k\"");
        assertThat(Files.readString(dir.resolve("dashboard.json"))).contains("\"samples\" : 240");
    }

    /** Runs {@code launcher} on the Dubbo fixture with its PerfMon file, with this test's JDK as JAVA_HOME. */
    private Launch launch(Path launcher) throws Exception {
        Path classes = dir.resolve("classes.log");
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        ProcessBuilder builder = new ProcessBuilder(launcher.toString(),
                "--run", "dubbo-echo-1k=" + DashboardFixtures.file("dubbo-echo-1k.jtl") + ",perfmon="
                        + DashboardFixtures.file("dubbo-echo-1k-perfmon.jtl"),
                "--output", dir.resolve("dashboard.html").toString(),
                "--data-json", dir.resolve("dashboard.json").toString())
                .redirectOutput(out.toFile()).redirectError(err.toFile());
        builder.environment().putAll(Map.of("JAVA_HOME", System.getProperty("java.home"),
                "REPORTS_JAVA_OPTS", "-Xlog:class+load=info:file=" + classes));
        Process process = builder.start();
        if (!process.waitFor(DEADLINE_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new AssertionError(launcher + " did not exit within " + DEADLINE_SECONDS + " s");
        }
        if (!Files.exists(classes)) {
            return new Launch(process.exitValue(), Files.readString(out), Files.readString(err), "(no JVM started)");
        }
        String source = Files.readAllLines(classes).stream().filter(line -> line.contains(OUR_MAIN_CLASS))
                .map(line -> line.substring(line.indexOf(OUR_MAIN_CLASS) + OUR_MAIN_CLASS.length()))
                .findFirst().orElse("(not loaded)");
        return new Launch(process.exitValue(), Files.readString(out), Files.readString(err), source);
    }
}
