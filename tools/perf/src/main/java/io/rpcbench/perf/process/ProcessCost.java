package io.rpcbench.perf.process;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * What one running process costs over a window: its CPU time as a percentage of one core (from
 * {@code /proc/<pid>/stat} at the window's start and end) and its resident memory (from {@code /proc/<pid>/status},
 * sampled by the caller, e.g. every second: mean and max).
 *
 * <p>Order of calls: {@link #start}, {@link #sample()} during the window, {@link #finish} at its end.
 */
public final class ProcessCost {

    /** The figures of one window. */
    public record Window(double cpuPercent, double rssMeanMiB, double rssMaxMiB) {}

    private final long pid;
    private final long ticksPerSecond;
    private final CpuTime startCpu;
    private final long startNanos;
    private final List<Long> rssKib = new ArrayList<>();

    private ProcessCost(long pid, long ticksPerSecond, CpuTime startCpu, long startNanos) {
        this.pid = pid;
        this.ticksPerSecond = ticksPerSecond;
        this.startCpu = startCpu;
        this.startNanos = startNanos;
    }

    /** Begins the window now. */
    public static ProcessCost start(long pid, long ticksPerSecond) throws IOException {
        long now = System.nanoTime();
        return new ProcessCost(pid, ticksPerSecond, CpuTime.of(pid), now);
    }

    /** Takes one reading of the resident memory. */
    public void sample() throws IOException {
        rssKib.add(ResidentMemory.kib(pid));
    }

    /** Ends the window now (taking a last memory reading). */
    public Window finish() throws IOException {
        CpuTime endCpu = CpuTime.of(pid);
        long elapsed = System.nanoTime() - startNanos;
        sample();
        return window(startCpu, endCpu, ticksPerSecond, elapsed, rssKib);
    }

    public static Window window(CpuTime start, CpuTime end, long ticksPerSecond, long elapsedNanos, List<Long> rssKib) {
        double mean = rssKib.stream().mapToLong(Long::longValue).average().orElseThrow();
        long max = rssKib.stream().mapToLong(Long::longValue).max().orElseThrow();
        return new Window(start.percentOfOneCore(end, ticksPerSecond, elapsedNanos), mean / 1024.0, max / 1024.0);
    }
}
