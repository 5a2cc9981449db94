package io.rpcbench.reports.statistics;

import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.jtl.JtlSample;
import io.rpcbench.reports.jtl.LoadGeneratorName;
import io.rpcbench.seconds.SampleFigures;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;

/**
 * Running statistics of the samples of one sampler label: counts, response times, throughput, bytes and errors by
 * response code. Call {@link #add} for each sample, then read the figures.
 *
 * <p>Response times are kept in microseconds ({@link JtlSample#elapsedUs()}) and reported as milliseconds with
 * µs precision (0.214 ms): mean, min and max exactly; percentiles from an HdrHistogram of 3 significant digits,
 * so within 0.1 % of the exact nearest-rank value (HdrHistogram's value "at or below which" the share falls, the
 * highest value equivalent to it). Samples of whole-ms resolution (a JTL without {@code elapsed_us}) are kept in a
 * histogram of their own in ms, so their percentiles stay exact whole ms below 2,048 ms as JMeter reports them;
 * {@link #resolution()} says which kind the figures come from.
 *
 * <p>Two breakdowns come with them, for the printed summary and the dashboard: the same statistics per load
 * generator of a distributed run ({@link #generators()}: the JMeter remote engine in each sample's thread name) and
 * the calls per provider ({@link #providers()}: the URL column).
 *
 * <p>Samples of arrivals due at a time (an open workload's thread group that records when each arrival was due) carry
 * their schedule lag: their response times are from the due time, and {@link #scheduleLag()} keeps the lag and the
 * calls' own time apart ({@link LagStatistics}), made with the first such sample.
 */
public final class LabelStatistics {

    /** Every sample had {@code elapsed_us}: response times in µs. */
    public static final String MICROSECONDS = "us";
    /** No sample had {@code elapsed_us}: response times are JMeter's whole milliseconds. */
    public static final String WHOLE_MILLISECONDS = "ms";
    /** Some samples in µs, some in whole ms (a sampler that sets no {@code elapsed_us}). */
    public static final String MIXED = "mixed";

    /**
     * The response code of a call that JMeter cut off by stopping its thread (the end of an open model's schedule, a
     * stop): not the provider's failure, so it is left out of every figure and counted apart ({@link #stopped()}).
     */
    public static final String STOPPED = SampleFigures.STOPPED;
    /**
     * The response code of a sample that made no call because the sampler's {@code max_in_flight} calls were in flight
     * (an arrival of an open model the run could not take on): left out of every figure, counted apart
     * ({@link #dropped()}).
     */
    public static final String DROPPED = SampleFigures.DROPPED;

    private static final int SIGNIFICANT_DIGITS = SampleFigures.SIGNIFICANT_DIGITS;

    private final String label;
    private final long windowMs;
    private final Histogram microseconds;
    private final Histogram wholeMilliseconds;
    private Histogram merged;
    private final Map<String, Long> errorsByCode;
    /** Null for a generator's own statistics, which are not broken down again. */
    private final ProviderShares providers;
    /** Null until the first sample with a generator: a local run pays nothing for the breakdown. */
    private LoadGenerators<LabelStatistics> generators;
    /** Null until the first sample with a schedule lag: a closed workload pays one test a sample. */
    private LagStatistics lag;
    private long samples;
    private long sumUs;
    private long minUs = Long.MAX_VALUE;
    private long maxUs = Long.MIN_VALUE;
    private long errors;
    private long stopped;
    private long dropped;
    private long firstStart = Long.MAX_VALUE;
    private long lastEnd = Long.MIN_VALUE;
    private long receivedBytes;
    private long sentBytes;
    private long minReceivedBytes = Long.MAX_VALUE;

    /** Statistics whose throughput is over the samples' own span, as JMeter computes it. */
    public LabelStatistics(String label) {
        this(label, 0);
    }

    /**
     * Statistics of the samples that started in a measured window of {@code windowMs}: throughput is samples per
     * second of the window.
     */
    public LabelStatistics(String label, long windowMs) {
        this(label, windowMs, true);
    }

    /**
     * Statistics of one part of a window (a label, a third) whose breakdowns nobody reads: no figures per generator,
     * no calls per provider, so a row costs one histogram record, not three, where only the figures are wanted.
     */
    public static LabelStatistics withoutBreakdowns(String label, long windowMs) {
        return new LabelStatistics(label, windowMs, false);
    }

    /** @param breakdowns whether to keep the figures per generator and the calls per provider too */
    private LabelStatistics(String label, long windowMs, boolean breakdowns) {
        this.label = label;
        this.windowMs = windowMs;
        this.microseconds = new Histogram(SIGNIFICANT_DIGITS);
        this.wholeMilliseconds = new Histogram(SIGNIFICANT_DIGITS);
        this.errorsByCode = new TreeMap<>();
        this.providers = breakdowns ? new ProviderShares() : null;
    }

    /** A copy of {@code other}'s figures so far, without its breakdowns. */
    private LabelStatistics(LabelStatistics other) {
        this.label = other.label;
        this.windowMs = other.windowMs;
        this.microseconds = other.microseconds.copy();
        this.wholeMilliseconds = other.wholeMilliseconds.copy();
        this.errorsByCode = new TreeMap<>(other.errorsByCode);
        this.providers = null;
        this.samples = other.samples;
        this.sumUs = other.sumUs;
        this.minUs = other.minUs;
        this.maxUs = other.maxUs;
        this.errors = other.errors;
        this.stopped = other.stopped;
        this.dropped = other.dropped;
        this.firstStart = other.firstStart;
        this.lastEnd = other.lastEnd;
        this.receivedBytes = other.receivedBytes;
        this.sentBytes = other.sentBytes;
        this.minReceivedBytes = other.minReceivedBytes;
        this.lag = other.lag == null ? null : other.lag.copy();
    }

    /**
     * Takes one sample into account. Negative response times (clock steps) count as 0. A call cut off by JMeter's stop
     * ({@link #STOPPED}) and an arrival dropped ({@link #DROPPED}) are only counted ({@link #stopped()},
     * {@link #dropped()}).
     */
    public void add(JtlSample sample) {
        if (!sample.success()) {
            if (STOPPED.equals(sample.responseCode())) {
                stopped++;
                return;
            }
            if (DROPPED.equals(sample.responseCode())) {
                dropped++;
                return;
            }
        }
        if (providers != null) {
            providers.accept(sample);
            addToGenerator(sample);
        }
        samples++;
        long us = Math.max(0, sample.elapsedUs());
        if (sample.microseconds()) {
            microseconds.recordValue(us);
        } else {
            wholeMilliseconds.recordValue(Math.max(0, sample.elapsed()));
        }
        merged = null;
        sumUs += us;
        minUs = Math.min(minUs, us);
        maxUs = Math.max(maxUs, us);
        if (!sample.success()) {
            errors++;
            errorsByCode.merge(sample.responseCode(), 1L, Long::sum);
        }
        firstStart = Math.min(firstStart, sample.timeStamp());
        lastEnd = Math.max(lastEnd, sample.endTime());
        receivedBytes += sample.bytes();
        sentBytes += sample.sentBytes();
        minReceivedBytes = Math.min(minReceivedBytes, sample.bytes());
        if (sample.hasLag()) {
            if (lag == null) {
                lag = new LagStatistics();
            }
            lag.add(sample);
        }
    }

    /**
     * The breakdown by generator starts with the first sample that names one; the samples before it named none, so
     * they are this label's figures so far, copied once (rather than kept twice on every local run's sample).
     */
    private void addToGenerator(JtlSample sample) {
        if (generators == null) {
            if (sample.generator().isEmpty()) {
                return;
            }
            generators = new LoadGenerators<>(() -> new LabelStatistics(label, windowMs, false));
            if (samples > 0) {
                generators.start(LoadGenerators.NO_PREFIX, new LabelStatistics(this));
            }
        }
        generators.of(sample.generator()).add(sample);
    }

    public String label() { return label; }

    /**
     * This label's statistics per load generator of a distributed run (the JMeter remote engine of each sample,
     * {@link JtlSample#generator()}), in {@link LoadGeneratorName#ORDER}; their throughput is over the same window.
     * Samples without a generator among them count under {@link LoadGenerators#NO_PREFIX}. Empty for a local run,
     * and for a generator's own statistics.
     */
    public Map<String, LabelStatistics> generators() {
        return generators == null ? Map.of() : Collections.unmodifiableMap(generators.inOrder());
    }

    /**
     * The samples per provider that answered (the URL column; see {@link ProviderShares}), with their share of the
     * label's samples; empty when no sample names one, and for a generator's own statistics.
     */
    public List<DashboardData.ProviderShare> providers() {
        return providers == null ? List.of() : providers.shares();
    }

    /** Calls cut off by JMeter's stop (response code {@value #STOPPED}), left out of every other figure. */
    public long stopped() {
        return stopped;
    }

    /** Arrivals dropped at the sampler's cap (response code {@value #DROPPED}), left out of every other figure. */
    public long dropped() {
        return dropped;
    }

    public long samples() { return samples; }

    public long errors() { return errors; }

    /** Failed samples per response code (for rpcbench samplers, the failure category), sorted by code. */
    public Map<String, Long> errorsByCode() { return Collections.unmodifiableMap(errorsByCode); }

    /** Errors as a percentage of samples; 0 when there are none. */
    public double errorPercent() { return samples == 0 ? 0 : 100.0 * errors / samples; }

    /**
     * Samples per second: over the measured window for statistics of one (samples that started in it / its
     * length), else between the first sample's start and the last sample's end, as JMeter computes throughput.
     */
    public double throughput() {
        long spanMs = spanMs();
        return samples == 0 || spanMs <= 0 ? 0 : samples * 1000.0 / spanMs;
    }

    /** The time the throughput is over: the window's length, or first start to last end; 0 without samples. */
    public long spanMs() {
        if (windowMs > 0) {
            return windowMs;
        }
        return samples == 0 ? 0 : lastEnd - firstStart;
    }

    /** {@link #MICROSECONDS}, {@link #WHOLE_MILLISECONDS} or {@link #MIXED}; whole ms when there are no samples. */
    public String resolution() {
        long inMicroseconds = microseconds.getTotalCount();
        if (inMicroseconds == 0) {
            return WHOLE_MILLISECONDS;
        }
        return inMicroseconds == samples ? MICROSECONDS : MIXED;
    }

    /** The mean response time in ms, exact (from the sum of every sample's µs). */
    public double meanMs() { return samples == 0 ? 0 : sumUs / 1000.0 / samples; }

    public double minMs() { return samples == 0 ? 0 : minUs / 1000.0; }

    public double maxMs() { return samples == 0 ? 0 : maxUs / 1000.0; }

    /**
     * The response time at or below which {@code percentile} % of samples fall, in ms (µs precision); never above
     * the exact maximum, which the histogram's bucket could otherwise round up to (3.000 ms read as 3.001).
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

    /** Both kinds in one µs histogram: the whole-ms samples at their value x 1000. */
    private Histogram mixed() {
        if (merged == null) {
            merged = microseconds.copy();
            for (HistogramIterationValue value : wholeMilliseconds.recordedValues()) {
                merged.recordValueWithCount(value.getValueIteratedTo() * 1000, value.getCountAtValueIteratedTo());
            }
        }
        return merged;
    }

    /**
     * The schedule lag of the samples that were arrivals due at a time, and their calls' own time; empty when none
     * was (a closed workload, a JTL without {@code lag_us}).
     */
    public Optional<LagStatistics> scheduleLag() {
        return Optional.ofNullable(lag);
    }

    public long receivedBytes() { return receivedBytes; }

    public long sentBytes() { return sentBytes; }

    /** The smallest number of bytes any sample received; 0 when there are no samples. */
    public long minReceivedBytesPerSample() { return samples == 0 ? 0 : minReceivedBytes; }

    public long firstStart() { return firstStart; }

    public long lastEnd() { return lastEnd; }
}
