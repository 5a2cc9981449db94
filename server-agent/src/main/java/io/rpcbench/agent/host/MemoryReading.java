package io.rpcbench.agent.host;

/** Physical memory and swap in bytes; swap pages are cumulative counts since boot. */
public final class MemoryReading {
    public final long total;
    /** What the kernel says can be handed to programs without swapping (Linux MemAvailable). */
    public final long available;
    public final long swapTotal;
    public final long swapUsed;
    public final long swapPagesIn;
    public final long swapPagesOut;

    public MemoryReading(long total, long available, long swapTotal, long swapUsed, long swapPagesIn, long swapPagesOut) {
        this.total = total;
        this.available = available;
        this.swapTotal = swapTotal;
        this.swapUsed = swapUsed;
        this.swapPagesIn = swapPagesIn;
        this.swapPagesOut = swapPagesOut;
    }
}
