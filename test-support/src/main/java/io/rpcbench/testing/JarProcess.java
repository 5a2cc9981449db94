package io.rpcbench.testing;

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
 * A project jar ({@code java -jar}) in a JVM of its own, for servers whose classes must stay off the tests' class
 * path: the provider app (its lib/ holds the example API) and the Dubbo 2.7 provider (Dubbo 2.7 and Dubbo 3 can
 * never share one). Its stdout lines are collected as they come, its stderr kept in a file for failure messages.
 *
 * <p>Order of calls: {@link #start} returns once a stdout line matches the ready pattern (lines before it are
 * skipped), or fails naming what was printed, within a deadline; {@link #launch} returns at once, for a test of what
 * the process prints or how it exits ({@link #nextLine}, {@link #exitCode()}). {@link #stop()} sends SIGTERM to the
 * PID and waits; {@link #close()} stops the process by its PID if it still runs (killing it after a deadline), also
 * when a test fails.
 *
 * <pre>{@code
 * try (JarProcess dubbo27 = JarProcess.start(JarProcess.jar("rpcbench.dubbo27.jar", "dubbo27-provider/target/rpcbench-dubbo27-provider.jar"),
 *         Pattern.compile("rpcbench-dubbo27-provider ready dubbo=dubbo://127\\.0\\.0\\.1:(\\d+)"), "--port", "0")) {
 *     int port = Integer.parseInt(dubbo27.ready().group(1));
 * }
 * }</pre>
 *
 * The child runs on {@code -Drpcbench.child.java} when given (e.g. a JDK 25 {@code bin/java}), else on the JVM
 * running the tests.
 */
public final class JarProcess implements AutoCloseable {

    private static final Duration READY_DEADLINE = Duration.ofSeconds(90);
    /** Dubbo 2.7 alone takes about 5 s to close its Netty server (see OrderServiceExport in dubbo27-provider). */
    private static final Duration STOP_DEADLINE = Duration.ofSeconds(30);
    /** How often the wait for the ready line looks whether the process has ended. */
    private static final Duration POLL = Duration.ofMillis(200);

    private final Process process;
    private final Path stderr;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final List<String> seen = new ArrayList<>();
    private Matcher ready;

    private JarProcess(Process process, Path stderr) {
        this.process = process;
        this.stderr = stderr;
        Thread reader = new Thread(this::readStdout, "jar-process-stdout-" + process.pid());
        reader.setDaemon(true);
        reader.start();
    }

    /**
     * A project jar: the one the system property names (the modules' failsafe configurations set it), else
     * {@code ../<defaultPath>}, which is the checkout's from any module's directory.
     *
     * @param defaultPath relative to the checkout, e.g. {@code provider-app/target/rpcbench-provider-app.jar}
     * @throws IllegalStateException when there is no such file, naming it and how to build it
     */
    public static Path jar(String property, String defaultPath) {
        Path jar = Paths.get(System.getProperty(property, "../" + defaultPath));
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("no jar at " + jar.toAbsolutePath() + " (" + property + "); build it "
                    + "first: the reactor does, e.g. ./mvnw -pl <module> -am verify");
        }
        return jar;
    }

    /**
     * Starts {@code java -jar <jar> <options>} and waits for its ready line; stops it again if that does not come.
     *
     * @param readyLine a whole stdout line; its groups are {@link #ready()}'s
     */
    public static JarProcess start(Path jar, Pattern readyLine, String... options)
            throws IOException, InterruptedException {
        return start(List.of(), jar, readyLine, options);
    }

    /**
     * As {@link #start(Path, Pattern, String...)}, with options for the child's JVM before {@code -jar}.
     *
     * @param jvmOptions e.g. {@code -Ddubbo.application.register-mode=instance}
     */
    public static JarProcess start(List<String> jvmOptions, Path jar, Pattern readyLine, String... options)
            throws IOException, InterruptedException {
        JarProcess child = launch(jvmOptions, jar, options);
        try {
            child.awaitReady(readyLine);
            return child;
        } catch (RuntimeException | Error | InterruptedException e) {
            child.close();
            throw e;
        }
    }

    /** Starts {@code java -jar <jar> <options>} and returns at once. */
    public static JarProcess launch(Path jar, String... options) throws IOException {
        return launch(List.of(), jar, options);
    }

    /** Starts {@code java <jvmOptions> -jar <jar> <options>} and returns at once. */
    public static JarProcess launch(List<String> jvmOptions, Path jar, String... options) throws IOException {
        String java = System.getProperty("rpcbench.child.java",
                Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        List<String> command = new ArrayList<>(List.of(java));
        // The options the tests give the JVMs they start (the parent pom: C1 only), then the caller's.
        String testOptions = System.getProperty("rpcbench.child.jvm.options", "").strip();
        if (!testOptions.isEmpty()) {
            command.addAll(List.of(testOptions.split("\\s+")));
        }
        command.addAll(jvmOptions);
        command.addAll(List.of("-jar", jar.toString()));
        command.addAll(List.of(options));
        Path stderr = Files.createTempFile("rpcbench-jar-process-", ".err");
        Process process = new ProcessBuilder(command).redirectError(stderr.toFile()).start();
        return new JarProcess(process, stderr);
    }

    private void awaitReady(Pattern readyLine) throws InterruptedException {
        long deadline = System.nanoTime() + READY_DEADLINE.toNanos();
        while (System.nanoTime() < deadline) {
            String line = lines.poll(POLL.toMillis(), TimeUnit.MILLISECONDS);
            if (line == null) {
                if (!process.isAlive() && lines.isEmpty()) {
                    throw new AssertionError("pid " + process.pid() + " ended (exit code " + process.exitValue()
                            + ") before a line matching " + readyLine + "; stdout " + seen + ", stderr:\n" + stderr());
                }
                continue;
            }
            seen.add(line);
            Matcher matcher = readyLine.matcher(line);
            if (matcher.matches()) {
                ready = matcher;
                return;
            }
        }
        throw new AssertionError("no line matching " + readyLine + " within " + READY_DEADLINE + " from pid "
                + process.pid() + "; stdout " + seen + ", stderr:\n" + stderr());
    }

    /** The ready line, matched: its groups carry what the server printed (ports, addresses). */
    public Matcher ready() {
        return ready;
    }

    public long pid() {
        return process.pid();
    }

    /** The next stdout line, waiting at most {@code deadline}. */
    public String nextLine(Duration deadline) throws InterruptedException {
        String line = lines.poll(deadline.toMillis(), TimeUnit.MILLISECONDS);
        if (line == null) {
            throw new AssertionError("no line on stdout of pid " + process.pid() + " within " + deadline
                    + "; stdout so far " + seen + ", stderr:\n" + stderr());
        }
        seen.add(line);
        return line;
    }

    /**
     * Sends SIGTERM to the PID and waits for the exit code. {@code ProcessHandle.destroy()} rather than
     * {@code Process.destroy()}: the latter also closes our end of stdout, losing the line printed on stop.
     */
    public int stop() throws InterruptedException {
        process.toHandle().destroy();
        return exitCode();
    }

    /** Waits for the process to end by itself; kills it (by its PID) when it has not within the deadline. */
    public int exitCode() throws InterruptedException {
        if (!process.waitFor(STOP_DEADLINE.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("pid " + process.pid() + " did not end within " + STOP_DEADLINE + "; stderr:\n"
                    + stderr());
        }
        return process.exitValue();
    }

    public String stderr() {
        try {
            return Files.readString(stderr);
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }

    /** Stops the process if it still runs (SIGTERM, then a kill after the deadline) and deletes its stderr file. */
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
