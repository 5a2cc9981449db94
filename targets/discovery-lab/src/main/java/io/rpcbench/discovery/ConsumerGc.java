package io.rpcbench.discovery;

import com.sun.management.GcInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryType;
import java.lang.management.MemoryUsage;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The consumer JVM's garbage collections since it started, read from its {@link GarbageCollectorMXBean}s, those it
 * ran itself left out: young and full collections and their pauses; and its live heap, the heap in use after a full
 * collection of its own ({@link #liveHeapBytes}), so that every mode's heap is read after the same kind of collection.
 * Counted twice: from the start, as the seed counted over its whole run (the first address push, at subscription, is
 * where interface-level discovery allocates most), and from the moment the consumer has subscribed, the GCs during
 * the address changes that the seed's claim is about. A collector is "full" when it
 * collects the old generation (Serial's MarkSweepCompact, Parallel's PS MarkSweep, G1's Old Generation, ...); the
 * others are young. One CPU ({@code -XX:ActiveProcessorCount=1}) makes HotSpot choose Serial.
 *
 * <p>Order of calls: {@link #markSubscribed} once subscribed, {@link #figures} whenever asked, {@link #liveHeapBytes}
 * when the live heap is asked (it collects).
 */
final class ConsumerGc {

    private static final Set<String> FULL_COLLECTORS = Set.of("MarkSweepCompact", "PS MarkSweep",
            "G1 Old Generation", "ConcurrentMarkSweep", "ZGC Major Cycles", "Shenandoah Cycles");
    /** The figures counted from the start: young collections, young pause ms, full collections, full pause ms. */
    private static final List<DiscoveryFigure> SINCE_START = List.of(DiscoveryFigure.YOUNG_GCS,
            DiscoveryFigure.YOUNG_GC_MS, DiscoveryFigure.FULL_GCS, DiscoveryFigure.FULL_GC_MS);
    /** The same, counted from {@link #markSubscribed}. */
    private static final List<DiscoveryFigure> DURING_CHANGES = List.of(DiscoveryFigure.CHANGES_YOUNG_GCS,
            DiscoveryFigure.CHANGES_YOUNG_GC_MS, DiscoveryFigure.CHANGES_FULL_GCS, DiscoveryFigure.CHANGES_FULL_GC_MS);

    private final Map<String, long[]> own = new LinkedHashMap<>();
    private Map<String, long[]> subscribed;

    /** Runs a full collection ({@link System#gc}) and leaves it out of the counts. */
    synchronized void runOwn() {
        Map<String, long[]> before = snapshot();
        System.gc();
        snapshot().forEach((name, after) -> {
            long[] was = before.getOrDefault(name, new long[2]);
            own.merge(name, new long[] {after[0] - was[0], after[1] - was[1]},
                    (a, b) -> new long[] {a[0] + b[0], a[1] + b[1]});
        });
    }

    private static Map<String, long[]> snapshot() {
        Map<String, long[]> counts = new LinkedHashMap<>();
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            counts.put(gc.getName(), new long[] {gc.getCollectionCount(), gc.getCollectionTime()});
        }
        return counts;
    }

    /**
     * Runs a full collection of its own (left out of the counts) and answers the heap in use after it, in bytes; -1
     * when the JVM does not say.
     */
    long liveHeapBytes() {
        runOwn();
        GcInfo latest = null;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            if (FULL_COLLECTORS.contains(gc.getName())
                    && gc instanceof com.sun.management.GarbageCollectorMXBean hotspot) {
                GcInfo info = hotspot.getLastGcInfo();
                if (info != null && (latest == null || info.getEndTime() > latest.getEndTime())) {
                    latest = info;
                }
            }
        }
        return latest == null ? -1 : heapAfter(latest);
    }

    /** Marks the consumer subscribed: the GCs "during address changes" are counted from here. */
    synchronized void markSubscribed() {
        subscribed = counted();
    }

    /**
     * {@code name=value} lines: the collectors' names; young and full collections and pause ms since the start
     * ({@code young_gcs}, {@code young_gc_ms}, {@code full_gcs}, {@code full_gc_ms}) and since {@link #markSubscribed}
     * ({@code changes_young_gcs}, ...: during the address changes, the subscription's push left out); ours out of
     * both.
     */
    synchronized Map<String, String> figures() {
        Map<String, long[]> now = counted();
        Map<String, String> figures = new LinkedHashMap<>();
        figures.put(DiscoveryFigure.COLLECTORS.key(), String.join(",", now.keySet().stream()
                .map(n -> n.replace(' ', '_')).toList()));
        put(figures, SINCE_START, now, Map.of());
        if (subscribed != null) {
            put(figures, DURING_CHANGES, now, subscribed);
        }
        return figures;
    }

    /** Per collector: collections and pause ms since the start, ours left out. */
    private Map<String, long[]> counted() {
        Map<String, long[]> counts = snapshot();
        counts.forEach((name, count) -> {
            long[] ours = own.getOrDefault(name, new long[2]);
            count[0] -= ours[0];
            count[1] -= ours[1];
        });
        return counts;
    }

    /**
     * Young and full collections and pause ms of {@code now} minus {@code since}, as {@code keys}' young collections,
     * young pause ms, full collections and full pause ms.
     */
    private static void put(Map<String, String> figures, List<DiscoveryFigure> keys, Map<String, long[]> now,
            Map<String, long[]> since) {
        long[] young = new long[2];
        long[] full = new long[2];
        now.forEach((name, count) -> {
            long[] was = since.getOrDefault(name, new long[2]);
            long[] sum = FULL_COLLECTORS.contains(name) ? full : young;
            sum[0] += count[0] - was[0];
            sum[1] += count[1] - was[1];
        });
        figures.put(keys.get(0).key(), Long.toString(young[0]));
        figures.put(keys.get(1).key(), Long.toString(young[1]));
        figures.put(keys.get(2).key(), Long.toString(full[0]));
        figures.put(keys.get(3).key(), Long.toString(full[1]));
    }

    private static long heapAfter(GcInfo info) {
        long used = 0;
        Map<String, MemoryUsage> after = info.getMemoryUsageAfterGc();
        for (var pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP && after.containsKey(pool.getName())) {
                used += after.get(pool.getName()).getUsed();
            }
        }
        return used;
    }
}
