package io.rpcbench.seconds;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class SampleFiguresTest {

    private static final double[] PERCENTILES = {50, 90, 99, 99.9, 100};

    /** One sample as recorded; a few percent failed, some stopped, some whole ms, half with a lag. */
    private record Sample(SampleTimes times, long elapsedMs, boolean success, String code) {}

    private static List<Sample> samples(long seed, int n) {
        Random random = new Random(seed);
        List<Sample> samples = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            long us = (long) Math.exp(random.nextGaussian() + 7); // around 1 ms, a long tail
            boolean success = random.nextInt(50) != 0;
            String code = success ? "200" : random.nextBoolean() ? "timeout" : random.nextBoolean()
                    ? SampleFigures.STOPPED : "provider_error";
            SampleTimes times = random.nextInt(10) == 0 ? SampleTimes.of(us / 1000, -1, false, 0)
                    : SampleTimes.of(us / 1000, us, random.nextBoolean(), random.nextInt((int) us + 1));
            samples.add(new Sample(times, us / 1000, success, code));
        }
        return samples;
    }

    private static void record(SampleFigures figures, Sample s) {
        figures.record(s.times(), s.elapsedMs(), s.success(), s.code(), 100, 50, 8);
    }

    /**
     * The cumulative counts for an export's buckets, in one pass, are HdrHistogram's own count of the values at or
     * below each bound (whole-ms samples at their value x 1000), and every sample is under the last bound.
     */
    @Test
    void countsAtOrBelowEachBoundAreTheHistogramsCountsUpToIt() {
        SampleFigures figures = new SampleFigures();
        Histogram expected = new Histogram(SampleFigures.SIGNIFICANT_DIGITS);
        for (Sample s : samples(7, 20_000)) {
            record(figures, s);
            boolean counted = s.success() || !SampleFigures.STOPPED.equals(s.code());
            if (counted) {
                expected.recordValue(s.times().microseconds() ? Math.max(0, s.times().elapsedUs())
                        : s.elapsedMs() * 1000);
            }
        }
        long[] bounds = {0, 1, 9, 10, 100, 999, 1000, 1001, 1100, 2047, 2048, 5000, 20_000, 1_000_000_000L};

        long[] counts = figures.countsAtOrBelow(bounds);

        for (int i = 0; i < bounds.length; i++) {
            assertThat(counts[i]).as("at or below %d us", bounds[i])
                    .isEqualTo(expected.getCountBetweenValues(0, bounds[i]));
        }
        assertThat(counts[bounds.length - 1]).isEqualTo(figures.samples()).isEqualTo(expected.getTotalCount());
        assertThat(new SampleFigures().countsAtOrBelow(bounds)).containsOnly(0L);
    }

    @Test
    void theSumOfSecondsGivesTheFiguresOfAllTheirSamplesAtOnce() {
        List<Sample> samples = samples(42, 20_000);
        SampleFigures all = new SampleFigures();
        List<SampleFigures> seconds = new ArrayList<>();
        for (int i = 0; i < samples.size(); i++) {
            record(all, samples.get(i));
            if (i % 1000 == 0) {
                seconds.add(new SampleFigures());
            }
            record(seconds.get(seconds.size() - 1), samples.get(i));
        }
        SampleFigures sum = new SampleFigures();
        // each second through its wire form, as the live dashboard receives it
        seconds.forEach(second -> sum.add(SampleFigures.of(second.wire())));
        assertThat(sum.samples()).isEqualTo(all.samples()).isPositive();
        assertThat(sum.stopped()).isEqualTo(all.stopped()).isPositive();
        assertThat(sum.errorsByCode()).isEqualTo(all.errorsByCode()).containsKeys("timeout", "provider_error");
        assertThat(sum.someWholeMilliseconds()).isTrue();
        for (double p : PERCENTILES) {
            assertThat(sum.percentileMs(p)).as("p%s", p).isEqualTo(all.percentileMs(p));
            assertThat(sum.lagPercentileMs(p)).as("lag p%s", p).isEqualTo(all.lagPercentileMs(p));
            assertThat(sum.callPercentileMs(p)).as("call p%s", p).isEqualTo(all.callPercentileMs(p));
        }
        assertThat(sum.meanMs()).isEqualTo(all.meanMs());
        assertThat(sum.maxMs()).isEqualTo(all.maxMs()).isEqualTo(sum.percentileMs(100));
        assertThat(sum.arrivals()).isEqualTo(all.arrivals()).isPositive();
        assertThat(sum.receivedBytes()).isEqualTo(100 * (all.samples()));
    }

    @Test
    void emptyFiguresReadAsZeroAndSurviveTheirWireForm() {
        SampleFigures empty = SampleFigures.of(new SampleFigures().wire());
        assertThat(empty.samples()).isZero();
        assertThat(empty.percentileMs(99)).isZero();
        assertThat(empty.lagPercentileMs(99)).isZero();
        SampleFigures one = new SampleFigures();
        one.add(empty);
        record(one, new Sample(SampleTimes.of(0, 250, false, 0), 0, true, "200"));
        assertThat(one.minMs()).isEqualTo(0.25);
        assertThat(one.percentileMs(50)).isEqualTo(0.25);
    }
}
