package io.rpcbench.reports;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.HdrHistogram.IntCountsHistogram;

/**
 * The client side of a run over time: per time bucket, throughput, response-time percentiles, errors and
 * active threads, over all labels of the JTL. Feed it every sample ({@link #accept}), then read
 * {@link #series()}.
 *
 * <p>Each bucket keeps its own HdrHistogram with 2 significant digits (int counts, auto-resizing), so a
 * bucket's percentiles are exact below 256 ms and within 1 % above, at a few KB per bucket; with at most
 * {@link TimeBuckets#MAX_BUCKETS} buckets memory stays bounded whatever the run's length. The run-wide
 * percentiles of the summary come from {@link LabelStatistics}' 3-digit histograms, not from these.
 */
final class ClientTimeline implements Consumer<JtlSample> {

    private static final int SIGNIFICANT_DIGITS = 2;

    private final TimeBuckets<Bucket> buckets = new TimeBuckets<>(Bucket::new, Bucket::addAll);

    /** One bucket's samples. */
    static final class Bucket {
        private final IntCountsHistogram responseTimes = new IntCountsHistogram(SIGNIFICANT_DIGITS);
        private long errors;
        private int maxThreads;

        void add(JtlSample sample) {
            responseTimes.recordValue(Math.max(0, sample.elapsed()));
            if (!sample.success()) {
                errors++;
            }
            maxThreads = Math.max(maxThreads, sample.allThreads());
        }

        void addAll(Bucket other) {
            responseTimes.add(other.responseTimes);
            errors += other.errors;
            maxThreads = Math.max(maxThreads, other.maxThreads);
        }
    }

    /** Counts the sample in the bucket of its start time, as JMeter's own dashboard does. */
    @Override
    public void accept(JtlSample sample) {
        buckets.at(sample.timeStamp()).add(sample);
    }

    long widthMs() {
        return buckets.widthMs();
    }

    void coarsenTo(long widthMs) {
        buckets.coarsenTo(widthMs);
    }

    /** One point per bucket, at the bucket's start; rates are per second of bucket width. */
    DashboardData.ClientSeries series() {
        double seconds = buckets.widthMs() / 1000.0;
        List<Long> t = new ArrayList<>();
        List<Double> tps = new ArrayList<>();
        List<Double> errors = new ArrayList<>();
        List<Long> p50 = new ArrayList<>();
        List<Long> p90 = new ArrayList<>();
        List<Long> p99 = new ArrayList<>();
        List<Integer> threads = new ArrayList<>();
        buckets.entries().forEach((start, bucket) -> {
            t.add(start);
            tps.add(Figures.round(bucket.responseTimes.getTotalCount() / seconds, 3));
            errors.add(Figures.round(bucket.errors / seconds, 3));
            p50.add(bucket.responseTimes.getValueAtPercentile(50));
            p90.add(bucket.responseTimes.getValueAtPercentile(90));
            p99.add(bucket.responseTimes.getValueAtPercentile(99));
            threads.add(bucket.maxThreads);
        });
        return new DashboardData.ClientSeries(t, tps, errors, p50, p90, p99, threads);
    }
}
