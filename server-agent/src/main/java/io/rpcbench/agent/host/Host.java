package io.rpcbench.agent.host;

import java.util.List;

/**
 * What the metrics read from the machine: the one seam between the agent and the operating system.
 *
 * <p>{@link OshiHost} reads the real machine through OSHI and /proc; tests pass a fake. Every call returns a fresh
 * reading (cumulative counters stay cumulative: the metric computes deltas), and may throw when the
 * operating system cannot answer, which the agent turns into an empty field. The agent wraps its host in
 * {@link SharedReadings}, which hands callers asking within 250 ms of a reading that same reading.
 */
public interface Host {

    /** Cumulative CPU ticks of all cores together, indexed by {@link CpuTicks} constants. */
    CpuTicks cpuTicks();

    /** Cumulative CPU ticks of one logical core, 0-based; {@code null} if there is no such core. */
    CpuTicks coreTicks(int core);

    /** Number of logical cores. */
    int coreCount();

    MemoryReading memory();

    List<DiskReading> disks();

    List<FileSystemReading> fileSystems();

    List<InterfaceReading> interfaces();

    /** Number of TCP connections (IPv4 and IPv6) per state name, e.g. "ESTABLISHED", "LISTEN". */
    java.util.Map<String, Integer> tcpStates();

    /** One process, or {@code null} if there is no process with that id. */
    ProcessReading process(long pid);

    /** Ids of the processes whose executable is called {@code name} (case-insensitive), lowest id first. */
    List<Long> pidsNamed(String name);
}
