package io.rpcbench.reports.jtl;

/**
 * One row of a JMeter CSV result file (JTL), reduced to the columns rpcbench reports on.
 *
 * @param timeStamp   when the sample started, ms since the epoch (JMeter's {@code sampleresult.timestamp.start=true},
 *                    as rpcbench's JMeter home sets it)
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
 *                    timed with System.nanoTime), or {@code elapsed} x 1000 when the row has none
 * @param microseconds whether {@code elapsedUs} was measured in microseconds (the row had {@code elapsed_us});
 *                    false when it is JMeter's whole milliseconds x 1000
 * @param generator   the load generator (JMeter remote engine) that made the sample, from its thread name's prefix
 *                    ({@link LoadGeneratorName}), e.g. {@code 198.18.0.21}; empty for a local run or a JTL without
 *                    the {@code threadName} column
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
        String generator) {

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

    /** When the sample ended, ms since the epoch. */
    public long endTime() {
        return timeStamp + elapsed;
    }
}
