package io.rpcbench.benchmark.soak;

import java.nio.file.Path;
import java.util.List;

/**
 * Reads what Linux tells of any process, without asking its JVM: threads, descriptors and resident memory from
 * {@code /proc}; heap, old generation and full collections are left unknown (-1). For a process whose heap is not
 * judged, e.g. the load generator: {@link JvmReadings}' class histogram would run a full collection in it, a pause of
 * the load, and its jcmd and jstat are two JVMs started every interval on the load's own CPUs.
 */
public final class ProcReadings implements ProcessReadings {

    @Override
    public SoakSample read(long pid, long second) {
        Path proc = Path.of("/proc", Long.toString(pid));
        List<String> status = JvmReadings.lines(proc.resolve("status"));
        return new SoakSample(second, -1, -1, -1, (int) JvmReadings.statusValue(status, "Threads:"),
                JvmReadings.descriptors(proc.resolve("fd")), JvmReadings.statusValue(status, "VmRSS:"));
    }
}
