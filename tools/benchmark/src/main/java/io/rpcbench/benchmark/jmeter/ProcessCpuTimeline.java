package io.rpcbench.benchmark.jmeter;

import io.rpcbench.reports.jtl.jvm.CpuReadings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The CPU time of one process (JMeter's JVM) read once a second while it runs, so that its CPU use over any part of
 * the run (the measured window, known only afterwards) can be told: a load generator at the limit of its cores
 * measures itself, not the service. The reading is the JDK's {@link ProcessHandle.Info#totalCpuDuration()} (user
 * plus system time; on Linux from {@code /proc/<pid>/stat}).
 *
 * <p>Order of calls: {@link #start}, then {@link #close} when the process has exited, then {@link #percentOfMachine}.
 */
final class ProcessCpuTimeline implements AutoCloseable {

    private static final Duration INTERVAL = Duration.ofSeconds(1);

    private record Reading(long epochMs, long cpuNanos) {}

    private final ProcessHandle process;
    private final List<Reading> readings = new ArrayList<>();
    private final Thread reader;
    private volatile boolean running = true;

    private ProcessCpuTimeline(ProcessHandle process) {
        this.process = process;
        this.reader = new Thread(this::readUntilClosed, "cpu-of-" + process.pid());
        reader.setDaemon(true);
    }

    /** Starts reading; a process that has already exited gives a timeline without readings. */
    static ProcessCpuTimeline start(long pid) {
        Optional<ProcessHandle> process = ProcessHandle.of(pid);
        ProcessCpuTimeline timeline = new ProcessCpuTimeline(process.orElse(ProcessHandle.current()));
        if (process.isPresent()) {
            timeline.reader.start();
        }
        return timeline;
    }

    private void readUntilClosed() {
        while (running) {
            read();
            try {
                Thread.sleep(INTERVAL.toMillis()); // the interval between readings, not a readiness check
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    private void read() {
        Optional<Duration> cpu = process.info().totalCpuDuration();
        if (cpu.isPresent()) {
            synchronized (readings) {
                readings.add(new Reading(System.currentTimeMillis(), cpu.get().toNanos()));
            }
        }
    }

    /**
     * The process's CPU use between {@code fromMs} and {@code toMs} (ms since the epoch) as a percentage of all of
     * the machine's {@code cores} (100 = every core busy with it), from the first reading at or after {@code fromMs}
     * to the last at or before {@code toMs}; empty when fewer than two readings lie there (the JDK could not read
     * the process's CPU time, or the span is under two intervals).
     */
    OptionalDouble percentOfMachine(long fromMs, long toMs, int cores) {
        Reading first = null;
        Reading last = null;
        synchronized (readings) {
            for (Reading r : readings) {
                if (r.epochMs() >= fromMs && r.epochMs() <= toMs) {
                    if (first == null) {
                        first = r;
                    }
                    last = r;
                }
            }
        }
        if (first == null || last == first || last.epochMs() == first.epochMs()) {
            return OptionalDouble.empty();
        }
        double cpuMs = (last.cpuNanos() - first.cpuNanos()) / 1e6;
        // Readings and wall clock are not taken at the same instant: a saturated process can read a little over 100.
        double percent = 100.0 * cpuMs / ((last.epochMs() - first.epochMs()) * (double) cores);
        return OptionalDouble.of(Math.max(0, Math.min(100, percent)));
    }

    /** Writes the readings to {@code file} as the reports read them ({@link CpuReadings}). */
    void writeTo(Path file, int cores) throws IOException {
        StringBuilder text = new StringBuilder(CpuReadings.HEADER).append('\n');
        synchronized (readings) {
            for (Reading r : readings) {
                text.append(r.epochMs()).append(',').append(r.cpuNanos()).append(',').append(cores).append('\n');
            }
        }
        Files.writeString(file, text);
    }

    @Override
    public void close() {
        running = false;
        reader.interrupt();
        try {
            reader.join(INTERVAL.multipliedBy(5).toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
