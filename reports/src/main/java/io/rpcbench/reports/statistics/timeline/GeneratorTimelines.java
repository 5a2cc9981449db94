package io.rpcbench.reports.statistics.timeline;

import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.figures.Figures;
import io.rpcbench.reports.jtl.JtlSample;
import io.rpcbench.reports.jtl.LoadGeneratorName;
import io.rpcbench.reports.statistics.LoadGenerators;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The client side of a distributed run over time, per load generator: per time bucket, each generator's throughput,
 * errors and mean response time. Feed it every sample ({@link #accept}), align it with the run's time axis
 * ({@link #coarsenTo}), then read {@link #series()}; empty for a local run.
 *
 * <p>A bucket keeps counts and a sum of µs, not a histogram as the run's own {@link ClientTimeline} does: with up to
 * {@link LoadGenerators#MAX_GENERATORS} generators of {@link TimeBuckets#MAX_BUCKETS} buckets each, histograms of a
 * few KB would take hundreds of MB. The generators' percentiles over the window are in their summary rows
 * ({@link LabelStatistics#generators()}).
 *
 * <p>Samples without a generator count too (under {@link LoadGenerators#NO_PREFIX}), so a run that mixes them with
 * an engine's shows them all; a local run's are counted there and not shown.
 */
public final class GeneratorTimelines implements Consumer<JtlSample> {

    private final LoadGenerators<TimeBuckets<Bucket>> generators =
            new LoadGenerators<>(() -> new TimeBuckets<>(Bucket::new, Bucket::addAll));
    private boolean named;

    /** One bucket of one generator: additive figures only, so buckets merge exactly. */
    static final class Bucket {
        long samples;
        long errors;
        long sumUs;

        void addAll(Bucket other) {
            samples += other.samples;
            errors += other.errors;
            sumUs += other.sumUs;
        }
    }

    /** Counts the sample in its generator's bucket of its start time, as {@link ClientTimeline} does. */
    @Override
    public void accept(JtlSample sample) {
        named |= !sample.generator().isEmpty();
        Bucket bucket = generators.of(sample.generator()).at(sample.timeStamp());
        bucket.samples++;
        bucket.sumUs += Math.max(0, sample.elapsedUs());
        if (!sample.success()) {
            bucket.errors++;
        }
    }

    /** The widest bucket of any generator: the run's axis must be at least this wide. */
    public long widthMs() {
        return generators.inOrder().values().stream().mapToLong(TimeBuckets::widthMs).max()
                .orElse(TimeBuckets.WIDTHS_MS.get(0));
    }

    public void coarsenTo(long widthMs) {
        generators.inOrder().values().forEach(buckets -> buckets.coarsenTo(widthMs));
    }

    /**
     * Each generator's series in {@link LoadGeneratorName#ORDER}, one point per bucket at its start; rates per second
     * of bucket width, times in ms. Empty when no sample named a generator (a local run).
     */
    public Map<String, DashboardData.GeneratorSeries> series() {
        Map<String, DashboardData.GeneratorSeries> result = new LinkedHashMap<>();
        if (!named) {
            return result;
        }
        generators.inOrder().forEach((generator, buckets) -> {
            double seconds = buckets.widthMs() / 1000.0;
            List<Long> t = new ArrayList<>();
            List<Double> tps = new ArrayList<>();
            List<Double> errors = new ArrayList<>();
            List<Double> averageMs = new ArrayList<>();
            buckets.entries().forEach((start, bucket) -> {
                t.add(start);
                tps.add(Figures.round(bucket.samples / seconds, 3));
                errors.add(Figures.round(bucket.errors / seconds, 3));
                averageMs.add(Figures.round(bucket.sumUs / 1000.0 / bucket.samples, 3));
            });
            result.put(generator, new DashboardData.GeneratorSeries(t, tps, errors, averageMs));
        });
        return result;
    }
}
