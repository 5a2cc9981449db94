package io.rpcbench.reports;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * Running statistics of the samples of one sampler label: counts, response-time percentiles from an
 * HdrHistogram over every sample (3 significant digits, so a percentile is exact to 0.1 %), throughput
 * over the label's own time span, bytes and errors by response code. Call {@link #add} for each sample,
 * then read the figures.
 */
public final class LabelStatistics {

    private static final int SIGNIFICANT_DIGITS = 3;

    private final String label;
    private final Histogram responseTimes = new Histogram(SIGNIFICANT_DIGITS);
    private final Map<String, Long> errorsByCode = new TreeMap<>();
    private long errors;
    private long firstStart = Long.MAX_VALUE;
    private long lastEnd = Long.MIN_VALUE;
    private long receivedBytes;
    private long sentBytes;
    private long minReceivedBytes = Long.MAX_VALUE;

    public LabelStatistics(String label) {
        this.label = label;
    }

    /** Takes one sample into account. Negative response times (clock steps) count as 0 ms. */
    public void add(JtlSample sample) {
        responseTimes.recordValue(Math.max(0, sample.elapsed()));
        if (!sample.success()) {
            errors++;
            errorsByCode.merge(sample.responseCode(), 1L, Long::sum);
        }
        firstStart = Math.min(firstStart, sample.timeStamp());
        lastEnd = Math.max(lastEnd, sample.endTime());
        receivedBytes += sample.bytes();
        sentBytes += sample.sentBytes();
        minReceivedBytes = Math.min(minReceivedBytes, sample.bytes());
    }

    public String label() { return label; }

    public long samples() { return responseTimes.getTotalCount(); }

    public long errors() { return errors; }

    /** Failed samples per response code (for rpcbench samplers, the failure category), sorted by code. */
    public Map<String, Long> errorsByCode() { return Collections.unmodifiableMap(errorsByCode); }

    /** Errors as a percentage of samples; 0 when there are none. */
    public double errorPercent() { return samples() == 0 ? 0 : 100.0 * errors / samples(); }

    /**
     * Samples per second between the first sample's start and the last sample's end, as JMeter computes
     * throughput.
     */
    public double throughput() {
        long spanMs = lastEnd - firstStart;
        return samples() == 0 || spanMs <= 0 ? 0 : samples() * 1000.0 / spanMs;
    }

    public double meanMs() { return samples() == 0 ? 0 : responseTimes.getMean(); }

    public long minMs() { return samples() == 0 ? 0 : responseTimes.getMinValue(); }

    public long maxMs() { return samples() == 0 ? 0 : responseTimes.getMaxValue(); }

    /** The response time at or below which {@code percentile} % of samples fall, in ms. */
    public long percentileMs(double percentile) {
        return samples() == 0 ? 0 : responseTimes.getValueAtPercentile(percentile);
    }

    public long receivedBytes() { return receivedBytes; }

    public long sentBytes() { return sentBytes; }

    /** The smallest number of bytes any sample received; 0 when there are no samples. */
    public long minReceivedBytesPerSample() { return samples() == 0 ? 0 : minReceivedBytes; }

    public long firstStart() { return firstStart; }

    public long lastEnd() { return lastEnd; }
}
