package io.rpcbench.sampler.call;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * One stream's per-message figures, as one sample records them beside its time from open to close: the messages sent
 * and received, the time to the first message received, the gaps between messages received (p50, p99, max), and for a
 * ping-pong (each message sent when the previous answer came) each message's round trip (p50, p99, max), all in µs.
 * A figure that does not apply (no message received; fewer than two; not a ping-pong) is absent.
 *
 * <p>Percentiles are exact nearest-rank values of the stream's own gaps ({@code ceil(p / 100 x n)}-th smallest): a
 * stream has tens to thousands of messages, kept in full for the sample. A p99 is given from 100 values on (below, it
 * would be the maximum). A message's time is when the library handed it to the sampler (after its deserialization and
 * its callback executor's queue), a message sent when the sampler handed it to the library (queued, not yet on the
 * wire): the gaps and round trips are what a client of the library sees. Round trips are kept for a ping-pong whose
 * provider answered each message once (as many answers as messages); else they are absent.
 *
 * <p>In a JTL the figures are one sample variable, {@value #VARIABLE} (JMeter's {@code sample_variables} writes it as
 * a column), in words that say what each is: {@code sent=15 received=15 first_us=812 gap_p50_us=40 gap_p99_us=95
 * gap_max_us=130}; empty for a sample that was not a stream. {@link #parse} reads it back.
 *
 * @param sent      messages the client sent (1 for a server stream's request)
 * @param received  messages the client received
 * @param firstUs   µs from opening the stream to the first message received; -1 when none came
 * @param gapP50Us  the median gap between two messages received, µs; -1 with fewer than two
 * @param gapP99Us  the 99th percentile gap, µs; -1 with fewer than 100 gaps
 * @param gapMaxUs  the largest gap, µs; -1 with fewer than two
 * @param rttP50Us  a ping-pong's median round trip (a message sent to its answer), µs; -1 when not a ping-pong
 * @param rttP99Us  its 99th percentile round trip, µs; -1 when not a ping-pong or fewer than 100
 * @param rttMaxUs  its largest round trip, µs; -1 when not a ping-pong
 */
public record StreamFigures(long sent, long received, long firstUs, long gapP50Us, long gapP99Us, long gapMaxUs,
        long rttP50Us, long rttP99Us, long rttMaxUs) {

    /** The fewest values a p99 is given for: with fewer, the 99th percentile by nearest rank is the maximum. */
    static final int P99_MIN_VALUES = 100;

    /** The sample variable that carries a stream's figures into the JTL. */
    public static final String VARIABLE = "stream_figures";

    /** The figures of a stream from its timeline: every time in ns from the same clock ({@link System#nanoTime}). */
    static StreamFigures of(long openNanos, long[] sentNanos, int sent, long[] receivedNanos, int received,
            boolean pingPong) {
        long first = received == 0 ? -1 : micros(receivedNanos[0] - openNanos);
        long[] gaps = new long[Math.max(0, received - 1)];
        for (int i = 1; i < received; i++) {
            gaps[i - 1] = receivedNanos[i] - receivedNanos[i - 1];
        }
        Arrays.sort(gaps);
        // a round trip pairs each message with the answer that came next: only a ping-pong answered once a message
        long[] trips = new long[pingPong && sent == received ? sent : 0];
        for (int i = 0; i < trips.length; i++) {
            trips[i] = receivedNanos[i] - sentNanos[i];
        }
        Arrays.sort(trips);
        return new StreamFigures(sent, received, first, rank(gaps, 50), p99(gaps), rank(gaps, 100),
                rank(trips, 50), p99(trips), rank(trips, 100));
    }

    /** The p99 of at least {@value #P99_MIN_VALUES} values; below that, the nearest rank is the maximum: -1. */
    private static long p99(long[] sortedNanos) {
        return sortedNanos.length < P99_MIN_VALUES ? -1 : rank(sortedNanos, 99);
    }

    /** The nearest-rank percentile of sorted ns values, in µs; -1 for none. */
    private static long rank(long[] sortedNanos, double percentile) {
        if (sortedNanos.length == 0) {
            return -1;
        }
        int index = (int) Math.ceil(percentile / 100 * sortedNanos.length) - 1;
        return micros(sortedNanos[Math.max(0, Math.min(sortedNanos.length - 1, index))]);
    }

    private static long micros(long nanos) {
        return Math.max(0, nanos / 1000);
    }

    /** The figures as the JTL's {@value #VARIABLE} carries them; absent figures are left out. */
    public String text() {
        StringBuilder text = new StringBuilder(96);
        text.append("sent=").append(sent).append(" received=").append(received);
        append(text, "first_us", firstUs);
        append(text, "gap_p50_us", gapP50Us);
        append(text, "gap_p99_us", gapP99Us);
        append(text, "gap_max_us", gapMaxUs);
        append(text, "rtt_p50_us", rttP50Us);
        append(text, "rtt_p99_us", rttP99Us);
        append(text, "rtt_max_us", rttMaxUs);
        return text.toString();
    }

    private static void append(StringBuilder text, String name, long value) {
        if (value >= 0) {
            text.append(' ').append(name).append('=').append(value);
        }
    }

    /**
     * The figures of a JTL's {@value #VARIABLE} text.
     *
     * @throws IllegalArgumentException naming the text when it is not {@code name=number} pairs with {@code sent} and
     *     {@code received}
     */
    public static StreamFigures parse(String text) {
        Map<String, Long> values = new LinkedHashMap<>();
        for (String pair : text.strip().split(" +")) {
            int equals = pair.indexOf('=');
            try {
                if (equals < 1) {
                    throw new NumberFormatException("no name=value");
                }
                values.put(pair.substring(0, equals), Long.parseLong(pair.substring(equals + 1)));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(String.format(Locale.ROOT, "%s '%s': '%s' is not name=number; "
                        + "expected e.g. 'sent=15 received=15 first_us=812 gap_p50_us=40'", VARIABLE, text, pair), e);
            }
        }
        if (!values.containsKey("sent") || !values.containsKey("received")) {
            throw new IllegalArgumentException(VARIABLE + " '" + text + "' lacks sent= or received=; expected e.g. "
                    + "'sent=15 received=15 first_us=812'");
        }
        return new StreamFigures(values.get("sent"), values.get("received"), values.getOrDefault("first_us", -1L),
                values.getOrDefault("gap_p50_us", -1L), values.getOrDefault("gap_p99_us", -1L),
                values.getOrDefault("gap_max_us", -1L), values.getOrDefault("rtt_p50_us", -1L),
                values.getOrDefault("rtt_p99_us", -1L), values.getOrDefault("rtt_max_us", -1L));
    }
}
