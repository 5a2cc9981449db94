package io.rpcbench.benchmark.ab;

import io.rpcbench.process.ChildProcess;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * ApacheBench ({@code ab}, Debian package {@value #DEBIAN_PACKAGE}) run as a child process, as seed 003 ran it
 * against its REST endpoint, and its report read into an {@link AbReport}.
 *
 * <p>Order of calls: {@link #onPath()} (fails naming the package when ab is missing), then {@link #run} once per
 * load. {@code run} starts ab, waits for it to exit within the deadline and stops it by its PID when it does not
 * (also when the waiting thread fails), so no ab is left behind.
 *
 * <pre>{@code
 * AbReport report = ApacheBench.onPath().run(AbLoad.seed003(rest + "/io.rpcbench.echo.EchoService/echo", 100_000,
 *         "abcd"), Duration.ofMinutes(5), runDir);
 * report.requestsPerSecond();
 * }</pre>
 */
public final class ApacheBench {

    /** The program's name on the PATH. */
    public static final String PROGRAM = "ab";

    /** The Debian (and Ubuntu) package that has it. */
    public static final String DEBIAN_PACKAGE = "apache2-utils";

    /** ab's own limit for one response; the run's deadline bounds the whole run. */
    private static final String RESPONSE_TIMEOUT_SECONDS = "30";

    private final Path executable;

    private ApacheBench(Path executable) {
        this.executable = executable;
    }

    /**
     * The {@code ab} on this process's PATH.
     *
     * @throws IllegalStateException naming the package to install when there is none
     */
    public static ApacheBench onPath() {
        return onPath(System.getenv().getOrDefault("PATH", ""));
    }

    /**
     * The {@code ab} found in the directories of {@code pathVariable} (a PATH value, directories separated by
     * {@link File#pathSeparator}).
     *
     * @throws IllegalStateException naming the package to install when there is none
     */
    public static ApacheBench onPath(String pathVariable) {
        return find(pathVariable).map(ApacheBench::new).orElseThrow(() -> new IllegalStateException(
                "ApacheBench (" + PROGRAM + ") is not on the PATH; install Debian's " + DEBIAN_PACKAGE
                        + " package (as root: apt-get install -y " + DEBIAN_PACKAGE + "), then run again"));
    }

    /** The first executable {@code ab} in the directories of {@code pathVariable}, if any. */
    public static Optional<Path> find(String pathVariable) {
        for (String dir : pathVariable.split(File.pathSeparator)) {
            if (dir.isBlank()) {
                continue;
            }
            Path candidate = Path.of(dir, PROGRAM);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    public Path executable() {
        return executable;
    }

    /**
     * Runs {@code load} and reads ab's report. ab's output (report and progress lines) is kept in
     * {@code dir/ab.txt}, the POST body in {@code dir/ab-body.txt}.
     *
     * @param deadline how long the whole run may take; ab is stopped by its PID after it
     * @throws IllegalStateException when ab exits with an error (e.g. connection refused) or runs past the deadline;
     *     the message holds ab's last lines
     */
    public AbReport run(AbLoad load, Duration deadline, Path dir) throws IOException {
        Files.createDirectories(dir);
        Path bodyFile = dir.resolve("ab-body.txt");
        if (load.body() != null) {
            Files.writeString(bodyFile, load.body(), StandardCharsets.UTF_8);
        }
        List<String> command = new ArrayList<>(List.of(executable.toString(), "-s", RESPONSE_TIMEOUT_SECONDS));
        command.addAll(load.arguments(bodyFile));
        Path output = dir.resolve("ab.txt");
        try (ChildProcess ab = ChildProcess.start(PROGRAM, command, Map.of(), output)) {
            int exit = ab.awaitExit(deadline);
            if (exit != 0) {
                throw new IllegalStateException(String.join(" ", command) + " exited with code " + exit
                        + "; last output:\n" + ab.tail());
            }
        }
        return AbReport.parse(Files.readString(output, StandardCharsets.UTF_8));
    }
}
