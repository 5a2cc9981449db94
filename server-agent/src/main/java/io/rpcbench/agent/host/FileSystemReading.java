package io.rpcbench.agent.host;

/** One local file system in bytes. */
public final class FileSystemReading {
    public final String mount;
    public final long total;
    /** Free for everyone, including space reserved for root. */
    public final long free;
    /** Free for an ordinary user. */
    public final long usable;

    public FileSystemReading(String mount, long total, long free, long usable) {
        this.mount = mount;
        this.total = total;
        this.free = free;
        this.usable = usable;
    }
}
