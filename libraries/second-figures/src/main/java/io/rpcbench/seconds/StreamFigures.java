package io.rpcbench.seconds;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * One stream's per-message figures, as one sample records them beside its time from open to close: the messages sent
 * and received, the time to the first message received, every gap between two messages received, and for a ping-pong
 * (each message sent when the previous answer came) every message's round trip, all in µs. A figure that does not
 * apply (no message received; fewer than two; not a ping-pong) is absent.
 *
 * <p>The sampler writes them ({@code sampler.call.StreamTimeline}), the dashboard reads them back to add every stream's
 * messages of a label into one distribution ({@code reports.statistics.StreamStatistics}): this class is the format the
 * two share, as {@link SampleTimes} is for the response times.
 *
 * <p>Percentiles of one stream ({@link #gapP50Us()} and the like) are exact nearest-rank values of its own gaps
 * ({@code ceil(p / 100 x n)}-th smallest); a p99 is given from {@value #P99_MIN_VALUES} values on (below, it would be
 * the maximum). A message's time is when the library handed it to the sampler (after its deserialization and its
 * callback executor's queue), a message sent when the sampler handed it to the library (queued, not yet on the wire):
 * the gaps and round trips are what a client of the library sees. Round trips are kept for a ping-pong whose provider
 * answered each message once (as many answers as messages); else they are absent.
 *
 * <p>In a JTL the figures are one sample variable, {@value #VARIABLE} (JMeter's {@code sample_variables} writes it as
 * a column), in words that say what each is: the stream's own summary first, then every gap (and round trip) in the
 * order the messages came, {@code :}-separated, so that a dashboard can add the messages of every stream exactly:
 * {@code sent=4 received=4 first_us=812 gap_p50_us=40 gap_max_us=130 gaps_us=40:35:130}; empty for a sample that was
 * not a stream. The lists cost about 4 bytes a message in the JTL. {@link #parse} reads the text back (the summary from
 * the lists).
 */
public final class StreamFigures {

    /** The sample variable that carries a stream's figures into the JTL. */
    public static final String VARIABLE = "stream_figures";

    /** The fewest values a p99 is given for: with fewer, the 99th percentile by nearest rank is the maximum. */
    public static final int P99_MIN_VALUES = 100;

    private static final String EXAMPLE = "expected e.g. 'sent=3 received=3 first_us=812 gap_p50_us=40 gap_max_us=95 "
            + "gaps_us=40:95'";
    /** The summary's names: written for the reader of a JTL, recomputed from the lists when read back. */
    private static final Set<String> SUMMARY = Set.of("first_us", "gap_p50_us", "gap_p99_us", "gap_max_us",
            "rtt_p50_us", "rtt_p99_us", "rtt_max_us");

    private final long sent;
    private final long received;
    private final long firstUs;
    private final long[] gapsUs;
    private final long[] rttsUs;
    /**
     * The gaps and round trips sorted, made on the first percentile asked for (a JTL's reader, which adds the lists to
     * histograms, asks for none): an instance is one sample's, read on one thread.
     */
    private long[] sortedGapsUs;
    private long[] sortedRttsUs;

    /**
     * @param sent     messages the client sent (1 for a server stream's request)
     * @param received messages the client received
     * @param firstUs  µs from opening the stream to the first message received; -1 when none came
     * @param gapsUs   every gap between two messages received, µs, in the order they came: {@code received - 1} of
     *                 them (none with fewer than two)
     * @param rttsUs   a ping-pong's round trip of each message (its sending to its answer), µs, in order: {@code sent}
     *                 of them; none when not a ping-pong
     * @throws IllegalArgumentException when the counts do not fit together
     */
    public StreamFigures(long sent, long received, long firstUs, long[] gapsUs, long[] rttsUs) {
        if (sent < 0 || received < 0 || gapsUs.length != Math.max(0, received - 1)
                || rttsUs.length != 0 && rttsUs.length != sent || (received == 0) != (firstUs < 0)) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "a stream of %d sent and %d received "
                    + "messages with first_us %d, %d gaps and %d round trips; expected received - 1 gaps, no round "
                    + "trips or one per message sent, and a first_us exactly when a message came", sent, received,
                    firstUs, gapsUs.length, rttsUs.length));
        }
        this.sent = sent;
        this.received = received;
        this.firstUs = firstUs;
        this.gapsUs = gapsUs.clone();
        this.rttsUs = rttsUs.clone();
    }

    private long[] sortedGaps() {
        if (sortedGapsUs == null) {
            sortedGapsUs = sorted(gapsUs);
        }
        return sortedGapsUs;
    }

    private long[] sortedRtts() {
        if (sortedRttsUs == null) {
            sortedRttsUs = sorted(rttsUs);
        }
        return sortedRttsUs;
    }

    private static long[] sorted(long[] values) {
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        return sorted;
    }

    public long sent() { return sent; }

    public long received() { return received; }

    /** µs from opening the stream to the first message received; -1 when none came. */
    public long firstUs() { return firstUs; }

    /** Every gap between two messages received, µs, in the order they came (a copy). */
    public long[] gapsUs() { return gapsUs.clone(); }

    /** A ping-pong's round trip of each message, µs, in order; empty when not a ping-pong (a copy). */
    public long[] rttsUs() { return rttsUs.clone(); }

    /** The median gap between two messages received, µs; -1 with fewer than two messages. */
    public long gapP50Us() { return rank(sortedGaps(), 50); }

    /** The 99th percentile gap, µs; -1 with fewer than {@value #P99_MIN_VALUES} gaps. */
    public long gapP99Us() { return p99(sortedGaps()); }

    /** The largest gap, µs; -1 with fewer than two messages. */
    public long gapMaxUs() { return rank(sortedGaps(), 100); }

    /** A ping-pong's median round trip, µs; -1 when not a ping-pong. */
    public long rttP50Us() { return rank(sortedRtts(), 50); }

    /** Its 99th percentile round trip, µs; -1 when not a ping-pong or with fewer than {@value #P99_MIN_VALUES}. */
    public long rttP99Us() { return p99(sortedRtts()); }

    /** Its largest round trip, µs; -1 when not a ping-pong. */
    public long rttMaxUs() { return rank(sortedRtts(), 100); }

    private static long p99(long[] sorted) {
        return sorted.length < P99_MIN_VALUES ? -1 : rank(sorted, 99);
    }

    /** The nearest-rank percentile of sorted values; -1 for none. */
    private static long rank(long[] sorted, double percentile) {
        if (sorted.length == 0) {
            return -1;
        }
        int index = (int) Math.ceil(percentile / 100 * sorted.length) - 1;
        return sorted[Math.max(0, Math.min(sorted.length - 1, index))];
    }

    /** The figures as the JTL's {@value #VARIABLE} carries them; absent figures are left out. */
    public String text() {
        StringBuilder text = new StringBuilder(96 + 6 * (gapsUs.length + rttsUs.length));
        text.append("sent=").append(sent).append(" received=").append(received);
        append(text, "first_us", firstUs);
        append(text, "gap_p50_us", gapP50Us());
        append(text, "gap_p99_us", gapP99Us());
        append(text, "gap_max_us", gapMaxUs());
        append(text, "rtt_p50_us", rttP50Us());
        append(text, "rtt_p99_us", rttP99Us());
        append(text, "rtt_max_us", rttMaxUs());
        append(text, "gaps_us", gapsUs);
        append(text, "rtts_us", rttsUs);
        return text.toString();
    }

    private static void append(StringBuilder text, String name, long value) {
        if (value >= 0) {
            text.append(' ').append(name).append('=').append(value);
        }
    }

    private static void append(StringBuilder text, String name, long[] values) {
        if (values.length > 0) {
            text.append(' ').append(name).append('=').append(values[0]);
            for (int i = 1; i < values.length; i++) {
                text.append(':').append(values[i]);
            }
        }
    }

    /**
     * The figures of a JTL's {@value #VARIABLE} text: counts and lists as written, the summary recomputed from them.
     *
     * @throws IllegalArgumentException naming the text and what was expected when it is not {@code name=value} pairs
     *     of the names {@link #text} writes, with {@code sent} and {@code received} and lists that fit them
     */
    public static StreamFigures parse(String text) {
        Map<String, String> values = new HashMap<>();
        for (String pair : text.strip().split(" +")) {
            int equals = pair.indexOf('=');
            String name = equals < 1 ? "" : pair.substring(0, equals);
            if (!name.equals("sent") && !name.equals("received") && !name.equals("gaps_us")
                    && !name.equals("rtts_us") && !SUMMARY.contains(name)) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "%s '%s': '%s' is not one of its "
                        + "name=value pairs; %s", VARIABLE, text, pair, EXAMPLE));
            }
            values.put(name, pair.substring(equals + 1));
        }
        if (!values.containsKey("sent") || !values.containsKey("received")) {
            throw new IllegalArgumentException(VARIABLE + " '" + text + "' lacks sent= or received=; " + EXAMPLE);
        }
        try {
            long received = number(text, "received", values.get("received"));
            return new StreamFigures(number(text, "sent", values.get("sent")), received,
                    values.containsKey("first_us") ? number(text, "first_us", values.get("first_us")) : -1,
                    list(text, "gaps_us", values.get("gaps_us")), list(text, "rtts_us", values.get("rtts_us")));
        } catch (IllegalArgumentException e) {
            if (e.getMessage().startsWith(VARIABLE)) {
                throw e;
            }
            throw new IllegalArgumentException(VARIABLE + " '" + text + "': " + e.getMessage(), e);
        }
    }

    private static long number(String text, String name, String value) {
        try {
            long number = Long.parseLong(value);
            if (number >= 0) {
                return number;
            }
        } catch (NumberFormatException e) {
            // named below
        }
        throw new IllegalArgumentException(String.format(Locale.ROOT, "%s '%s': %s '%s' is not a whole number from 0; "
                + "%s", VARIABLE, text, name, value, EXAMPLE));
    }

    private static long[] list(String text, String name, String value) {
        if (value == null) {
            return new long[0];
        }
        String[] parts = value.split(":", -1);
        long[] values = new long[parts.length];
        for (int i = 0; i < parts.length; i++) {
            values[i] = number(text, name, parts[i]);
        }
        return values;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof StreamFigures that && sent == that.sent && received == that.received
                && firstUs == that.firstUs && Arrays.equals(gapsUs, that.gapsUs) && Arrays.equals(rttsUs, that.rttsUs);
    }

    @Override
    public int hashCode() {
        return Long.hashCode(sent) * 31 + Long.hashCode(received) * 17 + Arrays.hashCode(gapsUs);
    }

    @Override
    public String toString() {
        return text();
    }
}
