package io.rpcbench.reports.statistics.timeline;

import java.util.Collections;
import java.util.List;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

/**
 * Time-bucketed aggregates of a stream whose span is not known in advance, holding at most
 * {@link #MAX_BUCKETS} buckets so a chart stays readable and memory stays bounded whatever the run's length.
 * Buckets start at whole multiples of their width since the epoch, so rows may arrive a little out of time
 * order (JMeter writes a sample when it ends). When a new bucket would exceed the limit, every bucket is
 * merged into the next wider width of {@link #WIDTHS_MS}; each width is a multiple of the one before, so
 * merging is exact.
 *
 * <pre>{@code
 * TimeBuckets<Counter> buckets = new TimeBuckets<>(Counter::new, Counter::addAll);
 * buckets.at(sample.timeStamp()).add(sample);
 * buckets.coarsenTo(otherWidth);      // to share a time axis
 * buckets.entries().forEach(...);     // start ms -> aggregate, in time order
 * }</pre>
 *
 * @param <A> the aggregate of one bucket
 */
public final class TimeBuckets<A> {

    /** 1 s, 2 s, 10 s, 20 s, 1 min, 2 min, 10 min, 20 min, 1 h, 2 h, 6 h, 12 h, 1 day. */
    static final List<Long> WIDTHS_MS = List.of(1_000L, 2_000L, 10_000L, 20_000L, 60_000L, 120_000L, 600_000L,
            1_200_000L, 3_600_000L, 7_200_000L, 21_600_000L, 43_200_000L, 86_400_000L);

    static final int MAX_BUCKETS = 2_000;

    private final Supplier<A> empty;
    private final BiConsumer<A, A> mergeInto;
    private final int maxBuckets;
    private NavigableMap<Long, A> buckets = new TreeMap<>();
    private int width;
    /** The bucket asked for last and its start: rows come nearly in time order, so most ask for it again. */
    private A lastBucket;
    private long lastStart;

    /** @param mergeInto adds the second aggregate into the first */
    TimeBuckets(Supplier<A> empty, BiConsumer<A, A> mergeInto) {
        this(empty, mergeInto, MAX_BUCKETS);
    }

    TimeBuckets(Supplier<A> empty, BiConsumer<A, A> mergeInto, int maxBuckets) {
        this.empty = empty;
        this.mergeInto = mergeInto;
        this.maxBuckets = maxBuckets;
    }

    /** The aggregate of the bucket holding {@code epochMs}, created empty when new. */
    A at(long epochMs) {
        long start = start(epochMs);
        if (lastBucket != null && start == lastStart) {
            return lastBucket;
        }
        A bucket = buckets.get(start);
        if (bucket == null) {
            while (buckets.size() >= maxBuckets && width < WIDTHS_MS.size() - 1) {
                widen(width + 1);
            }
            start = start(epochMs); // in the wider buckets
            bucket = buckets.computeIfAbsent(start, k -> empty.get());
        }
        lastBucket = bucket;
        lastStart = start;
        return bucket;
    }

    long widthMs() {
        return WIDTHS_MS.get(width);
    }

    /** Merges buckets until they are at least {@code widthMs} wide (one of {@link #WIDTHS_MS}). */
    void coarsenTo(long widthMs) {
        int target = WIDTHS_MS.indexOf(widthMs);
        if (target < 0) {
            throw new IllegalArgumentException("bucket width " + widthMs + " ms is not one of " + WIDTHS_MS);
        }
        if (target > width) {
            widen(target);
        }
    }

    /** Bucket start (ms since the epoch) to aggregate, in time order. */
    NavigableMap<Long, A> entries() {
        return Collections.unmodifiableNavigableMap(buckets);
    }

    private long start(long epochMs) {
        return Math.floorDiv(epochMs, widthMs()) * widthMs();
    }

    private void widen(int newWidth) {
        NavigableMap<Long, A> old = buckets;
        width = newWidth;
        lastBucket = null;
        buckets = new TreeMap<>();
        old.forEach((start, aggregate) -> {
            A target = buckets.get(start(start));
            if (target == null) {
                buckets.put(start(start), aggregate);
            } else {
                mergeInto.accept(target, aggregate);
            }
        });
    }
}
