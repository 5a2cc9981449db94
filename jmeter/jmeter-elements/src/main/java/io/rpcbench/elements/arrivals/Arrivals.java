package io.rpcbench.elements.arrivals;

import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

/**
 * An open workload's arrivals handed to a pool of threads: each thread that is free {@linkplain #await takes} the next
 * arrival of the {@link ArrivalSchedule} and waits until it is due, then serves it; the arrival's due time is what its
 * sample is measured from. A thread that takes an arrival whose due time has passed serves it at once: every thread
 * was busy when it was due, and the wait is the schedule lag its sample shows. No thread is started per arrival, so
 * a high rate costs a timed wake-up per arrival, not a thread.
 *
 * <p>The schedule ends on time: an arrival whose turn comes after the schedule's end, or after {@link #stop}, is not
 * started, and counted as not started (not as a failure). {@link #summary} says what happened in one line, and
 * names the pool size the rate needed when the pool was too small for it (Little's law: the rate times the mean time
 * a thread was busy with an arrival, with room for bursts).
 *
 * <p>Order of calls: construct, {@link #begin} once the pool's threads are started, {@link #await} from each pool
 * thread before each iteration, {@link #stop} from any thread, {@link #summary} at the end.
 *
 * <pre>{@code
 * Arrivals arrivals = new Arrivals(schedule, 200);
 * arrivals.begin(System.nanoTime());
 * long due; while ((due = arrivals.await(busySince)) != Arrivals.NONE) { ... serve ... }
 * }</pre>
 */
public final class Arrivals {

    /** What {@link #await} returns when there is no arrival left to serve. */
    public static final long NONE = Long.MIN_VALUE;
    /**
     * An arrival taken later than this after its due time found every thread of the pool busy (a JVM's timed wake-up
     * on Linux comes up to ~0.1 ms late, so a lag under this says nothing about the pool).
     */
    static final long LATE_NANOS = TimeUnit.MILLISECONDS.toNanos(1);
    /** The longest a waiting thread parks before it looks whether the arrivals were stopped. */
    private static final long PARK_SLICE_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    /** Room for bursts over the mean concurrency (Little's law) when naming the pool a rate needs. */
    static final double BURST_ROOM = 2.0;

    private final ArrivalSchedule schedule;
    private final int poolSize;
    private final long endOffsetNanos;
    private volatile long startNanos = NONE;
    private volatile boolean stopped;
    private long started;
    /** Arrivals taken by a thread that was still waiting for them when the arrivals were stopped. */
    private long abandoned;
    private final AtomicLong waiting = new AtomicLong();
    private long notStarted;
    private boolean counted;
    private final LongAdder late = new LongAdder();
    private final AtomicLong maxLagNanos = new AtomicLong();
    private final LongAdder busyNanos = new LongAdder();

    /**
     * @param schedule the arrivals, drawn here only
     * @param poolSize the threads that will serve them, for the summary
     */
    public Arrivals(ArrivalSchedule schedule, int poolSize) {
        this.schedule = schedule;
        this.poolSize = poolSize;
        this.endOffsetNanos = (long) (schedule.totalSeconds() * 1e9);
    }

    /** Starts the schedule's clock: its time 0 is {@code nowNanos} ({@link System#nanoTime()}). */
    public void begin(long nowNanos) {
        synchronized (this) {
            startNanos = nowNanos;
            notifyAll();
        }
    }

    /**
     * Takes the next arrival and waits until it is due.
     *
     * @param busySince when this thread began serving its previous arrival ({@link System#nanoTime()}), or
     *                  {@link #NONE} for its first: the time it was busy counts towards the pool size the rate needs
     * @return the arrival's due time ({@link System#nanoTime()}), or {@link #NONE} when the schedule is over, the
     *         arrivals were stopped or the thread was interrupted (its flag is kept)
     */
    public long await(long busySince) {
        long now = System.nanoTime();
        if (busySince != NONE) {
            busyNanos.add(now - busySince);
        }
        long due;
        synchronized (this) {
            while (startNanos == NONE && !stopped) { // the pool's threads start before the clock does
                try {
                    wait(PARK_SLICE_NANOS / 1_000_000);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return NONE;
                }
            }
            if (stopped) {
                return NONE;
            }
            now = System.nanoTime();
            if (now - startNanos >= endOffsetNanos) { // the schedule's time is over: what is left is not started
                countNotStarted();
                return NONE;
            }
            double at = schedule.next();
            if (Double.isNaN(at)) {
                counted = true; // every arrival of the schedule was handed out
                return NONE;
            }
            due = startNanos + (long) (at * 1e9);
            started++;
        }
        long lag = now - due;
        if (lag > LATE_NANOS) {
            late.increment();
            maxLagNanos.accumulateAndGet(lag, Math::max);
        }
        if ((now = System.nanoTime()) < due) {
            waiting.incrementAndGet();
            try {
                while ((now = System.nanoTime()) < due) {
                    if (stopped || Thread.currentThread().isInterrupted()) {
                        abandon();
                        return NONE;
                    }
                    LockSupport.parkNanos(this, Math.min(due - now, PARK_SLICE_NANOS));
                }
            } finally {
                waiting.decrementAndGet();
            }
        }
        return due;
    }

    /** An arrival taken but not served: the run stopped while its thread waited for it. */
    private synchronized void abandon() {
        started--;
        abandoned++;
    }

    /** Threads waiting for the arrival they took to be due. */
    long waiting() {
        return waiting.get();
    }

    /** Ends the arrivals now: waiting threads return {@link #NONE} within a park slice, the rest are not started. */
    public void stop() {
        synchronized (this) {
            stopped = true;
            countNotStarted();
            notifyAll();
        }
    }

    /** Counts what the schedule still expects as not started, once. */
    private void countNotStarted() {
        if (!counted) {
            counted = true;
            notStarted = (long) Math.floor(schedule.expectedAfterLast() + 1e-9);
        }
    }

    /** Arrivals handed to a thread so far. */
    public synchronized long started() {
        return started;
    }

    /** Arrivals the schedule still had when it ended or was stopped (expected count, for random arrivals). */
    public synchronized long notStarted() {
        return notStarted + abandoned;
    }

    /** Arrivals that found every thread of the pool busy when due (taken more than 1 ms late). */
    public long late() {
        return late.sum();
    }

    /**
     * The pool size the rate needed, by Little's law over the run so far (arrivals a second times the mean time a
     * thread was busy with one, times {@value #BURST_ROOM} for bursts); 0 before any arrival was served.
     */
    public synchronized int neededPoolSize(long nowNanos) {
        double seconds = Math.min(nowNanos - startNanos, endOffsetNanos) / 1e9;
        long served = started;
        if (startNanos == NONE || served == 0 || seconds <= 0) {
            return 0;
        }
        double meanBusySeconds = busyNanos.sum() / 1e9 / served;
        return (int) Math.ceil(served / seconds * meanBusySeconds * BURST_ROOM);
    }

    /**
     * What happened, in one line: e.g. {@code 60,012 arrivals started, 0 not started; none found the pool of 200
     * threads busy} or, when the pool was too small, how many arrivals waited for a thread, the longest wait, and the
     * pool size the rate needed.
     */
    public String summary(long nowNanos) {
        long lateCount = late();
        String pool;
        if (lateCount == 0) {
            pool = "none found the pool of " + poolSize + " threads busy";
        } else {
            int needed = neededPoolSize(nowNanos);
            pool = String.format(Locale.ROOT, "%,d found the pool of %d threads busy and waited up to %.1f ms for one",
                    lateCount, poolSize, maxLagNanos.get() / 1e6)
                    + (needed > poolSize ? String.format(Locale.ROOT,
                            ": the rate needed a pool of about %d threads (Little's law x %.0f for bursts)", needed,
                            BURST_ROOM)
                            : " (the pool is large enough for the mean: the generator's CPU, or a burst of slow calls, "
                                    + "kept the threads busy)");
        }
        return String.format(Locale.ROOT, "%,d arrivals started, %,d not started%s; %s", started(), notStarted(),
                stopped ? " (stopped)" : "", pool);
    }
}
