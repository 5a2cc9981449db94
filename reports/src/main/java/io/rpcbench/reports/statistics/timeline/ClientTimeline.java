package io.rpcbench.reports.statistics.timeline;

import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.figures.Figures;
import io.rpcbench.reports.jtl.JtlSample;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.HdrHistogram.HistogramIterationValue;
import org.HdrHistogram.IntCountsHistogram;

/**
 * The client side of a run over time: per time bucket, throughput, response-time percentiles, errors and
 * active threads, over all labels of the JTL. Feed it every sample ({@link #accept}), then read
 * {@link #series()}.
 *
 * <p>The series cover the whole run, warm-up included: the page shades what the measured window leaves out.
 *
 * <p>Each bucket keeps its own HdrHistogram of response times (in µs from {@link JtlSample#elapsedUs()}, or in
 * whole ms for samples without elapsed_us) with 2 significant digits (int counts, auto-resizing), so a bucket's
 * percentiles are within 1 %, at a few KB per bucket; with at most {@link TimeBuckets#MAX_BUCKETS} buckets memory stays bounded whatever the run's length.
 * An open workload's arrivals also put their schedule lag in a histogram of the bucket's, made with the first, so the
 * lag's p99 is charted over time; a closed workload's buckets have none.
 * The run-wide percentiles of the summary come from {@link LabelStatistics}' 3-digit histograms, not from these.
 */
public final class ClientTimeline implements Consumer<JtlSample> {

    private static final int SIGNIFICANT_DIGITS = 2;

    private final TimeBuckets<Bucket> buckets = new TimeBuckets<>(Bucket::new, Bucket::addAll);

    /**
     * One bucket's samples. Response times of µs resolution and of whole ms (a JTL without elapsed_us) are kept in
     * histograms of their own, each made when its first sample comes, so a whole-ms run's percentiles stay whole ms
     * (exact below 256 ms) and a µs run's are in µs; a bucket with both reports over both, the ms at x 1000.
     */
    static final class Bucket {
        private IntCountsHistogram microseconds;
        private IntCountsHistogram wholeMilliseconds;
        /** The schedule lag of the bucket's arrivals, µs; null when none had one. */
        private IntCountsHistogram lag;
        private long samples;
        private long errors;
        private int maxThreads;

        void add(JtlSample sample) {
            if (sample.microseconds()) {
                microseconds = record(microseconds, sample.elapsedUs());
            } else {
                wholeMilliseconds = record(wholeMilliseconds, sample.elapsed());
            }
            if (sample.hasLag()) {
                lag = record(lag, sample.lagUs());
            }
            samples++;
            if (!sample.success()) {
                errors++;
            }
            maxThreads = Math.max(maxThreads, sample.allThreads());
        }

        private static IntCountsHistogram record(IntCountsHistogram histogram, long value) {
            IntCountsHistogram target = histogram != null ? histogram : new IntCountsHistogram(SIGNIFICANT_DIGITS);
            target.recordValue(Math.max(0, value));
            return target;
        }

        double percentileMs(double percentile) {
            if (microseconds == null) {
                return wholeMilliseconds.getValueAtPercentile(percentile);
            }
            if (wholeMilliseconds == null) {
                return microseconds.getValueAtPercentile(percentile) / 1000.0;
            }
            IntCountsHistogram both = microseconds.copy();
            for (HistogramIterationValue value : wholeMilliseconds.recordedValues()) {
                both.recordValueWithCount(value.getValueIteratedTo() * 1000, value.getCountAtValueIteratedTo());
            }
            return both.getValueAtPercentile(percentile) / 1000.0;
        }

        /** The lag's p99 in ms, or null when no arrival of the bucket had one. */
        Double lagP99Ms() {
            return lag == null ? null : lag.getValueAtPercentile(99) / 1000.0;
        }

        void addAll(Bucket other) {
            lag = merge(lag, other.lag);
            microseconds = merge(microseconds, other.microseconds);
            wholeMilliseconds = merge(wholeMilliseconds, other.wholeMilliseconds);
            samples += other.samples;
            errors += other.errors;
            maxThreads = Math.max(maxThreads, other.maxThreads);
        }

        private static IntCountsHistogram merge(IntCountsHistogram into, IntCountsHistogram from) {
            if (from == null) {
                return into;
            }
            if (into == null) {
                return from;
            }
            into.add(from);
            return into;
        }
    }

    /** Counts the sample in the bucket of its start time, as JMeter's own dashboard does. */
    @Override
    public void accept(JtlSample sample) {
        buckets.at(sample.timeStamp()).add(sample);
    }

    public long widthMs() {
        return buckets.widthMs();
    }

    public void coarsenTo(long widthMs) {
        buckets.coarsenTo(widthMs);
    }

    /** One point per bucket, at the bucket's start; rates are per second of bucket width, times in ms. */
    public DashboardData.ClientSeries series() {
        double seconds = buckets.widthMs() / 1000.0;
        List<Long> t = new ArrayList<>();
        List<Double> tps = new ArrayList<>();
        List<Double> errors = new ArrayList<>();
        List<Double> p50 = new ArrayList<>();
        List<Double> p90 = new ArrayList<>();
        List<Double> p99 = new ArrayList<>();
        List<Integer> threads = new ArrayList<>();
        List<Double> lag = new ArrayList<>();
        boolean[] anyLag = {false};
        buckets.entries().forEach((start, bucket) -> {
            t.add(start);
            tps.add(Figures.round(bucket.samples / seconds, 3));
            errors.add(Figures.round(bucket.errors / seconds, 3));
            p50.add(bucket.percentileMs(50));
            p90.add(bucket.percentileMs(90));
            p99.add(bucket.percentileMs(99));
            threads.add(bucket.maxThreads);
            Double lagP99 = bucket.lagP99Ms();
            lag.add(lagP99);
            anyLag[0] |= lagP99 != null;
        });
        return new DashboardData.ClientSeries(t, tps, errors, p50, p90, p99, threads, anyLag[0] ? lag : null);
    }
}
