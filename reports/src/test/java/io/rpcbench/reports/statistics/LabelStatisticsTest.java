package io.rpcbench.reports.statistics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.jtl.JtlSample;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LabelStatisticsTest {

    @Test
    void percentilesMatchNearestRankOverEverySample() {
        Random random = new Random(42);
        long[] elapsed = new long[10_001];
        LabelStatistics statistics = new LabelStatistics("echo");
        for (int i = 0; i < elapsed.length; i++) {
            elapsed[i] = (long) Math.abs(random.nextGaussian() * 30) + random.nextInt(5);
            statistics.add(new JtlSample(1_000L + i, elapsed[i], "echo", "OK", "", true, 10, 5, 1, ""));
        }
        long[] sorted = elapsed.clone();
        Arrays.sort(sorted);

        for (double p : new double[] {50, 90, 95, 99, 99.9}) {
            long nearestRank = sorted[(int) Math.ceil(p / 100 * sorted.length) - 1];
            assertThat(statistics.percentileMs(p)).as("p%s", p).isEqualTo(nearestRank);
        }
        assertThat(statistics.minMs()).isEqualTo(sorted[0]);
        assertThat(statistics.maxMs()).isEqualTo(sorted[sorted.length - 1]);
        assertThat(statistics.meanMs()).isCloseTo(Arrays.stream(elapsed).average().orElseThrow(), within(1e-9));
    }

    @Test
    void throughputSpansFirstStartToLastEnd() {
        LabelStatistics statistics = new LabelStatistics("echo");
        statistics.add(new JtlSample(0, 10, "echo", "OK", "", true, 0, 0, 1, ""));
        statistics.add(new JtlSample(1_000, 1_000, "echo", "OK", "", true, 0, 0, 1, ""));
        assertThat(statistics.throughput()).isEqualTo(1.0);
    }

    @Test
    void errorsAreCountedPerCategory() {
        LabelStatistics statistics = new LabelStatistics("echo");
        statistics.add(new JtlSample(0, 1, "echo", "timeout", "", false, 0, 0, 1, ""));
        statistics.add(new JtlSample(1, 1, "echo", "timeout", "", false, 0, 0, 1, ""));
        statistics.add(new JtlSample(2, 1, "echo", "connection", "", false, 0, 0, 1, ""));
        statistics.add(new JtlSample(3, 1, "echo", "OK", "", true, 0, 0, 1, ""));
        assertThat(statistics.errors()).isEqualTo(3);
        assertThat(statistics.errorPercent()).isEqualTo(75.0);
        assertThat(statistics.errorsByCode()).containsExactly(
                java.util.Map.entry("connection", 1L), java.util.Map.entry("timeout", 2L));
    }

    @Test
    void callsCutOffByJMetersStopAreCountedApartAndLeftOutOfTheFigures() {
        LabelStatistics statistics = new LabelStatistics("echo");
        statistics.add(new JtlSample(0, 2, "echo", "OK", "", true, 10, 5, 1, ""));
        statistics.add(new JtlSample(1, 900, "echo", "stopped", "cut off", false, 0, 5, 1, ""));
        statistics.add(new JtlSample(2, 4, "echo", "timeout", "", false, 0, 5, 1, ""));

        assertThat(statistics.stopped()).isEqualTo(1);
        assertThat(statistics.samples()).isEqualTo(2);
        assertThat(statistics.errorsByCode()).containsOnlyKeys("timeout");
        assertThat(statistics.errorPercent()).isEqualTo(50.0);
        assertThat(statistics.maxMs()).isEqualTo(4.0);
    }

    @Test
    void eachLoadGeneratorHasItsOwnFiguresOverTheSameWindow() {
        LabelStatistics statistics = new LabelStatistics("echo", 2_000);
        statistics.add(sample(0, 1_000, true, "198.18.0.22"));
        statistics.add(sample(1, 3_000, false, "198.18.0.21"));
        statistics.add(sample(2, 5_000, true, "198.18.0.21"));

        assertThat(statistics.generators().keySet()).containsExactly("198.18.0.21", "198.18.0.22");
        LabelStatistics first = statistics.generators().get("198.18.0.21");
        assertThat(first.samples()).isEqualTo(2);
        assertThat(first.meanMs()).isEqualTo(4.0);
        assertThat(first.errorPercent()).isEqualTo(50.0);
        assertThat(first.throughput()).isEqualTo(1.0); // 2 samples in the 2 s window
        assertThat(first.generators()).isEmpty();
        assertThat(statistics.generators().get("198.18.0.22").maxMs()).isEqualTo(1.0);
    }

    @Test
    void samplesWithoutAGeneratorInARunWithGeneratorsCountUnderTheirOwnName() {
        LabelStatistics statistics = new LabelStatistics("echo");
        statistics.add(sample(0, 7_000, false, ""));
        statistics.add(sample(1, 9_000, true, ""));
        statistics.add(sample(2, 1_000, true, "198.18.0.21"));
        statistics.add(sample(3, 2_000, true, ""));

        LabelStatistics unnamed = statistics.generators().get(LoadGenerators.NO_PREFIX);
        // The two samples before the first generator, copied when it came, and the one after it.
        assertThat(unnamed.samples()).isEqualTo(3);
        assertThat(unnamed.meanMs()).isEqualTo(6.0);
        assertThat(unnamed.minMs()).isEqualTo(2.0);
        assertThat(unnamed.maxMs()).isEqualTo(9.0);
        assertThat(unnamed.percentileMs(50)).isCloseTo(7.0, within(0.007)); // HdrHistogram: within 0.1 %
        assertThat(unnamed.errorsByCode()).containsOnlyKeys("timeout");
        assertThat(statistics.generators().get("198.18.0.21").samples()).isEqualTo(1);
        assertThat(statistics.samples()).isEqualTo(4);
    }

    @Test
    void aLocalRunHasNoGeneratorsButItsProviders() {
        LabelStatistics statistics = new LabelStatistics("echo");
        statistics.add(new JtlSample(0, 1, "echo", "OK", "", true, 0, 0, 1, "dubbo://10.0.0.7:20880"));
        statistics.add(new JtlSample(0, 1, "echo", "OK", "", true, 0, 0, 1, "dubbo://10.0.0.8:20880"));

        assertThat(statistics.generators()).isEmpty();
        assertThat(statistics.providers()).extracting(DashboardData.ProviderShare::provider)
                .containsExactly("dubbo://10.0.0.7:20880", "dubbo://10.0.0.8:20880");
    }

    private static JtlSample sample(long start, long us, boolean success, String generator) {
        return new JtlSample(start, us / 1000, "echo", success ? "OK" : "timeout", "", success, 0, 0, 1, "", us, true,
                generator);
    }

    @Test
    void noSamplesGiveZerosNotExceptions() {
        LabelStatistics statistics = new LabelStatistics("idle");
        assertThat(statistics.throughput()).isZero();
        assertThat(statistics.percentileMs(99)).isZero();
        assertThat(statistics.errorPercent()).isZero();
        assertThat(statistics.minReceivedBytesPerSample()).isZero();
    }
}
