package io.rpcbench.sampler.call;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * How long what the sampler threads share (a Dubbo consumer, idle Thrift sockets) outlives its last user: to the end
 * of the run it was used in. Under JMeter's Open Model Thread Group each arrival is a thread of its own that sets up,
 * makes one call and tears down; between two arrivals no thread may hold a consumer, and destroying it then would
 * make the next arrival build it again (seconds for Dubbo). So a release during a run keeps the shared thing for the
 * next user, and it goes when the run ends. Outside a run (a sampler driven by a test, no engine) the last release
 * ends it at once, as before.
 *
 * <p>The run is told by an id ({@link #current()}): JMeter's test start time in the samplers (set by the JMeter
 * adapter through {@link #use}), 0 when no run is under way. {@link #whenEnded} runs an action once the id has
 * changed, checked by one daemon thread every {@value #CHECK_MS} ms while an action waits, so a JMeter run's end
 * releases them within that time, a headless JMeter exits as soon, and the thread ends with the last action.
 */
public final class RunScope {

    /** How often the daemon thread checks whether the runs waited on have ended. */
    static final long CHECK_MS = 200;

    /** What to do when run {@code run} has ended. */
    private record Waiting(long run, Runnable action) {}

    private static final Logger LOG = LoggerFactory.getLogger(RunScope.class);
    private static volatile LongSupplier runs = () -> 0;
    private static final List<Waiting> WAITING = new ArrayList<>();
    private static ScheduledExecutorService checker;

    private RunScope() {}

    /** Where the run's id comes from: JMeter's test start time (0 between runs). */
    public static void use(LongSupplier runIds) {
        runs = runIds;
    }

    /** Where the run's id comes from now: for tests that replace it and put it back. */
    public static LongSupplier runs() {
        return runs;
    }

    /** The run under way, 0 for none. */
    public static long current() {
        return runs.getAsLong();
    }

    /**
     * Runs {@code action} once run {@code run} has ended (at once if it has), on the daemon thread; an action that
     * throws is logged and the others still run.
     */
    public static synchronized void whenEnded(long run, Runnable action) {
        WAITING.add(new Waiting(run, action));
        if (checker == null) {
            checker = Executors.newSingleThreadScheduledExecutor(task -> {
                Thread thread = new Thread(task, "rpcbench-run-scope");
                thread.setDaemon(true);
                return thread;
            });
            checker.scheduleWithFixedDelay(RunScope::runEnded, CHECK_MS, CHECK_MS, TimeUnit.MILLISECONDS);
        }
    }

    /** The actions waiting: for tests. */
    static synchronized int waiting() {
        return WAITING.size();
    }

    /** Runs the actions of every run that has ended. */
    static void runEnded() {
        long now = current();
        List<Runnable> due = new ArrayList<>();
        synchronized (RunScope.class) {
            WAITING.removeIf(waiting -> {
                if (waiting.run() != now) {
                    due.add(waiting.action());
                    return true;
                }
                return false;
            });
            if (WAITING.isEmpty() && checker != null) { // nothing left to wait for: no thread of ours stays behind
                checker.shutdown();
                checker = null;
            }
        }
        for (Runnable action : due) {
            try {
                action.run();
            } catch (RuntimeException | LinkageError e) { // one that fails to close must not keep the others open
                LOG.warn("could not release what the samplers shared in the run that ended", e);
            }
        }
    }
}
