package io.rpcbench.agent;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * A process an integration test starts: its output (stdout and stderr together) is collected line by line so the
 * test can wait for a line with a deadline, and {@link #close()} stops it by its PID (SIGTERM, then SIGKILL).
 */
final class ChildProcess implements AutoCloseable {
    private final Process process;
    private final LinkedBlockingQueue<String> lines = new LinkedBlockingQueue<String>();
    private final List<String> seen = new ArrayList<String>();

    ChildProcess(List<String> command, File dir, Map<String, String> env) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir).redirectErrorStream(true);
        builder.environment().putAll(env);
        process = builder.start();
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(
                    new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                String line;
                while ((line = in.readLine()) != null) {
                    lines.add(line);
                }
            } catch (IOException streamClosedByStop) {
                // stop() closes the pipe under this reader: the output simply ends here.
            }
        }, "child-output");
        reader.setDaemon(true);
        reader.start();
    }

    /** The first output line starting with {@code prefix}; fails with everything seen so far after the deadline. */
    String awaitLine(String prefix, long timeoutMillis) throws InterruptedException {
        return awaitLine(line -> line.startsWith(prefix), "starting with '" + prefix + "'", timeoutMillis);
    }

    /** The first output line containing {@code text} (a log line, after its time stamp), with a deadline. */
    String awaitLineContaining(String text, long timeoutMillis) throws InterruptedException {
        return awaitLine(line -> line.contains(text), "containing '" + text + "'", timeoutMillis);
    }

    private String awaitLine(Predicate<String> wanted, String description, long timeoutMillis)
            throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        while (System.nanoTime() < deadline) {
            String line = lines.poll(100, TimeUnit.MILLISECONDS);
            if (line != null) {
                seen.add(line);
                if (wanted.test(line)) {
                    return line;
                }
            }
            if (line == null && !process.isAlive() && lines.isEmpty()) {
                break;
            }
        }
        throw new AssertionError("no line " + description + " within " + timeoutMillis + " ms; output: " + seen);
    }

    /** Writes one line to the process's standard input. */
    void send(String line) throws IOException {
        OutputStream in = process.getOutputStream();
        in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
    }

    List<String> output() {
        lines.drainTo(seen);
        return seen;
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** Stops the process by PID: SIGTERM, and SIGKILL if it is still there after 10 s. True if SIGTERM sufficed. */
    boolean stop() throws InterruptedException {
        process.destroy();
        if (process.waitFor(10, TimeUnit.SECONDS)) {
            return true;
        }
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        return false;
    }

    @Override
    public void close() throws InterruptedException {
        if (process.isAlive()) {
            stop();
        }
    }
}
