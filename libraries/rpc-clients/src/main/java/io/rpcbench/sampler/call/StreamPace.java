package io.rpcbench.sampler.call;

import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How a client sends the messages of a stream it streams ({@code stream_send}): all at once (as fast as the stream
 * takes them), one every N ms from the stream's opening, or each one when the answer to the one before has come (a
 * ping-pong, for bidirectional methods whose provider answers each message).
 *
 * <pre>{@code
 * StreamPace pace = StreamPace.parse("every 10 ms");
 * pace.beforeSending(i, timeline, deadlineNanos, ended, target);   // before message i (0-based)
 * }</pre>
 *
 * @param pingPong       whether each message waits for the answer to the one before
 * @param intervalNanos  the time between two messages sent, ns; 0 for at once or a ping-pong
 */
public record StreamPace(boolean pingPong, long intervalNanos) {

    /** The parameter that sets it. */
    public static final String PARAMETER = "stream_send";

    public static final String AT_ONCE_TEXT = "at once";
    public static final String PING_PONG_TEXT = "after each answer";

    public static final StreamPace AT_ONCE = new StreamPace(false, 0);
    public static final StreamPace PING_PONG = new StreamPace(true, 0);

    /** The longest a paced sender parks before it looks again whether its stream ended. */
    private static final long MAX_PARK_NANOS = 20_000_000;

    private static final Pattern EVERY = Pattern.compile("every\\s*(\\d+(?:\\.\\d+)?)\\s*ms");

    /**
     * The pace {@code text} names: empty or {@value #AT_ONCE_TEXT}; {@code every N ms} (N &gt; 0, fractions allowed);
     * {@value #PING_PONG_TEXT} (or {@code ping-pong}).
     *
     * @throws BadParameterException naming the text and the three ways
     */
    public static StreamPace parse(String text) {
        String pace = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
        if (pace.isEmpty() || pace.equals(AT_ONCE_TEXT)) {
            return AT_ONCE;
        }
        if (pace.equals(PING_PONG_TEXT) || pace.equals("ping-pong")) {
            return PING_PONG;
        }
        Matcher every = EVERY.matcher(pace);
        if (every.matches()) {
            double ms = Double.parseDouble(every.group(1));
            if (ms > 0 && ms <= TimeUnit.HOURS.toMillis(1)) {
                return new StreamPace(false, Math.round(ms * 1_000_000));
            }
        }
        throw BadParameterException.of(PARAMETER, text, "is not a way to send a stream's messages",
                "'" + AT_ONCE_TEXT + "' (the default), 'every N ms' with N above 0 up to an hour (e.g. 'every 10 ms'), "
                        + "or '" + PING_PONG_TEXT + "' (a ping-pong, for a bidirectional method)");
    }

    /**
     * Waits, on the sampler thread, until message {@code index} (0-based) is due: at once; at its time on the
     * interval from the stream's opening; or when {@code index} answers have come.
     *
     * @throws java.util.concurrent.TimeoutException when a ping-pong's answer has not come by {@code deadlineNanos}
     * @throws InterruptedException                  when JMeter stops the thread
     */
    public void beforeSending(int index, StreamTimeline timeline, long deadlineNanos,
            java.util.function.BooleanSupplier ended, String target) throws Exception {
        if (index == 0) {
            return;
        }
        if (pingPong) {
            timeline.awaitReceived(index, deadlineNanos, ended, "the ping-pong with " + target);
        } else if (intervalNanos > 0) {
            long due = timeline.openNanos() + index * intervalNanos;
            // in slices, so that a stream that ended meanwhile (an error, a cancel) is seen within one
            long left = due - System.nanoTime();
            while (left > 0 && !ended.getAsBoolean()) {
                LockSupport.parkNanos(Math.min(left, MAX_PARK_NANOS));
                if (Thread.interrupted()) {
                    throw new InterruptedException("stopped while pacing a stream's messages");
                }
                left = due - System.nanoTime();
            }
        }
    }

    /** The pace in the words {@link #parse} reads. */
    public String text() {
        if (pingPong) {
            return PING_PONG_TEXT;
        }
        return intervalNanos == 0 ? AT_ONCE_TEXT
                : "every " + String.format(Locale.ROOT, "%s", intervalNanos / 1e6).replaceAll("\\.0$", "") + " ms";
    }
}
