package io.rpcbench.perf.process;

import io.rpcbench.process.ChildProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * Runs one command to its end and measures it: wall time from start to exit, and peak RSS, the kernel's high-water
 * mark of the process's resident memory ({@code VmHWM} in {@code /proc/<pid>/status}), polled every 20 ms until
 * it exits (the mark only grows, so a poll misses at most the last 20 ms). A run that outlives its deadline is
 * stopped by its PID and reported as a timeout; the child is stopped by its PID on every other way out too.
 *
 * <pre>{@code
 * MeasuredProcess.Result r = MeasuredProcess.run("ours", command, Map.of(), log, Duration.ofMinutes(30));
 * }</pre>
 */
public final class MeasuredProcess {

    private static final long POLL_MS = 20;

    /**
     * @param exitCode the process's exit code, or -1 after a timeout
     * @param timedOut whether the deadline passed first (the process was stopped)
     * @param outOfMemory whether its output reported a {@code java.lang.OutOfMemoryError}
     */
    public record Result(double wallSeconds, long peakRssKiB, int exitCode, boolean timedOut, boolean outOfMemory) {

        public boolean passed() {
            return !timedOut && !outOfMemory && exitCode == 0;
        }
    }

    private MeasuredProcess() {}

    public static Result run(String name, List<String> command, Map<String, String> environment, Path log, Duration deadline)
            throws IOException, InterruptedException {
        long started = System.nanoTime();
        long peakKiB = 0;
        boolean timedOut = false;
        try (ChildProcess child = ChildProcess.start(name, command, environment, log)) {
            Path status = Path.of("/proc", Long.toString(child.pid()), "status");
            long deadlineNanos = started + deadline.toNanos();
            while (child.isAlive()) {
                peakKiB = Math.max(peakKiB, highWaterMarkKiB(status));
                if (System.nanoTime() > deadlineNanos) {
                    timedOut = true;
                    break;
                }
                Thread.sleep(POLL_MS);
            }
            double wall = (System.nanoTime() - started) / 1e9;
            int exit = timedOut ? child.stop() : child.awaitExit(Duration.ofSeconds(30));
            return new Result(wall, peakKiB, timedOut ? -1 : exit, timedOut, mentionsOutOfMemory(log));
        }
    }

    /** {@code VmHWM} in KiB, or 0 once the process is gone (or is a zombie, whose status has no such line). */
    static long highWaterMarkKiB(Path status) {
        try {
            for (String line : Files.readAllLines(status)) {
                if (line.startsWith("VmHWM:")) {
                    return Long.parseLong(line.replaceAll("\\D", ""));
                }
            }
        } catch (IOException | RuntimeException gone) {
            // exited between the check and the read
        }
        return 0;
    }

    /** Whether the text file {@code log} (a process's output or its own log) reports an OutOfMemoryError. */
    public static boolean mentionsOutOfMemory(Path log) throws IOException {
        if (!Files.exists(log)) {
            return false;
        }
        try (var lines = Files.lines(log)) {
            return lines.anyMatch(l -> l.contains("java.lang.OutOfMemoryError"));
        } catch (java.io.UncheckedIOException notText) {
            return false;
        }
    }
}
