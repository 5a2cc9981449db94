package io.rpcbench.agent.jvm;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The heap bytes a JVM uses now, from its space counters: the sum of {@code sun.gc.generation.g.space.s.used}
 * over every generation and space (eden, the survivor spaces and the old space; one space for ZGC and Shenandoah),
 * what {@code jstat -gc} shows as EU, S0U, S1U and OU. Call {@link #of} once, then {@link #usedBytes()} at every
 * reading.
 *
 * <p>The JVM updates these counters after each collection and while it allocates, each GC in its own steps.
 * Measured here (JDK 17, a JVM allocating 5 MB/s, read every 200 ms): Serial and Parallel followed every reading
 * (1 MB apart), Shenandoah moved in 2 MB steps every other reading, G1 in steps of one heap region (4 MB there);
 * a G1 or Shenandoah JVM that has just started can read 0 (G1 until it has filled its first region).
 */
public final class HeapUsage {
    private static final Pattern SPACE_USED = Pattern.compile("sun\\.gc\\.generation\\.\\d+\\.space\\.\\d+\\.used");

    private final PerfData data;
    private final List<PerfData.Entry> spaces;

    private HeapUsage(PerfData data, List<PerfData.Entry> spaces) {
        this.data = data;
        this.spaces = spaces;
    }

    /**
     * The heap spaces of the JVM whose counters {@code data} holds; {@code jvm} names it in messages.
     *
     * @throws JvmCountersException the JVM publishes no space counters
     */
    public static HeapUsage of(PerfData data, String jvm) throws JvmCountersException {
        List<PerfData.Entry> spaces = new ArrayList<PerfData.Entry>();
        for (Map.Entry<String, PerfData.Entry> entry : data.entries().entrySet()) {
            if (SPACE_USED.matcher(entry.getKey()).matches() && entry.getValue().isLong()) {
                spaces.add(entry.getValue());
            }
        }
        if (spaces.isEmpty()) {
            throw new JvmCountersException(jvm + " publishes no heap space counters (sun.gc.generation.*.space.*.used)"
                    + (data.accessible() ? "" : "; it is still starting, ask again"));
        }
        return new HeapUsage(data, spaces);
    }

    public long usedBytes() {
        long used = 0;
        for (PerfData.Entry space : spaces) {
            used += data.readLong(space);
        }
        return used;
    }
}
