package io.rpcbench.agent.host;

import java.util.Collections;
import java.util.List;

/** One physical disk: cumulative operation and byte counters, the current queue, and where it is mounted. */
public final class DiskReading {
    public final String name;
    public final long reads;
    public final long writes;
    public final long readBytes;
    public final long writeBytes;
    public final long queueLength;
    /** Mount points of the disk's partitions, e.g. "/" or "C:\". */
    public final List<String> mountPoints;

    public DiskReading(String name, long reads, long writes, long readBytes, long writeBytes, long queueLength,
                       List<String> mountPoints) {
        this.name = name;
        this.reads = reads;
        this.writes = writes;
        this.readBytes = readBytes;
        this.writeBytes = writeBytes;
        this.queueLength = queueLength;
        this.mountPoints = Collections.unmodifiableList(mountPoints);
    }
}
