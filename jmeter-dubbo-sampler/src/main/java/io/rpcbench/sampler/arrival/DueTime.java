package io.rpcbench.sampler.arrival;

/**
 * When the current arrival was due: the contract between a thread group that issues arrivals from a schedule (the
 * Arrivals Thread Group) and the samplers that time them. The thread group {@linkplain #set sets} the due time on the
 * thread that takes the arrival, before that thread's iteration begins; the first rpcbench sample of the iteration
 * {@linkplain #take takes} it and measures from it (what the caller waited: the schedule lag, then the call), so a
 * generator that falls behind shows its lateness instead of hiding it. Later samples of the same iteration find none
 * and are timed from their own start, as under any other thread group.
 *
 * <p>Times are {@link System#nanoTime()} readings, with the wall-clock millisecond the same instant had, so a sample's
 * JTL time stamp can be its due time.
 *
 * <pre>{@code
 * DueTime.set(dueNanos, dueMillis);            // the thread group, before the iteration
 * DueTime due = DueTime.take();                // the first sample; null when none was set
 * }</pre>
 *
 * @param nanos  the due time as {@link System#nanoTime()}
 * @param millis the same instant as {@link System#currentTimeMillis()}
 */
public record DueTime(long nanos, long millis) {

    private static final ThreadLocal<DueTime> CURRENT = new ThreadLocal<>();

    /** Sets the due time of the arrival this thread is about to serve. */
    public static void set(long nanos, long millis) {
        CURRENT.set(new DueTime(nanos, millis));
    }

    /** The due time of this thread's current arrival, cleared so that it is taken once; null when none was set. */
    public static DueTime take() {
        DueTime due = CURRENT.get();
        if (due != null) {
            CURRENT.remove();
        }
        return due;
    }

    /** Forgets this thread's due time, e.g. when its thread group stops. */
    public static void clear() {
        CURRENT.remove();
    }
}
