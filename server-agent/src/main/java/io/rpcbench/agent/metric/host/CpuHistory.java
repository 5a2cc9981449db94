package io.rpcbench.agent.metric.host;

import io.rpcbench.agent.host.CpuTicks;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

/**
 * The last CPU ticks anyone read, per core, shared by all clients.
 *
 * <p>A CPU percentage needs two readings. A new spec (and every {@code metrics-single}) starts from the last
 * reading any client made, or from the reading taken when the agent started, so even its first value covers a
 * real stretch of time instead of zero.
 */
public final class CpuHistory {
    /** Key of the all-cores reading. */
    public static final int ALL = -1;
    private final ConcurrentMap<Integer, CpuTicks> last = new ConcurrentHashMap<Integer, CpuTicks>();

    CpuTicks last(int core) {
        return last.get(core);
    }

    public void record(int core, CpuTicks ticks) {
        last.put(core, ticks);
    }
}
