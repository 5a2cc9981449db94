package io.rpcbench.perf.process;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.LongSupplier;

/**
 * A process's CPU time ({@link CpuTime}) read every {@value #INTERVAL_MS} ms with the wall clock while it runs, so
 * that its CPU over a window known only afterwards (a JTL's measured window, which starts at the first sample) can
 * be cut out: {@link #span} gives the CPU from the first reading inside the window to the last, and the caller
 * counts the calls over that same span, so that CPU and calls cover exactly the same time. A reading is one read of
 * {@code /proc/<pid>/stat} by this JVM: it costs the process measured nothing.
 *
 * <p>Order of calls: {@link #start} (before the process exists, if need be: the PID is asked for until it is
 * known), {@link #close} once the process has exited, then {@link #readings} and {@link #span} for a window.
 */
public final class CpuTimeline implements AutoCloseable {

    static final long INTERVAL_MS = 50;

    /** One reading: the wall clock (ms since the epoch) and the process's CPU time then. */
    public record Reading(long epochMs, CpuTime cpu) {}

    /** The CPU ticks used between two readings, {@code fromMs} and {@code toMs}. */
    public record Span(long fromMs, long toMs, long ticks) {}

    private final LongSupplier pid;
    private final List<Reading> readings = new ArrayList<>();
    private final Thread reader;
    private volatile boolean running = true;

    private CpuTimeline(LongSupplier pid) {
        this.pid = pid;
        this.reader = new Thread(this::readUntilClosed, "cpu-timeline");
        reader.setDaemon(true);
    }

    /** @param pid the process's PID, 0 while it is not yet known (e.g. {@code JMeterRun::pid} before the start) */
    public static CpuTimeline start(LongSupplier pid) {
        CpuTimeline timeline = new CpuTimeline(pid);
        timeline.reader.start();
        return timeline;
    }

    private void readUntilClosed() {
        while (running) {
            long process = pid.getAsLong();
            if (process != 0) {
                try {
                    CpuTime cpu = CpuTime.of(process);
                    synchronized (readings) {
                        readings.add(new Reading(System.currentTimeMillis(), cpu));
                    }
                } catch (IOException gone) {
                    // the process has exited: its last readings are in
                }
            }
            try {
                Thread.sleep(INTERVAL_MS); // the interval between readings, not a readiness check
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** The readings so far, in time order. */
    public List<Reading> readings() {
        synchronized (readings) {
            return List.copyOf(readings);
        }
    }

    /**
     * The CPU between the first of {@code readings} (in time order) at or after {@code fromMs} and the last before
     * {@code toMs}; empty with fewer than two readings in between.
     */
    public static Optional<Span> span(List<Reading> readings, long fromMs, long toMs) {
        Reading first = null;
        Reading last = null;
        for (Reading r : readings) {
            if (r.epochMs() >= fromMs && r.epochMs() < toMs) {
                if (first == null) {
                    first = r;
                }
                last = r;
            }
        }
        if (first == null || last.epochMs() == first.epochMs()) {
            return Optional.empty();
        }
        return Optional.of(new Span(first.epochMs(), last.epochMs(), last.cpu().ticks() - first.cpu().ticks()));
    }

    @Override
    public void close() {
        running = false;
        reader.interrupt();
        try {
            reader.join(1_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
