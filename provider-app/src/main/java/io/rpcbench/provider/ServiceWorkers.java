package io.rpcbench.provider;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A provider of known capacity: {@code workers} workers, each taking one call at a time for exactly {@code
 * serviceTime}, the calls waiting for a worker in one queue in the order they arrived. Its capacity is {@code workers
 * / serviceTime} calls a second, and under Poisson arrivals it is the M/D/c queue of queueing theory, against which
 * {@code ./run-benchmark --capacity} is checked (docs/performance.md).
 *
 * <p>The workers are a timetable, not threads: a call arriving at {@code a} is booked on the worker that frees first,
 * starts at {@code max(a, that worker's end)} and ends {@code serviceTime} later; the thread that carries the call
 * (Dubbo's or Thrift's) parks until that end. With one service time for all, the worker that frees first is the one
 * booked {@code workers} calls ago, so the timetable is a ring of the last {@code workers} ends. Why not threads that
 * sleep: a sleep or a park overshoots by 50-100 µs on Linux, and more on a busy machine; a worker thread that wakes
 * late starts its next call late, which would lower the capacity by the overshoot (4 % at 2 ms) and make it depend on
 * the machine's load. Booked from the ideal ends, a late wake-up delays only the answer of the call it belongs to,
 * never the next call's start, so the capacity is {@code workers / serviceTime} exactly.
 *
 * <p>The threads carrying calls must outnumber the calls in the provider at once (in service and waiting): the
 * provider's {@code --threads} at least the client's calls in flight.
 *
 * <pre>{@code
 * ServiceWorkers workers = new ServiceWorkers(4, 5_000);   // 4 workers x 5 ms: 800 calls a second
 * workers.serve();                                          // in each call: returns when its worker is done with it
 * }</pre>
 */
public final class ServiceWorkers {

    private final int workers;
    private final long serviceNanos;
    /** The ends of the last {@code workers} bookings, in nanoTime; {@code next} is the oldest, the first free. */
    private final long[] ends;
    private int next;

    /**
     * @param workers        calls served at once, 1 or more
     * @param serviceMicros  each call's service time, in µs, 1 or more
     */
    public ServiceWorkers(int workers, long serviceMicros) {
        if (workers < 1) {
            throw new IllegalArgumentException("workers " + workers + " is out of range; expected 1 or more");
        }
        if (serviceMicros < 1) {
            throw new IllegalArgumentException("service time " + serviceMicros + " µs is out of range; expected 1 or "
                    + "more");
        }
        this.workers = workers;
        this.serviceNanos = TimeUnit.MICROSECONDS.toNanos(serviceMicros);
        this.ends = new long[workers];
        long now = System.nanoTime();
        // Every worker free from the start.
        Arrays.fill(ends, now - serviceNanos);
    }

    /** Calls a second the workers serve at most: {@code workers / serviceTime}. */
    public double capacityPerSecond() {
        return workers * 1e9 / serviceNanos;
    }

    /** Books the calling call and returns when its service ends; interrupted, it returns at once (stopping). */
    public void serve() {
        long end = bookNow();
        long left;
        while ((left = end - System.nanoTime()) > 0) {
            LockSupport.parkNanos(left);
            if (Thread.currentThread().isInterrupted()) {
                return;
            }
        }
    }

    /** The arrival read under the lock, so that bookings follow arrivals. */
    private synchronized long bookNow() {
        return book(System.nanoTime());
    }

    /**
     * Books a call arriving at {@code arrivalNanos} (nanoTime, not before an earlier booking's arrival) on the worker
     * that frees first and returns when its service ends.
     */
    synchronized long book(long arrivalNanos) {
        long start = arrivalNanos - ends[next] > 0 ? arrivalNanos : ends[next];
        long end = start + serviceNanos;
        ends[next] = end;
        next = (next + 1) % workers;
        return end;
    }

    @Override
    public String toString() {
        return workers + " workers x " + TimeUnit.NANOSECONDS.toMicros(serviceNanos) + " µs";
    }
}
