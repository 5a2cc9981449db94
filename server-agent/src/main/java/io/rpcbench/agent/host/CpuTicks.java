package io.rpcbench.agent.host;

/** Cumulative CPU ticks by kind, as the kernel counts them since boot. */
public final class CpuTicks {
    public static final int USER = 0;
    public static final int NICE = 1;
    public static final int SYSTEM = 2;
    public static final int IDLE = 3;
    public static final int IOWAIT = 4;
    public static final int IRQ = 5;
    public static final int SOFTIRQ = 6;
    public static final int STEAL = 7;
    static final int KINDS = 8;

    private final long[] ticks;

    /** @param ticks user, nice, system, idle, iowait, irq, softirq, steal (missing kinds count as 0) */
    public CpuTicks(long... ticks) {
        this.ticks = new long[KINDS];
        System.arraycopy(ticks, 0, this.ticks, 0, Math.min(ticks.length, KINDS));
    }

    public long get(int kind) {
        return ticks[kind];
    }

    public long total() {
        long sum = 0;
        for (long t : ticks) {
            sum += t;
        }
        return sum;
    }
}
