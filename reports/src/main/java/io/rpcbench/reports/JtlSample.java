package io.rpcbench.reports;

/**
 * One row of a JMeter CSV result file (JTL), reduced to the columns rpcbench reports on.
 *
 * @param timeStamp   when the sample started, ms since the epoch
 * @param elapsed     the sample's response time in ms
 * @param label       the sampler's name
 * @param responseCode JMeter's response code; for failed rpcbench samples the failure category
 * @param responseMessage JMeter's response message; for failed rpcbench samples what happened
 * @param success     whether the sample passed
 * @param bytes       bytes received
 * @param sentBytes   bytes sent, or 0 when the file has no such column
 * @param allThreads  active threads in the whole test when the sample ended, or 0 when absent
 * @param url         JMeter's URL column: for rpcbench samplers the provider that answered (or was tried last),
 *                    e.g. {@code dubbo://127.0.0.1:20880}; empty when absent or {@code null}
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
        String url) {

    /** When the sample ended, ms since the epoch. */
    public long endTime() {
        return timeStamp + elapsed;
    }
}
