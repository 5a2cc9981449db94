package io.rpcbench.provider.discovery;

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
 * Counted from the start, as the seed counted over its whole run: the first address push, at subscription, is where
 * interface-level discovery allocates most. A collector is "full" when it
 * collects the old generation (Serial's MarkSweepCompact, Parallel's PS MarkSweep, G1's Old Generation, ...); the
 * others are young. One CPU ({@code -XX:ActiveProcessorCount=1}) makes HotSpot choose Serial.
 *
 * <p>Order of calls: {@link #figures} whenever asked, {@link #liveHeapBytes} when the live heap is (it collects).
 */
final class ConsumerGc {

    private static final Set<String> FULL_COLLECTORS = Set.of("MarkSweepCompact", "PS MarkSweep",
            "G1 Old Generation", "ConcurrentMarkSweep", "ZGC Major Cycles", "Shenandoah Cycles");

    private final Map<String, long[]> own = new LinkedHashMap<>();

    /** Runs a full collection ({@link System#gc}) and leaves it out of the counts. */
    void runOwn() {
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

    /** {@code name=value} lines: young and full collections and pause ms since the start, ours out. */
    Map<String, String> figures() {
        long youngCount = 0;
        long youngMs = 0;
        long fullCount = 0;
        long fullMs = 0;
        StringBuilder names = new StringBuilder();
        List<GarbageCollectorMXBean> collectors = ManagementFactory.getGarbageCollectorMXBeans();
        for (GarbageCollectorMXBean gc : collectors) {
            long[] before = own.getOrDefault(gc.getName(), new long[2]);
            long count = gc.getCollectionCount() - before[0];
            long ms = gc.getCollectionTime() - before[1];
            if (FULL_COLLECTORS.contains(gc.getName())) {
                fullCount += count;
                fullMs += ms;
            } else {
                youngCount += count;
                youngMs += ms;
            }
            names.append(names.isEmpty() ? "" : ",").append(gc.getName().replace(' ', '_'));
        }
        Map<String, String> figures = new LinkedHashMap<>();
        figures.put("collectors", names.toString());
        figures.put("young_gcs", Long.toString(youngCount));
        figures.put("young_gc_ms", Long.toString(youngMs));
        figures.put("full_gcs", Long.toString(fullCount));
        figures.put("full_gc_ms", Long.toString(fullMs));
        return figures;
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
