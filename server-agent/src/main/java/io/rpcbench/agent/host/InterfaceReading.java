package io.rpcbench.agent.host;

/** One network interface: cumulative counters since boot, and its speed in bits per second. */
public final class InterfaceReading {
    public final String name;
    public final long bytesRecv;
    public final long bytesSent;
    public final long packetsRecv;
    public final long packetsSent;
    public final long inErrors;
    public final long outErrors;
    public final long inDrops;
    public final long speed;

    public InterfaceReading(String name, long bytesRecv, long bytesSent, long packetsRecv, long packetsSent,
                            long inErrors, long outErrors, long inDrops, long speed) {
        this.name = name;
        this.bytesRecv = bytesRecv;
        this.bytesSent = bytesSent;
        this.packetsRecv = packetsRecv;
        this.packetsSent = packetsSent;
        this.inErrors = inErrors;
        this.outErrors = outErrors;
        this.inDrops = inDrops;
        this.speed = speed;
    }
}
