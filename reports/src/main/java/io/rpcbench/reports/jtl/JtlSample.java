package io.rpcbench.reports.jtl;

import io.rpcbench.seconds.StreamFigures;

/**
 * One row of a JMeter CSV result file (JTL), reduced to the columns rpcbench reports on.
 *
 * @param timeStamp   when the sample started, ms since the epoch (JMeter's {@code sampleresult.timestamp.start=true},
 *                    as rpcbench's JMeter home sets it); under a thread group that issues arrivals from a schedule,
 *                    when the arrival was due
 * @param elapsed     the sample's response time in whole ms, JMeter's own {@code elapsed}
 * @param label       the sampler's name
 * @param responseCode JMeter's response code; for failed rpcbench samples the failure category
 * @param responseMessage JMeter's response message; for failed rpcbench samples what happened
 * @param success     whether the sample passed
 * @param bytes       bytes received
 * @param sentBytes   bytes sent, or 0 when the file has no such column
 * @param allThreads  active threads in the whole test when the sample ended, or 0 when absent
 * @param url         JMeter's URL column: for rpcbench samplers the provider that answered (or was tried last),
 *                    e.g. {@code dubbo://127.0.0.1:20880}; empty when absent or {@code null}
 * @param elapsedUs   the response time in microseconds: rpcbench samplers' {@code elapsed_us} column (the call
 *                    timed with System.nanoTime), or {@code elapsed} x 1000 when the row has none; for an arrival
 *                    of a schedule, from when it was due: the schedule lag, then the call
 * @param microseconds whether {@code elapsedUs} was measured in microseconds (the row had {@code elapsed_us});
 *                    false when it is JMeter's whole milliseconds x 1000
 * @param generator   the load generator (JMeter remote engine) that made the sample, from its thread name's prefix
 *                    ({@link LoadGeneratorName}), e.g. {@code 198.18.0.21}; empty for a local run or a JTL without
 *                    the {@code threadName} column
 * @param lagUs       the schedule lag in microseconds, from when the arrival was due to when its call started:
 *                    rpcbench samplers' {@code lag_us} column under a thread group that issues arrivals from a
 *                    schedule; {@link #NO_LAG} for a sample of a closed workload (the value empty), of a JTL without
 *                    the column, or whose {@code elapsed_us} was not the call's ({@code microseconds} false)
 * @param stream      a stream's per-message figures: rpcbench samplers' {@value StreamFigures#VARIABLE} column for a
 *                    sample that was a stream; null for any other sample, or a JTL without the column
 */
public record JtlSample(
        long timeStamp,
        long elapsed,
        String label,
        String responseCode,
        String responseMessage,
        boolean success,
        long bytes,
        long sentBytes,
        int allThreads,
        String url,
        long elapsedUs,
        boolean microseconds,
        String generator,
        long lagUs,
        StreamFigures stream) {

    /** {@link #lagUs()} of a sample that was not an arrival due at a time: a closed workload's. */
    public static final long NO_LAG = -1;

    /** A sample that was not a stream. */
    public JtlSample(long timeStamp, long elapsed, String label, String responseCode, String responseMessage,
            boolean success, long bytes, long sentBytes, int allThreads, String url, long elapsedUs,
            boolean microseconds, String generator, long lagUs) {
        this(timeStamp, elapsed, label, responseCode, responseMessage, success, bytes, sentBytes, allThreads, url,
                elapsedUs, microseconds, generator, lagUs, null);
    }

    /** A sample without a schedule lag: a closed workload's, or one of a JTL without {@code lag_us}. */
    public JtlSample(long timeStamp, long elapsed, String label, String responseCode, String responseMessage,
            boolean success, long bytes, long sentBytes, int allThreads, String url, long elapsedUs,
            boolean microseconds, String generator) {
        this(timeStamp, elapsed, label, responseCode, responseMessage, success, bytes, sentBytes, allThreads, url,
                elapsedUs, microseconds, generator, NO_LAG);
    }

    /** A sample of a local run (no load generator named). */
    public JtlSample(long timeStamp, long elapsed, String label, String responseCode, String responseMessage,
            boolean success, long bytes, long sentBytes, int allThreads, String url, long elapsedUs,
            boolean microseconds) {
        this(timeStamp, elapsed, label, responseCode, responseMessage, success, bytes, sentBytes, allThreads, url,
                elapsedUs, microseconds, "");
    }

    /** A sample of JMeter's whole-ms resolution: {@code elapsedUs} is {@code elapsed} x 1000. */
    public JtlSample(long timeStamp, long elapsed, String label, String responseCode, String responseMessage,
            boolean success, long bytes, long sentBytes, int allThreads, String url) {
        this(timeStamp, elapsed, label, responseCode, responseMessage, success, bytes, sentBytes, allThreads, url,
                elapsed * 1000, false);
    }

    /** Whether the sample was an arrival due at a time, with its schedule lag ({@link #lagUs()}). */
    public boolean hasLag() {
        return lagUs >= 0;
    }

    /**
     * The call's own time in microseconds, without the schedule lag: {@code elapsedUs - lagUs} for an arrival due
     * at a time (never below 0), else {@code elapsedUs}.
     */
    public long callUs() {
        return lagUs >= 0 ? Math.max(0, elapsedUs - lagUs) : elapsedUs;
    }

    /** When the sample ended, ms since the epoch. */
    public long endTime() {
        return timeStamp + elapsed;
    }
}
