package io.rpcbench.reports.statistics;

import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.jtl.JtlSample;
import io.rpcbench.reports.jtl.LoadGeneratorName;
import io.rpcbench.seconds.SampleFigures;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;

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
 * <p>The figures are a {@link SampleFigures}, the same as the live dashboard keeps per second, so that both follow one
 * rule and a live window's figures equal the report's.
 *
 * <p>Two breakdowns come with them, for the printed summary and the dashboard: the same statistics per load
 * generator of a distributed run ({@link #generators()}: the JMeter remote engine in each sample's thread name) and
 * the calls per provider ({@link #providers()}: the URL column).
 *
 * <p>Samples of arrivals due at a time (an open workload's thread group that records when each arrival was due) carry
 * their schedule lag: their response times are from the due time, and {@link #scheduleLag()} keeps the lag and the
 * calls' own time apart ({@link LagStatistics}), made with the first such sample. Samples that were streams carry
 * their messages' figures: {@link #streams()} adds them ({@link StreamStatistics}).
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

    private final String label;
    private final long windowMs;
    /** The figures themselves, by the one rule the live figures follow too. */
    private final SampleFigures figures;
    /** Null for a generator's own statistics, which are not broken down again. */
    private final ProviderShares providers;
    /** Null until the first sample with a generator: a local run pays nothing for the breakdown. */
    private LoadGenerators<LabelStatistics> generators;
    private long firstStart = Long.MAX_VALUE;
    private long lastEnd = Long.MIN_VALUE;
    private long minReceivedBytes = Long.MAX_VALUE;
    /** Whether the streams' messages are added up: not in a third of the window nor a generator's figures. */
    private final boolean keepsStreams;
    /** Null until the first sample that was a stream: a plan of calls pays nothing. */
    private StreamStatistics streams;

    /** Statistics whose throughput is over the samples' own span, as JMeter computes it. */
    public LabelStatistics(String label) {
        this(label, 0);
    }

    /**
     * Statistics of the samples that started in a measured window of {@code windowMs}: throughput is samples per
     * second of the window.
     */
    public LabelStatistics(String label, long windowMs) {
        this(label, windowMs, true, true);
    }

    /**
     * Statistics of one part of a window (a label, a third) whose breakdowns nobody reads: no figures per generator,
     * no calls per provider, so a row costs one histogram record, not three, where only the figures are wanted.
     */
    public static LabelStatistics withoutBreakdowns(String label, long windowMs) {
        return new LabelStatistics(label, windowMs, false, true);
    }

    /**
     * As {@link #withoutBreakdowns}, and without the streams' messages either: a part of the window whose figures are
     * its calls' only (a third of the window, whose steadiness is read from its throughput and latency).
     */
    public static LabelStatistics figuresOnly(String label, long windowMs) {
        return new LabelStatistics(label, windowMs, false, false);
    }

    /**
     * @param breakdowns whether to keep the figures per generator and the calls per provider too
     * @param streams    whether to add up the streams' messages ({@link #streams()})
     */
    private LabelStatistics(String label, long windowMs, boolean breakdowns, boolean streams) {
        this.label = label;
        this.windowMs = windowMs;
        this.figures = new SampleFigures();
        this.providers = breakdowns ? new ProviderShares() : null;
        this.keepsStreams = streams;
    }

    /** A copy of {@code other}'s figures so far, without its breakdowns. */
    private LabelStatistics(LabelStatistics other) {
        this.label = other.label;
        this.windowMs = other.windowMs;
        this.figures = other.figures.copy();
        this.providers = null;
        this.firstStart = other.firstStart;
        this.lastEnd = other.lastEnd;
        this.minReceivedBytes = other.minReceivedBytes;
        this.keepsStreams = false; // a generator's figures
    }

    /**
     * Takes one sample into account. Negative response times (clock steps) count as 0. A call cut off by JMeter's stop
     * ({@link #STOPPED}) and an arrival dropped ({@link #DROPPED}) are only counted ({@link #stopped()},
     * {@link #dropped()}).
     */
    public void add(JtlSample sample) {
        boolean counted = sample.success()
                || !STOPPED.equals(sample.responseCode()) && !DROPPED.equals(sample.responseCode());
        if (counted && providers != null) {
            providers.accept(sample);
            addToGenerator(sample); // before this sample is counted: it copies the figures so far
        }
        figures.record(sample.elapsedUs(), sample.microseconds(), sample.lagUs(), sample.elapsed(), sample.success(),
                sample.responseCode(), sample.bytes(), sample.sentBytes(), sample.allThreads());
        if (!counted) {
            return;
        }
        if (keepsStreams && sample.stream() != null) {
            if (streams == null) {
                streams = new StreamStatistics();
            }
            streams.add(sample.stream());
        }
        firstStart = Math.min(firstStart, sample.timeStamp());
        lastEnd = Math.max(lastEnd, sample.endTime());
        minReceivedBytes = Math.min(minReceivedBytes, sample.bytes());
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
            generators = new LoadGenerators<>(() -> new LabelStatistics(label, windowMs, false, false));
            if (figures.samples() > 0) {
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
        return figures.stopped();
    }

    /** Arrivals dropped at the sampler's cap (response code {@value #DROPPED}), left out of every other figure. */
    public long dropped() {
        return figures.dropped();
    }

    public long samples() { return figures.samples(); }

    public long errors() { return figures.errors(); }

    /** Failed samples per response code (for rpcbench samplers, the failure category), sorted by code. */
    public Map<String, Long> errorsByCode() { return figures.errorsByCode(); }

    /** Errors as a percentage of samples; 0 when there are none. */
    public double errorPercent() { return samples() == 0 ? 0 : 100.0 * errors() / samples(); }

    /**
     * Samples per second: over the measured window for statistics of one (samples that started in it / its
     * length), else between the first sample's start and the last sample's end, as JMeter computes throughput.
     */
    public double throughput() {
        long spanMs = spanMs();
        return samples() == 0 || spanMs <= 0 ? 0 : samples() * 1000.0 / spanMs;
    }

    /** The time the throughput is over: the window's length, or first start to last end; 0 without samples. */
    public long spanMs() {
        if (windowMs > 0) {
            return windowMs;
        }
        return samples() == 0 ? 0 : lastEnd - firstStart;
    }

    /** {@link #MICROSECONDS}, {@link #WHOLE_MILLISECONDS} or {@link #MIXED}; whole ms when there are no samples. */
    public String resolution() {
        long inMicroseconds = figures.microsecondSamples();
        if (inMicroseconds == 0) {
            return WHOLE_MILLISECONDS;
        }
        return inMicroseconds == samples() ? MICROSECONDS : MIXED;
    }

    /** The mean response time in ms, exact (from the sum of every sample's µs). */
    public double meanMs() { return figures.meanMs(); }

    public double minMs() { return figures.minMs(); }

    public double maxMs() { return figures.maxMs(); }

    /**
     * The response time at or below which {@code percentile} % of samples fall, in ms (µs precision); never above
     * the exact maximum, which the histogram's bucket could otherwise round up to (3.000 ms read as 3.001).
     */
    public double percentileMs(double percentile) {
        return figures.percentileMs(percentile);
    }

    /**
     * The response time in ms at {@code percentile}, corrected for coordinated omission
     * ({@link SampleFigures#correctedPercentileMs}): for a plan that paces each thread's calls at
     * {@code expectedIntervalUs}, the calls a long one delayed are added, as wrk2 reports latency from the intended
     * send time. 0 without samples.
     */
    public double correctedPercentileMs(double percentile, long expectedIntervalUs) {
        return figures.correctedPercentileMs(percentile, expectedIntervalUs);
    }

    /**
     * The schedule lag of the samples that were arrivals due at a time, and their calls' own time; empty when none
     * was (a closed workload, a JTL without {@code lag_us}).
     */
    public Optional<LagStatistics> scheduleLag() {
        return figures.arrivals() == 0 ? Optional.empty() : Optional.of(new LagStatistics(figures));
    }

    /**
     * The per-message figures of the samples that were streams (each stream's messages, added); empty when none was.
     */
    public Optional<StreamStatistics> streams() {
        return Optional.ofNullable(streams);
    }

    public long receivedBytes() { return figures.receivedBytes(); }

    public long sentBytes() { return figures.sentBytes(); }

    /** The smallest number of bytes any sample received; 0 when there are no samples. */
    public long minReceivedBytesPerSample() { return samples() == 0 ? 0 : minReceivedBytes; }

    public long firstStart() { return firstStart; }

    public long lastEnd() { return lastEnd; }
}
