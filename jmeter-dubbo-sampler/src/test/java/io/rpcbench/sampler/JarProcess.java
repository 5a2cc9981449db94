package io.rpcbench.sampler;

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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The Dubbo 2.7 provider ({@code dubbo27-provider/target/rpcbench-dubbo27-provider.jar}) in a JVM of its own: Dubbo
 * 2.7 and this module's Dubbo 3 can never share a class path. {@link #start} returns once the provider printed its
 * ready line (or fails naming what it printed); {@link #close()} stops it by its PID with SIGTERM, and kills it if
 * it has not ended within a deadline, also when a test fails.
 *
 * <pre>{@code
 * try (Dubbo27ProviderProcess provider = Dubbo27ProviderProcess.start("--registry", "zookeeper://127.0.0.1:2181")) {
 *     provider.port();   // the dubbo port it listens on, on 127.0.0.1
 * }
 * }</pre>
 *
 * The jar is {@code -Drpcbench.dubbo27.jar} (set by this module's failsafe configuration); the JVM running it is
 * {@code -Drpcbench.dubbo27.java} when given (e.g. a JDK 25 {@code bin/java}), else the one running the tests.
 */
final class Dubbo27ProviderProcess implements AutoCloseable {

    private static final Duration READY_DEADLINE = Duration.ofSeconds(90);
    /** Dubbo 2.7 takes about 5 s to close its Netty server (see OrderServiceExport in dubbo27-provider). */
    private static final Duration STOP_DEADLINE = Duration.ofSeconds(30);
    private static final Pattern READY = Pattern.compile(
            "rpcbench-dubbo27-provider ready dubbo=dubbo://127\\.0\\.0\\.1:(\\d+)");

    private final Process process;
    private final Path stderr;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final List<String> seen = new ArrayList<>();
    private int port;

    private Dubbo27ProviderProcess(Process process, Path stderr) {
        this.process = process;
        this.stderr = stderr;
        Thread reader = new Thread(this::readStdout, "dubbo27-provider-stdout-" + process.pid());
        reader.setDaemon(true);
        reader.start();
    }

    /** Starts the provider on a free port with {@code options} added, and waits for its ready line. */
    static Dubbo27ProviderProcess start(String... options) throws IOException, InterruptedException {
        Path jar = Paths.get(System.getProperty("rpcbench.dubbo27.jar",
                "../dubbo27-provider/target/rpcbench-dubbo27-provider.jar"));
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("no Dubbo 2.7 provider jar at " + jar.toAbsolutePath()
                    + "; build module dubbo27-provider first (./mvnw -pl dubbo27-provider,jmeter-dubbo-sampler -am verify)");
        }
        String java = System.getProperty("rpcbench.dubbo27.java",
                Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        List<String> command = new ArrayList<>(List.of(java, "-jar", jar.toString(), "--port", "0"));
        command.addAll(List.of(options));
        Path stderr = Files.createTempFile("rpcbench-dubbo27-provider-", ".err");
        Process process = new ProcessBuilder(command).redirectError(stderr.toFile()).start();
        Dubbo27ProviderProcess provider = new Dubbo27ProviderProcess(process, stderr);
        try {
            provider.awaitReady();
            return provider;
        } catch (RuntimeException | Error | InterruptedException e) {
            provider.close();
            throw e;
        }
    }

    private void awaitReady() throws InterruptedException {
        String line = nextLine(READY_DEADLINE);
        Matcher ready = READY.matcher(line);
        if (!ready.matches()) {
            throw new AssertionError("expected the ready line, got '" + line + "'; stderr:\n" + stderr());
        }
        port = Integer.parseInt(ready.group(1));
    }

    /** The dubbo port, on 127.0.0.1. */
    int port() {
        return port;
    }

    long pid() {
        return process.pid();
    }

    /** The next stdout line, waiting at most {@code deadline}. */
    String nextLine(Duration deadline) throws InterruptedException {
        String line = lines.poll(deadline.toMillis(), TimeUnit.MILLISECONDS);
        if (line == null) {
            throw new AssertionError("no line on stdout of the Dubbo 2.7 provider within " + deadline
                    + "; stdout so far " + seen + ", stderr:\n" + stderr());
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
        if (!process.waitFor(STOP_DEADLINE.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("the Dubbo 2.7 provider did not end within " + STOP_DEADLINE + " of SIGTERM; "
                    + "stderr:\n" + stderr());
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

    /** Stops the provider if it still runs (SIGTERM, then a kill after the deadline) and deletes its stderr file. */
    @Override
    public void close() {
        try {
            if (process.isAlive()) {
                stop();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            if (process.isAlive()) {
                process.destroyForcibly();
            }
            try {
                Files.deleteIfExists(stderr);
            } catch (IOException e) {
                // A temporary file left behind is not worth failing a test for.
            }
        }
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
