package io.rpcbench.agent.jvm;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The stop-the-world GC pauses of one JVM so far, from its collector counters: how many, and how long in all.
 *
 * <p>Calls: {@link #of} once (it finds the counters and decides which collectors time pauses), then {@link #count()}
 * and {@link #millis()} at every reading: each reads the live counters, no scan.
 *
 * <p>A HotSpot JVM counts its collections per "collector" n: {@code sun.gc.collector.n.invocations},
 * {@code .time} (in ticks of {@code sun.os.hrt.frequency}, 10^9 a second on Linux) and {@code .name}. What a
 * collector times depends on the GC, so only collectors known to time stop-the-world pauses are summed:
 * <ul>
 * <li>every name ending in "pauses", the names of JDK 17 and later: Serial, Parallel and G1 "young collection
 * pauses" and "full collection pauses"; "G1 concurrent cycle pauses" (collector 2), which, despite its name, times
 * only the Remark and Cleanup pauses of G1's concurrent cycle, not the cycle: measured here, JDK 17, 4 cycles:
 * 8 invocations, 14.35 ms, where {@code -Xlog:gc} showed Remark and Cleanup pauses of 14.36 ms in all and concurrent
 * cycles of 87 ms (JDK 25: 7.13 ms against 7.14 ms); "Z concurrent cycle pauses" (ZGC on 17, one count per
 * pause: 30 pauses, 0.13 ms, where {@code -Xlog:gc*} listed 30 pauses of 0.16 ms in all) and "ZGC minor/major
 * collection pauses" (generational ZGC, 21 and later);</li>
 * <li>the names of JDK 8 to 16, from the OpenJDK sources (no such JDK was at hand to measure): Copy, PCopy, MSC,
 * PSScavenge, PSParallelCompact, PSMarkSweep, CMS (its initial mark and remark pauses), G1 incremental
 * collections, G1 stop-the-world full collections, G1 stop-the-world phases (Remark and Cleanup, as above).</li>
 * </ul>
 * Shenandoah's collectors ("Shenandoah partial", "Shenandoah full" and its older names not ending in "pauses")
 * time concurrent phases with the pauses (JDK 17: "Shenandoah full" 46 invocations, 78 ms, while the pauses in
 * {@code -Xlog:gc} came to 0.5 ms): they are left out, and a JVM whose collectors are all like that has no pause
 * figures here. A collector of any other name makes {@link #of} refuse, naming it, rather than sum a time that may
 * not be pauses.
 */
public final class GcPauses {
    private static final Pattern COLLECTOR_NAME = Pattern.compile("sun\\.gc\\.collector\\.(\\d+)\\.name");
    private static final Set<String> OLDER_PAUSE_COLLECTORS = new HashSet<String>(Arrays.asList("Copy", "PCopy",
            "MSC", "PSScavenge", "PSParallelCompact", "PSMarkSweep", "CMS", "G1 incremental collections",
            "G1 stop-the-world full collections", "G1 stop-the-world phases"));
    private static final String FREQUENCY = "sun.os.hrt.frequency";

    private final PerfData data;
    private final List<PerfData.Entry> invocations;
    private final List<PerfData.Entry> times;
    private final double ticksPerMilli;

    private GcPauses(PerfData data, List<PerfData.Entry> invocations, List<PerfData.Entry> times,
                     double ticksPerMilli) {
        this.data = data;
        this.invocations = invocations;
        this.times = times;
        this.ticksPerMilli = ticksPerMilli;
    }

    /**
     * The pause collectors of the JVM whose counters {@code data} holds; {@code jvm} names it in messages.
     *
     * @throws JvmCountersException the JVM has no collector or tick-frequency counters, or none of its collectors
     *                              times pauses, or one has a name not listed above
     */
    public static GcPauses of(PerfData data, String jvm) throws JvmCountersException {
        Map<String, PerfData.Entry> entries = data.entries();
        List<PerfData.Entry> invocations = new ArrayList<PerfData.Entry>();
        List<PerfData.Entry> times = new ArrayList<PerfData.Entry>();
        List<String> notPauses = new ArrayList<String>();
        for (PerfData.Entry entry : entries.values()) {
            Matcher collector = COLLECTOR_NAME.matcher(entry.name());
            if (!collector.matches() || !entry.isString()) {
                continue;
            }
            String name = data.readString(entry);
            if (isShenandoahsMixedTime(name)) {
                notPauses.add(name);
                continue;
            }
            if (!name.endsWith("pauses") && !OLDER_PAUSE_COLLECTORS.contains(name)) {
                throw new JvmCountersException(jvm + " has a GC collector '" + name + "' (" + entry.name()
                        + ") that this agent does not know: it sums only collectors known to time stop-the-world"
                        + " pauses (see the server agent's README)");
            }
            String prefix = "sun.gc.collector." + collector.group(1);
            invocations.add(longEntry(entries, prefix + ".invocations", jvm));
            times.add(longEntry(entries, prefix + ".time", jvm));
        }
        if (invocations.isEmpty()) {
            throw new JvmCountersException(notPauses.isEmpty()
                    ? jvm + " publishes no GC collector counters (sun.gc.collector.*)"
                            + (data.accessible() ? "" : "; it is still starting, ask again")
                    : jvm + " runs Shenandoah, whose collectors " + notPauses + " time concurrent GC work together"
                            + " with the pauses: there are no pause figures to report");
        }
        long frequency = data.readLong(longEntry(entries, FREQUENCY, jvm));
        if (frequency <= 0) {
            throw new JvmCountersException(jvm + " has a tick frequency of " + frequency + " (" + FREQUENCY
                    + "), expected a positive number of ticks a second");
        }
        return new GcPauses(data, invocations, times, frequency / 1000.0);
    }

    private static boolean isShenandoahsMixedTime(String collector) {
        return collector.startsWith("Shenandoah") && !collector.endsWith("pauses");
    }

    private static PerfData.Entry longEntry(Map<String, PerfData.Entry> entries, String name, String jvm)
            throws JvmCountersException {
        PerfData.Entry entry = entries.get(name);
        if (entry == null || !entry.isLong()) {
            throw new JvmCountersException(jvm + " has no long counter " + name);
        }
        return entry;
    }

    /** Pauses so far, over the pause collectors. */
    public long count() {
        long count = 0;
        for (PerfData.Entry entry : invocations) {
            count += data.readLong(entry);
        }
        return count;
    }

    /** Milliseconds spent in pauses so far, over the pause collectors. */
    public double millis() {
        long ticks = 0;
        for (PerfData.Entry entry : times) {
            ticks += data.readLong(entry);
        }
        return ticks / ticksPerMilli;
    }
}
