package io.rpcbench.seconds;

import java.nio.ByteBuffer;
import java.util.Base64;
import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.DataFormatException;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * The figures of a set of samples of one label: one second's (the samples that started in it, as the live listener
 * keeps them) or any sum of such sets ({@link #add}: a window's seconds, several engines' same second). Response
 * times, schedule lags and calls' own times are kept in HdrHistograms of 3 significant digits, in µs, beside exact
 * counts, sums, minima and maxima; adding two sets adds their histograms, so the figures of a sum are those of all
 * its samples taken together, never an average of percentiles.
 *
 * <p>The figures follow the reports' rules ({@code LabelStatistics}): a call JMeter cut off ({@value #STOPPED}) and an
 * arrival dropped at the sampler's cap ({@value #DROPPED}) are only counted; a percentile is HdrHistogram's value at
 * or below which the share falls, never above the exact maximum; samples of whole-ms resolution are kept apart.
 * Not thread-safe: the listener guards each set it records into.
 */
public final class SampleFigures {

    /** The response code of a call JMeter cut off by stopping its thread: counted apart, in no other figure. */
    public static final String STOPPED = "stopped";

    /** The response code of an arrival dropped at the sampler's {@code max_in_flight}: counted apart. */
    public static final String DROPPED = "dropped";

    /** HdrHistogram's precision here and in the reports: values within 0.1 % of the exact value. */
    public static final int SIGNIFICANT_DIGITS = 3;

    private final Histogram microseconds = new Histogram(SIGNIFICANT_DIGITS);
    private final Histogram wholeMilliseconds = new Histogram(SIGNIFICANT_DIGITS);
    private Histogram lag;
    private Histogram call;
    /** Both response-time histograms in one (µs), made when a percentile is read; null once a sample is added. */
    private Histogram merged;
    private final Map<String, Long> errorsByCode = new TreeMap<>();
    private long samples;
    private long sumUs;
    private long minUs = Long.MAX_VALUE;
    private long maxUs = Long.MIN_VALUE;
    private long errors;
    private long stopped;
    private long dropped;
    private long maxLagUs;
    private long sumCallUs;
    private long maxCallUs;
    private long receivedBytes;
    private long sentBytes;
    private int maxThreads;

    /** Takes one sample into account; a negative whole-ms {@code elapsedMs} counts as 0. */
    public void record(SampleTimes times, long elapsedMs, boolean success, String responseCode, long bytes,
            long sent, int allThreads) {
        record(times.elapsedUs(), times.microseconds(), times.lagUs(), elapsedMs, success, responseCode, bytes, sent,
                allThreads);
    }

    /**
     * As {@link #record(SampleTimes, long, boolean, String, long, long, int)}, with the {@link SampleTimes} as plain
     * values (a JTL reader's sample holds them so): {@code lagUs} negative for a sample without a schedule lag.
     */
    public void record(long elapsedUs, boolean inMicroseconds, long lagUs, long elapsedMs, boolean success,
            String responseCode, long bytes, long sent, int allThreads) {
        maxThreads = Math.max(maxThreads, allThreads);
        if (!success) {
            if (STOPPED.equals(responseCode)) {
                stopped++;
                return;
            }
            if (DROPPED.equals(responseCode)) {
                dropped++;
                return;
            }
            errors++;
            errorsByCode.merge(responseCode == null ? "" : responseCode, 1L, Long::sum);
        }
        samples++;
        merged = null;
        long us = Math.max(0, elapsedUs);
        if (inMicroseconds) {
            microseconds.recordValue(us);
        } else {
            wholeMilliseconds.recordValue(Math.max(0, elapsedMs));
        }
        sumUs += us;
        minUs = Math.min(minUs, us);
        maxUs = Math.max(maxUs, us);
        receivedBytes += bytes;
        sentBytes += sent;
        if (lagUs >= 0) {
            if (lag == null) {
                lag = new Histogram(SIGNIFICANT_DIGITS);
                call = new Histogram(SIGNIFICANT_DIGITS);
            }
            long callUs = Math.max(0, elapsedUs - lagUs);
            lag.recordValue(lagUs);
            call.recordValue(callUs);
            maxLagUs = Math.max(maxLagUs, lagUs);
            sumCallUs += callUs;
            maxCallUs = Math.max(maxCallUs, callUs);
        }
    }

    /** Adds {@code other}'s samples to these: the figures become those of both sets together. */
    public void add(SampleFigures other) {
        merged = null;
        microseconds.add(other.microseconds);
        wholeMilliseconds.add(other.wholeMilliseconds);
        if (other.lag != null) {
            if (lag == null) {
                lag = new Histogram(SIGNIFICANT_DIGITS);
                call = new Histogram(SIGNIFICANT_DIGITS);
            }
            lag.add(other.lag);
            call.add(other.call);
        }
        other.errorsByCode.forEach((code, n) -> errorsByCode.merge(code, n, Long::sum));
        samples += other.samples;
        sumUs += other.sumUs;
        minUs = Math.min(minUs, other.minUs);
        maxUs = Math.max(maxUs, other.maxUs);
        errors += other.errors;
        stopped += other.stopped;
        dropped += other.dropped;
        maxLagUs = Math.max(maxLagUs, other.maxLagUs);
        sumCallUs += other.sumCallUs;
        maxCallUs = Math.max(maxCallUs, other.maxCallUs);
        receivedBytes += other.receivedBytes;
        sentBytes += other.sentBytes;
        maxThreads = Math.max(maxThreads, other.maxThreads);
    }

    /** A copy to add to, leaving this set as it is. */
    public SampleFigures copy() {
        SampleFigures copy = new SampleFigures();
        copy.add(this);
        return copy;
    }

    /** Samples in the figures: every one but those {@link #stopped()} or {@link #dropped()}. */
    public long samples() { return samples; }

    public long errors() { return errors; }

    public long stopped() { return stopped; }

    public long dropped() { return dropped; }

    /** Failed samples per response code (for rpcbench samplers, the failure category), sorted by code. */
    public Map<String, Long> errorsByCode() { return Collections.unmodifiableMap(errorsByCode); }

    /** The sum of the response times in the figures, µs (whole-ms samples at their value x 1000). */
    public long sumUs() { return sumUs; }

    public long receivedBytes() { return receivedBytes; }

    public long sentBytes() { return sentBytes; }

    /** The most threads active in the test when one of the samples ended (JMeter's {@code allThreads}). */
    public int maxThreads() { return maxThreads; }

    /** Whether every sample had measured microseconds (false also when there are none). */
    public boolean allMicroseconds() {
        return samples > 0 && wholeMilliseconds.getTotalCount() == 0;
    }

    /** The samples whose response time was measured in µs (the others had JMeter's whole milliseconds only). */
    public long microsecondSamples() {
        return microseconds.getTotalCount();
    }

    /** Whether some samples had only JMeter's whole milliseconds. */
    public boolean someWholeMilliseconds() {
        return wholeMilliseconds.getTotalCount() > 0;
    }

    public double meanMs() { return samples == 0 ? 0 : sumUs / 1000.0 / samples; }

    public double minMs() { return samples == 0 ? 0 : minUs / 1000.0; }

    public double maxMs() { return samples == 0 ? 0 : maxUs / 1000.0; }

    /**
     * The response time at or below which {@code percentile} % of samples fall, in ms (µs precision); never above
     * the exact maximum. 0 without samples.
     */
    public double percentileMs(double percentile) {
        if (samples == 0) {
            return 0;
        }
        double ms;
        if (microseconds.getTotalCount() == 0) {
            ms = wholeMilliseconds.getValueAtPercentile(percentile);
        } else if (wholeMilliseconds.getTotalCount() == 0) {
            ms = microseconds.getValueAtPercentile(percentile) / 1000.0;
        } else {
            ms = mixed().getValueAtPercentile(percentile) / 1000.0;
        }
        return Math.min(ms, maxMs());
    }

    /**
     * The response time in ms at {@code percentile}, corrected for coordinated omission: for a plan that paces each
     * thread's calls at {@code expectedIntervalUs} (a Constant or Precise Throughput Timer), a call that took longer
     * delayed the calls that thread should have started meanwhile, which the samples never show; HdrHistogram's
     * expected-interval correction adds them (for a value V above the interval I: V - I, V - 2I, ... down to I), as
     * wrk2 reports latency from the intended send time. 0 without samples.
     */
    public double correctedPercentileMs(double percentile, long expectedIntervalUs) {
        if (samples == 0) {
            return 0;
        }
        return mixed().copyCorrectedForCoordinatedOmission(expectedIntervalUs).getValueAtPercentile(percentile)
                / 1000.0;
    }

    /**
     * How many response times lie at or below each of {@code boundsUs} (ascending, µs; whole-ms samples at their value
     * x 1000), as cumulative histogram buckets for exports: in one pass over the recorded values. A value counts
     * under a bound when HdrHistogram's bucket of the value starts at or below it, as
     * {@code getCountBetweenValues(0, bound)} counts it.
     */
    public long[] countsAtOrBelow(long[] boundsUs) {
        long[] counts = new long[boundsUs.length];
        if (samples == 0) {
            return counts;
        }
        Histogram all = mixed();
        int bound = 0;
        long below = 0;
        for (HistogramIterationValue value : all.recordedValues()) {
            long lowest = all.lowestEquivalentValue(value.getValueIteratedTo());
            while (bound < boundsUs.length && boundsUs[bound] < lowest) {
                counts[bound++] = below;
            }
            below += value.getCountAtValueIteratedTo();
        }
        while (bound < boundsUs.length) {
            counts[bound++] = below;
        }
        return counts;
    }

    private Histogram mixed() {
        if (merged == null) {
            merged = microseconds.copy();
            for (HistogramIterationValue value : wholeMilliseconds.recordedValues()) {
                merged.recordValueWithCount(value.getValueIteratedTo() * 1000, value.getCountAtValueIteratedTo());
            }
        }
        return merged;
    }

    /** The arrivals among the samples (those with a schedule lag). */
    public long arrivals() {
        return lag == null ? 0 : lag.getTotalCount();
    }

    /** The schedule lag at {@code percentile}, ms; never above the exact maximum; 0 without arrivals. */
    public double lagPercentileMs(double percentile) {
        return lag == null ? 0 : Math.min(lag.getValueAtPercentile(percentile), maxLagUs) / 1000.0;
    }

    public double lagMaxMs() { return maxLagUs / 1000.0; }

    /** The calls' own time (the lag left out) at {@code percentile}, ms; 0 without arrivals. */
    public double callPercentileMs(double percentile) {
        return call == null ? 0 : Math.min(call.getValueAtPercentile(percentile), maxCallUs) / 1000.0;
    }

    public double callMeanMs() {
        long n = arrivals();
        return n == 0 ? 0 : sumCallUs / 1000.0 / n;
    }

    /** These figures as plain values (histograms compressed, base64), for JSON; {@link #of(Wire)} reads them back. */
    public Wire wire() {
        return new Wire(samples, sumUs, samples == 0 ? 0 : minUs, samples == 0 ? 0 : maxUs, errors, stopped,
                dropped, new TreeMap<>(errorsByCode), encode(microseconds), encode(wholeMilliseconds), encode(lag),
                encode(call), maxLagUs, sumCallUs, maxCallUs, receivedBytes, sentBytes, maxThreads);
    }

    /** The figures {@code wire} holds. */
    public static SampleFigures of(Wire wire) {
        SampleFigures figures = new SampleFigures();
        figures.samples = wire.samples();
        figures.sumUs = wire.sumUs();
        figures.minUs = wire.samples() == 0 ? Long.MAX_VALUE : wire.minUs();
        figures.maxUs = wire.samples() == 0 ? Long.MIN_VALUE : wire.maxUs();
        figures.errors = wire.errors();
        figures.stopped = wire.stopped();
        figures.dropped = wire.dropped();
        if (wire.errorsByCode() != null) {
            figures.errorsByCode.putAll(wire.errorsByCode());
        }
        figures.merged = null;
        decodeInto(wire.us(), figures.microseconds);
        decodeInto(wire.ms(), figures.wholeMilliseconds);
        if (wire.lag() != null) {
            figures.lag = new Histogram(SIGNIFICANT_DIGITS);
            figures.call = new Histogram(SIGNIFICANT_DIGITS);
            decodeInto(wire.lag(), figures.lag);
            decodeInto(wire.call(), figures.call);
        }
        figures.maxLagUs = wire.maxLagUs();
        figures.sumCallUs = wire.sumCallUs();
        figures.maxCallUs = wire.maxCallUs();
        figures.receivedBytes = wire.receivedBytes();
        figures.sentBytes = wire.sentBytes();
        figures.maxThreads = wire.maxThreads();
        return figures;
    }

    private static String encode(Histogram histogram) {
        if (histogram == null || histogram.getTotalCount() == 0) {
            return histogram == null ? null : "";
        }
        ByteBuffer buffer = ByteBuffer.allocate(histogram.getNeededByteBufferCapacity());
        int length = histogram.encodeIntoCompressedByteBuffer(buffer);
        return Base64.getEncoder().encodeToString(java.util.Arrays.copyOf(buffer.array(), length));
    }

    private static void decodeInto(String text, Histogram into) {
        if (text == null || text.isEmpty()) {
            return;
        }
        try {
            into.add(Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(Base64.getDecoder().decode(text)), 0));
        } catch (DataFormatException | IllegalArgumentException e) {
            throw new IllegalArgumentException("a histogram of the live figures could not be read: " + e.getMessage()
                    + "; expected HdrHistogram's compressed encoding in base64", e);
        }
    }

    /**
     * {@link SampleFigures} as plain values. Histograms are HdrHistogram's compressed encoding in base64: empty for
     * an empty one, null for lags of a set without arrivals.
     */
    public record Wire(long samples, long sumUs, long minUs, long maxUs, long errors, long stopped, long dropped,
            Map<String, Long> errorsByCode, String us, String ms, String lag, String call, long maxLagUs,
            long sumCallUs, long maxCallUs, long receivedBytes, long sentBytes, int maxThreads) {}
}
