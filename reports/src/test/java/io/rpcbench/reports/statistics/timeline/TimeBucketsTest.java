package io.rpcbench.reports.statistics.timeline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Bounded, mergeable time buckets. */
class TimeBucketsTest {

    private static TimeBuckets<AtomicLong> counters(int max) {
        return new TimeBuckets<>(AtomicLong::new, (a, b) -> a.addAndGet(b.get()), max);
    }

    @Test
    void bucketsAreOneSecondWideWhileTheyFit() {
        TimeBuckets<AtomicLong> buckets = counters(10);
        buckets.at(1_500).incrementAndGet();
        buckets.at(1_999).incrementAndGet();
        buckets.at(500).incrementAndGet();

        assertThat(buckets.widthMs()).isEqualTo(1_000);
        assertThat(buckets.entries()).containsOnlyKeys(0L, 1_000L);
        assertThat(buckets.entries().get(1_000L)).hasValue(2);
    }

    @Test
    void aLongRunWidensTheBucketsKeepingEveryCountAndTheLimit() {
        TimeBuckets<AtomicLong> buckets = counters(10);
        for (long t = 0; t < 100_000; t += 250) {
            buckets.at(t).incrementAndGet();
        }

        assertThat(buckets.entries().size()).isLessThanOrEqualTo(10);
        assertThat(buckets.widthMs()).isEqualTo(10_000);
        assertThat(buckets.entries().values().stream().mapToLong(AtomicLong::get).sum()).isEqualTo(400);
        assertThat(buckets.entries().get(0L)).hasValue(40);
    }

    @Test
    void coarsenToMergesToAWiderWidthOfTheChainOnly() {
        TimeBuckets<AtomicLong> buckets = counters(100);
        buckets.at(0).incrementAndGet();
        buckets.at(1_000).incrementAndGet();
        buckets.at(2_000).incrementAndGet();

        buckets.coarsenTo(2_000);

        assertThat(buckets.entries()).containsOnlyKeys(0L, 2_000L);
        assertThat(buckets.entries().get(0L)).hasValue(2);
        assertThatThrownBy(() -> buckets.coarsenTo(5_000)).hasMessageContaining("5000 ms is not one of");
    }
}
