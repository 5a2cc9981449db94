package io.rpcbench.provider;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * {@code java -jar target/rpcbench-provider-app.jar} as a child process: its stdout lines collected as they
 * come, its stderr kept in a file for the failure message, stopped by PID with SIGTERM ({@link #stop()}), and
 * killed in {@link #close()} if still alive, also when a test fails.
 */
final class ProviderProcess implements AutoCloseable {

    private static final Duration STOP_DEADLINE = Duration.ofSeconds(30);

    private final Process process;
    private final Path stderr;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final List<String> seen = new ArrayList<>();

    private ProviderProcess(Process process, Path stderr) {
        this.process = process;
        this.stderr = stderr;
        Thread reader = new Thread(this::readStdout, "provider-stdout-" + process.pid());
        reader.setDaemon(true);
        reader.start();
    }

    static ProviderProcess start(String... options) throws IOException {
        Path jar = Paths.get(System.getProperty("rpcbench.provider.jar", "target/rpcbench-provider-app.jar"));
        Path java = Paths.get(System.getProperty("java.home"), "bin", "java");
        List<String> command = new ArrayList<>(List.of(java.toString(), "-jar", jar.toString()));
        command.addAll(List.of(options));
        Path stderr = Files.createTempFile("rpcbench-provider-", ".err");
        Process process = new ProcessBuilder(command).redirectError(stderr.toFile()).start();
        return new ProviderProcess(process, stderr);
    }

    /** The next stdout line, waiting at most {@code deadline}. */
    String nextLine(Duration deadline) throws InterruptedException {
        String line = lines.poll(deadline.toMillis(), TimeUnit.MILLISECONDS);
        if (line == null) {
            throw new AssertionError("no line on stdout within " + deadline + "; stdout so far " + seen
                    + ", stderr:\n" + stderr());
        }
        seen.add(line);
        return line;
    }

    /**
     * Sends SIGTERM to the PID and waits for the exit code. {@code ProcessHandle.destroy()} rather than
     * {@code Process.destroy()}: the latter also closes our end of stdout, losing the line printed on stop.
     */
    int stop() throws InterruptedException {
        process.toHandle().destroy();
        return exitCode();
    }

    /** Waits for the process to end by itself. */
    int exitCode() throws InterruptedException {
        if (!process.waitFor(STOP_DEADLINE.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("provider did not end within " + STOP_DEADLINE + "; stderr:\n" + stderr());
        }
        return process.exitValue();
    }

    String stderr() {
        try {
            return Files.readString(stderr);
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }

    long pid() {
        return process.pid();
    }

    @Override
    public void close() throws IOException {
        if (process.isAlive()) {
            process.destroyForcibly();
        }
        Files.deleteIfExists(stderr);
    }

    private void readStdout() {
        try (BufferedReader reader = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                lines.add(line);
            }
        } catch (IOException e) {
            // The process ended; nextLine reports the missing line.
        }
    }
}
