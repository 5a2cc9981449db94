package io.rpcbench.process;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * A process the benchmark starts and must stop: its output goes to a log file, a line can be awaited
 * with a deadline (readiness is a printed line, never a sleep), and {@link #close()} stops it by its PID
 * (SIGTERM, then SIGKILL after a grace period), so a failing caller still leaves nothing running.
 *
 * <p>Order of calls: {@link #start}, then {@link #awaitLine} and/or {@link #awaitExit}, then {@link #close}.
 *
 * <p>The benchmark's processes (provider, agent, JMeter, ab) and, through test-support's {@code JarProcess}, the
 * project jars every module's tests start are all this one class: one ready-line wait, one stop by PID.
 */
public final class ChildProcess implements AutoCloseable {

    private static final Duration STOP_GRACE = Duration.ofSeconds(20);
    private static final int TAIL_LINES = 40;

    private final String name;
    private final Process process;
    private final Path log;
    private final Deque<String> tail = new ArrayDeque<>();
    private volatile boolean stopping;
    /** Stops the child when this JVM is stopped (e.g. SIGTERM) before the caller could. */
    private final Thread stopOnExit = new Thread(this::stop, "stop-child-on-exit");
    private volatile Predicate<String> awaited = line -> false;
    private volatile CompletableFuture<String> awaitedLine = new CompletableFuture<>();
    private final Consumer<String> onLine;
    private boolean listenerFailed;

    private final Thread pump;

    private ChildProcess(String name, Process process, Path log, Consumer<String> onLine) {
        this.name = name;
        this.process = process;
        this.log = log;
        this.onLine = onLine;
        this.pump = new Thread(this::copyOutput, name + "-output");
        pump.setDaemon(true);
    }

    /**
     * Starts {@code command} with stdout and stderr merged into {@code log}.
     *
     * @param name a short name for messages, e.g. {@code provider}
     */
    public static ChildProcess start(String name, List<String> command, Map<String, String> environment, Path log)
            throws IOException {
        return start(name, command, environment, log, line -> { });
    }

    /**
     * As {@link #start(String, List, Map, Path)}, and hands every line the process prints to {@code onLine}, on the
     * thread that copies its output (so {@code onLine} must be quick and must not throw).
     */
    public static ChildProcess start(String name, List<String> command, Map<String, String> environment, Path log,
            Consumer<String> onLine) throws IOException {
        Files.createDirectories(log.toAbsolutePath().getParent());
        return start(name, new ProcessBuilder(command).redirectErrorStream(true), environment, log, onLine);
    }

    /**
     * As {@link #start(String, List, Map, Path, Consumer)}, but with stderr kept apart in {@code errors}: the log,
     * the awaited lines and {@code onLine} then see stdout alone (a test that reads a server's printed lines in
     * order, while its logging goes to stderr).
     */
    public static ChildProcess startWithErrorsApart(String name, List<String> command, Path log, Path errors,
            Consumer<String> onLine) throws IOException {
        Files.createDirectories(log.toAbsolutePath().getParent());
        return start(name, new ProcessBuilder(command).redirectError(errors.toFile()), Map.of(), log, onLine);
    }

    private static ChildProcess start(String name, ProcessBuilder builder, Map<String, String> environment, Path log,
            Consumer<String> onLine) throws IOException {
        builder.environment().putAll(environment);
        ChildProcess child = new ChildProcess(name, builder.start(), log, onLine);
        Runtime.getRuntime().addShutdownHook(child.stopOnExit);
        child.pump.start();
        return child;
    }

    public long pid() {
        return process.pid();
    }

    public String name() {
        return name;
    }

    public Path log() {
        return log;
    }

    /**
     * Waits until the process prints a line matching {@code wanted}.
     *
     * @return that line
     * @throws IllegalStateException when the process exits first or the deadline passes; the message holds
     *     the last lines of its output
     */
    public String awaitLine(Predicate<String> wanted, Duration deadline) {
        CompletableFuture<String> future = new CompletableFuture<>();
        synchronized (tail) {
            for (String line : tail) {
                if (wanted.test(line)) {
                    return line;
                }
            }
            awaited = wanted;
            awaitedLine = future;
        }
        process.onExit().thenRun(() -> future.completeExceptionally(new IllegalStateException(
                name + " exited with code " + process.exitValue() + " before it was ready")));
        try {
            return future.get(deadline.toMillis(), TimeUnit.MILLISECONDS);
        } catch (TimeoutException e) {
            throw new IllegalStateException(name + " did not print the expected line within " + deadline.toMillis()
                    + " ms; last output:\n" + tail(), e);
        } catch (ExecutionException e) {
            awaitOutputEnd();
            throw new IllegalStateException(e.getCause().getMessage() + "; last output:\n" + tail(), e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for " + name, e);
        }
    }

    /**
     * Waits for the process to exit on its own.
     *
     * @return its exit code
     * @throws IllegalStateException when it is still running after {@code deadline}
     */
    public int awaitExit(Duration deadline) {
        try {
            if (!process.waitFor(deadline.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new IllegalStateException(name + " (pid " + pid() + ") still runs after " + deadline.toSeconds()
                        + " s; last output:\n" + tail());
            }
            awaitOutputEnd(); // its last lines reach the log, the tail and the line listener before we go on
            return process.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for " + name, e);
        }
    }

    /** After the process has exited: lets the output copy catch up, so messages hold its last lines. */
    private void awaitOutputEnd() {
        try {
            pump.join(Duration.ofSeconds(5).toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Writes {@code line} and a newline to the process's standard input, and flushes it.
     *
     * @throws IOException when the process no longer reads its input (e.g. it has exited)
     */
    public void writeLine(String line) throws IOException {
        OutputStream input = process.getOutputStream();
        input.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        input.flush();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** The last lines the process printed, for error messages. */
    public String tail() {
        synchronized (tail) {
            return String.join("\n", tail);
        }
    }

    /**
     * Stops the process by its PID: SIGTERM so it can shut down cleanly, SIGKILL if it is still alive after
     * the grace period. Does nothing if it has already exited.
     *
     * @return the exit code
     */
    public int stop() {
        if (process.isAlive()) {
            stopping = true;
            // Through the handle: Process.destroy() would also close our end of its output, losing its last lines.
            process.toHandle().destroy();
            try {
                if (!process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                    process.toHandle().destroyForcibly();
                    process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS);
                }
            } catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
        try {
            Runtime.getRuntime().removeShutdownHook(stopOnExit);
        } catch (IllegalStateException shuttingDown) {
            // this call runs inside the hook itself
        }
        return process.isAlive() ? -1 : process.exitValue();
    }

    /**
     * Kills the process by its PID (SIGKILL, no chance to clean up), as a crash would, and waits until it is gone.
     *
     * @throws IllegalStateException when it is still alive after the grace period
     */
    public void kill() {
        stopping = true;
        process.toHandle().destroyForcibly();
        try {
            if (!process.waitFor(STOP_GRACE.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new IllegalStateException(name + " (pid " + pid() + ") still runs " + STOP_GRACE.toSeconds()
                        + " s after SIGKILL");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while killing " + name, e);
        }
        try {
            Runtime.getRuntime().removeShutdownHook(stopOnExit);
        } catch (IllegalStateException shuttingDown) {
            // the JVM is exiting: the hook has nothing left to stop
        }
    }

    @Override
    public void close() {
        stop();
    }

    private void copyOutput() {
        try (BufferedReader reader = new BufferedReader(
                        new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
                Writer writer = Files.newBufferedWriter(log, StandardCharsets.UTF_8)) {
            String line;
            while ((line = reader.readLine()) != null) {
                writer.write(line);
                writer.write(System.lineSeparator());
                writer.flush();
                remember(line);
                try {
                    onLine.accept(line);
                } catch (RuntimeException e) { // a listener's bug must not stop the copy: the child would block
                    if (!listenerFailed) {
                        listenerFailed = true;
                        System.err.println(name + ": the output listener failed on '" + line + "': " + e);
                    }
                }
            }
        } catch (IOException e) {
            if (!stopping) {
                throw new UncheckedIOException("cannot copy the output of " + name + " to " + log, e);
            }
            // stop() closed the stream (Process.destroy does) while the last output was being read.
        }
    }

    private void remember(String line) {
        synchronized (tail) {
            tail.addLast(line);
            if (tail.size() > TAIL_LINES) {
                tail.removeFirst();
            }
            if (awaited.test(line)) {
                awaitedLine.complete(line);
            }
        }
    }
}
