package io.rpcbench.seconds;

/**
 * A sample's times as every figure reads them: its response time in microseconds, whether that is a measured
 * microsecond value, and its schedule lag. rpcbench's samplers time each call with System.nanoTime and put the
 * microseconds in the sample variable {@value #ELAPSED_US} (JMeter writes it as a JTL column,
 * {@code sample_variables}), and under a thread group that issues arrivals from a schedule the lag from the due time
 * to the call's start in {@value #LAG_US}; the sample's {@code elapsed} is JMeter's whole milliseconds.
 *
 * <p>The rule, one for the JTL reader and the live listener, so that both give the same figures: a sample without
 * {@code elapsed_us} (empty, {@code null}) is JMeter's whole milliseconds x 1000, marked as such. So is one whose
 * {@code elapsed_us} lies more than {@value #AGREEMENT_MS} ms above {@code elapsed} plus the lag: rpcbench times the
 * call inside JMeter's timer, so its value is never longer but for JMeter's rounding, and a longer one is another
 * sampler's row repeating the thread's last rpcbench value. A negative lag (a call started before it was due) is 0.
 *
 * @param elapsedUs    the response time, µs; from the due time for an arrival of a schedule
 * @param microseconds whether {@code elapsedUs} was measured in µs (false: JMeter's whole ms x 1000)
 * @param lagUs        the schedule lag, µs, or {@link #NO_LAG}
 */
public record SampleTimes(long elapsedUs, boolean microseconds, long lagUs) {

    /** The sample variable rpcbench's samplers set to the call's elapsed microseconds. */
    public static final String ELAPSED_US = "elapsed_us";

    /** The sample variable rpcbench's samplers set to the schedule lag in microseconds, empty when none. */
    public static final String LAG_US = "lag_us";

    /** {@link #lagUs()} of a sample that was not an arrival due at a time: a closed workload's. */
    public static final long NO_LAG = -1;

    /** How far {@code elapsed_us} may lie above {@code elapsed} plus the lag and still be the same sample's time. */
    public static final long AGREEMENT_MS = 2;

    /**
     * The times of a sample from its values already read as numbers.
     *
     * @param elapsedMs JMeter's {@code elapsed}, ≥ 0
     * @param elapsedUs {@code elapsed_us}, ≥ 0, or -1 when the sample had none
     * @param lagUs     {@code lag_us} as written (negative allowed), or {@link #NO_LAG} when it had none; ignored
     *                  without {@code elapsedUs}
     */
    public static SampleTimes of(long elapsedMs, long elapsedUs, boolean hasLag, long lagUs) {
        long lag = elapsedUs < 0 || !hasLag ? NO_LAG : Math.max(0, lagUs);
        boolean microseconds = elapsedUs >= 0 && elapsedUs - Math.max(0, lag) - elapsedMs * 1000 <= AGREEMENT_MS * 1000;
        return microseconds ? new SampleTimes(elapsedUs, true, lag) : new SampleTimes(elapsedMs * 1000, false, NO_LAG);
    }

    /**
     * The times of a sample from its variables' text as JMeter holds them: empty, {@code null} (JMeter's text for a
     * variable the sampler did not set) or not a whole number ≥ 0 count as absent.
     */
    public static SampleTimes read(long elapsedMs, String elapsedUsText, String lagUsText) {
        long elapsedUs = number(elapsedUsText);
        long lag = number(lagUsText);
        boolean hasLag = lag != Long.MIN_VALUE;
        return of(Math.max(0, elapsedMs), elapsedUs == Long.MIN_VALUE || elapsedUs < 0 ? -1 : elapsedUs, hasLag, lag);
    }

    /** The text's whole number, or Long.MIN_VALUE when it holds none. */
    private static long number(String text) {
        if (text == null || text.isEmpty() || "null".equals(text)) {
            return Long.MIN_VALUE;
        }
        try {
            return Long.parseLong(text.trim());
        } catch (NumberFormatException notANumber) {
            return Long.MIN_VALUE;
        }
    }

    /** Whether the sample was an arrival due at a time, with its schedule lag. */
    public boolean hasLag() {
        return lagUs >= 0;
    }

    /** The call's own time, µs: without the schedule lag (never below 0). */
    public long callUs() {
        return lagUs >= 0 ? Math.max(0, elapsedUs - lagUs) : elapsedUs;
    }
}
