package io.rpcbench.reports;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

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
    void noSamplesGiveZerosNotExceptions() {
        LabelStatistics statistics = new LabelStatistics("idle");
        assertThat(statistics.throughput()).isZero();
        assertThat(statistics.percentileMs(99)).isZero();
        assertThat(statistics.errorPercent()).isZero();
        assertThat(statistics.minReceivedBytesPerSample()).isZero();
    }
}
