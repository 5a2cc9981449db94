package io.rpcbench.agent.host;

/** One process: cumulative CPU time in milliseconds, memory in bytes, page faults since it started. */
public final class ProcessReading {
    public final long pid;
    public final long userMillis;
    public final long kernelMillis;
    public final long upMillis;
    public final long residentBytes;
    public final long virtualBytes;
    public final long minorFaults;
    public final long majorFaults;

    public ProcessReading(long pid, long userMillis, long kernelMillis, long upMillis, long residentBytes,
                          long virtualBytes, long minorFaults, long majorFaults) {
        this.pid = pid;
        this.userMillis = userMillis;
        this.kernelMillis = kernelMillis;
        this.upMillis = upMillis;
        this.residentBytes = residentBytes;
        this.virtualBytes = virtualBytes;
        this.minorFaults = minorFaults;
        this.majorFaults = majorFaults;
    }
}
