package io.rpcbench.agent.host;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A {@link Host} that hands every caller asking within {@link #MAX_AGE_MILLIS} of a reading that same reading, so
 * that the machine is read once per interval however many clients and specs ask for it.
 *
 * <p>Why: every spec of every client used to read the machine itself, once a line: a PerfMon collector's line of
 * {@code memory:usedperc} and {@code memory:used} read {@code /proc/meminfo} twice, {@code disks:readbytes} and
 * {@code disks:writebytes} {@code /proc/diskstats} twice, and four clients did all of it four times a second. The
 * lines of clients that stream at the same pace are due within milliseconds of each other, so they now share one
 * reading. A reading is at most {@link #MAX_AGE_MILLIS} old, a quarter of the shortest interval (1 s): a counter's
 * change still spans one interval, and a client whose line is due later than that reads afresh.
 *
 * <p>Wrap the real host once per agent; safe to call from several client threads (a caller that finds no fresh
 * reading takes one while the others asking for the same figure wait for it). {@link #coreCount()} and
 * {@link #pidsNamed} are passed through: specs call them when they arrive, not once a line. So are the CPU ticks
 * ({@link #cpuTicks()}, {@link #coreTicks}): a CPU spec starts from the last ticks any client read
 * ({@code CpuHistory}), so a shared reading would hand a spec arriving within the max age of it (every
 * {@code metrics-single} right after another client's line) that same reading again: no elapsed ticks, and its
 * first value would be empty. One read of {@code /proc/stat} per CPU spec is cheap.
 */
public final class SharedReadings implements Host {
    static final long MAX_AGE_MILLIS = 250;
    private static final long MAX_AGE_NANOS = TimeUnit.MILLISECONDS.toNanos(MAX_AGE_MILLIS);
    /** Processes remembered at most; a client naming more only reads them afresh more often. */
    private static final int MAX_PROCESSES = 64;

    private final Host host;
    private final Clock clock;
    private final Recent<MemoryReading> memory = new Recent<MemoryReading>();
    private final Recent<List<DiskReading>> disks = new Recent<List<DiskReading>>();
    private final Recent<List<FileSystemReading>> fileSystems = new Recent<List<FileSystemReading>>();
    private final Recent<List<InterfaceReading>> interfaces = new Recent<List<InterfaceReading>>();
    private final Recent<Map<String, Integer>> tcpStates = new Recent<Map<String, Integer>>();
    private final Map<Long, Recent<ProcessReading>> processes = new LinkedHashMap<Long, Recent<ProcessReading>>() {
        private static final long serialVersionUID = 1L;

        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, Recent<ProcessReading>> eldest) {
            return size() > MAX_PROCESSES;
        }
    };

    /** The time in nanoseconds, as {@link System#nanoTime()} tells it; tests pass their own. */
    interface Clock {
        long nanoTime();
    }

    public SharedReadings(Host host) {
        this(host, new Clock() {
            @Override
            public long nanoTime() {
                return System.nanoTime();
            }
        });
    }

    SharedReadings(Host host, Clock clock) {
        this.host = host;
        this.clock = clock;
    }

    /** The last reading of one figure and when it was taken; a reading of null (no such core or process) counts. */
    private final class Recent<T> {
        private T value;
        private long at;
        private boolean any;

        synchronized T get(Reading<T> reading) {
            long now = clock.nanoTime();
            if (!any || now - at >= MAX_AGE_NANOS) {
                value = reading.take();
                at = now;
                any = true;
            }
            return value;
        }
    }

    /** One call to the wrapped host. */
    private interface Reading<T> {
        T take();
    }

    @Override
    public CpuTicks cpuTicks() {
        return host.cpuTicks();
    }

    @Override
    public CpuTicks coreTicks(int core) {
        return host.coreTicks(core);
    }

    @Override
    public int coreCount() {
        return host.coreCount();
    }

    @Override
    public MemoryReading memory() {
        return memory.get(new Reading<MemoryReading>() {
            @Override
            public MemoryReading take() {
                return host.memory();
            }
        });
    }

    @Override
    public List<DiskReading> disks() {
        return disks.get(new Reading<List<DiskReading>>() {
            @Override
            public List<DiskReading> take() {
                return host.disks();
            }
        });
    }

    @Override
    public List<FileSystemReading> fileSystems() {
        return fileSystems.get(new Reading<List<FileSystemReading>>() {
            @Override
            public List<FileSystemReading> take() {
                return host.fileSystems();
            }
        });
    }

    @Override
    public List<InterfaceReading> interfaces() {
        return interfaces.get(new Reading<List<InterfaceReading>>() {
            @Override
            public List<InterfaceReading> take() {
                return host.interfaces();
            }
        });
    }

    @Override
    public Map<String, Integer> tcpStates() {
        return tcpStates.get(new Reading<Map<String, Integer>>() {
            @Override
            public Map<String, Integer> take() {
                return host.tcpStates();
            }
        });
    }

    @Override
    public ProcessReading process(final long pid) {
        Recent<ProcessReading> recent;
        synchronized (processes) {
            recent = processes.get(pid);
            if (recent == null) {
                recent = new Recent<ProcessReading>();
                processes.put(pid, recent);
            }
        }
        return recent.get(new Reading<ProcessReading>() {
            @Override
            public ProcessReading take() {
                return host.process(pid);
            }
        });
    }

    @Override
    public List<Long> pidsNamed(String name) {
        return host.pidsNamed(name);
    }
}
