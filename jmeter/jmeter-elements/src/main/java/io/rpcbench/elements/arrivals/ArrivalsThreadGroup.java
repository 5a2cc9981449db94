package io.rpcbench.elements.arrivals;

import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.apache.jmeter.threads.JMeterThread;
import org.apache.jmeter.threads.ListenerNotifier;
import org.apache.jmeter.threads.ThreadGroup;
import org.apache.jorphan.collections.ListedHashTree;
import org.apache.jorphan.util.JMeterStopTestException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * rpcbench's <em>Arrivals Thread Group</em> (Add &gt; Threads): an open workload whose calls arrive at a rate, on a
 * schedule written as for JMeter's Open Model Thread Group ({@code rate(1000/sec) random_arrivals(1 min)}), served by
 * a pool of threads that are started once and reused for every arrival, as k6's constant-arrival-rate executor and the
 * jmeter-plugins Arrivals Thread Group do. JMeter's Open Model Thread Group starts a thread per arrival (and its copy
 * of the plan), which at thousands of arrivals a second is what limits the rate; here an arrival costs a timed
 * wake-up.
 *
 * <p>Each iteration of a pool thread is one arrival ({@link ArrivalsController}); its first rpcbench sample is measured
 * from the arrival's due time, so when every thread is busy and arrivals wait, their wait shows as schedule lag
 * instead of being hidden. The schedule ends on time: arrivals not started by its end, or when the run is stopped,
 * are counted as not started (not failed), and the group's line in {@code jmeter.log} says how many, and the pool
 * size the rate needed when the pool was too small.
 *
 * <p>Fields: {@value #SCHEDULE} (the schedule), {@code ThreadGroup.num_threads} (the pool: threads, and so calls in
 * flight at most), {@value #ENGINES} (the schedule's rate is split between this many JMeter engines: each runs
 * {@code 1/engines} of it; 1 for a run on one JMeter), {@value #RANDOM_SEED} (random arrivals' seed; empty: a new one
 * each run). Each is checked when the test starts; a bad one stops the whole test (the other thread groups too)
 * with a message naming it.
 *
 * <p>Order of calls (JMeter's): {@link #start} on the engine's thread (the schedule read, the rpcbench samplers'
 * clients made ready ({@link ClientsBeforeArrivals}), the pool's threads started, then the schedule's clock), the pool threads' iterations, {@link #stop} or {@link #tellThreadsToStop} when the run is
 * stopped, {@link #threadFinished} as each thread ends.
 */
public class ArrivalsThreadGroup extends ThreadGroup {

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(ArrivalsThreadGroup.class);

    /** The schedule, in the Open Model Thread Group's language. */
    public static final String SCHEDULE = "ArrivalsThreadGroup.schedule";
    /** The number of JMeter engines the schedule's rate is split between. */
    public static final String ENGINES = "ArrivalsThreadGroup.engines";
    /** The random arrivals' seed; empty for a new one each run. */
    public static final String RANDOM_SEED = "ArrivalsThreadGroup.random_seed";

    /**
     * The pool when none is set. Not larger: when a generator falls behind, every pool thread is runnable and they
     * contend for JMeter's JTL writer; on 2 vCPUs at 47,000 Thrift arrivals a second asked, a pool of 200 reached
     * 20,700 a second and one of 32 reached 36,500 (docs/performance.md section 9). A slower service needs more: the
     * group's line in jmeter.log names the size the rate needed.
     */
    public static final int DEFAULT_POOL = 32;

    /** The run's arrivals, shared by the pool's threads (each has its own copy of this element, not of these). */
    private transient volatile Arrivals arrivals;
    private transient volatile boolean summarised;

    public ArrivalsThreadGroup() {
        setSamplerController(new ArrivalsController());
    }

    public String getSchedule() {
        return getPropertyAsString(SCHEDULE);
    }

    public void setSchedule(String schedule) {
        setProperty(SCHEDULE, schedule);
    }

    public String getEngines() {
        return getPropertyAsString(ENGINES, "1");
    }

    public void setEngines(String engines) {
        setProperty(ENGINES, engines);
    }

    public String getRandomSeed() {
        return getPropertyAsString(RANDOM_SEED);
    }

    public void setRandomSeed(String seed) {
        setProperty(RANDOM_SEED, seed);
    }

    /** This run's arrivals; null before {@link #start}. */
    Arrivals arrivals() {
        return arrivals;
    }

    @Override
    public void start(int groupNumber, ListenerNotifier notifier, ListedHashTree threadGroupTree,
            StandardJMeterEngine engine) {
        ArrivalsSettings settings;
        try {
            settings = ArrivalsSettings.read(getSchedule(), getPropertyAsString(NUM_THREADS), getEngines(),
                    getRandomSeed());
        } catch (IllegalArgumentException e) {
            // JMeter skips a group whose start throws and runs the others: a test with a bad schedule is not the test
            // the user asked for, so the whole test stops, and the engine reports the message
            engine.stopTest(true);
            throw new JMeterStopTestException(getName() + ": " + e.getMessage());
        }
        List<ArrivalSchedule.Segment> segments = ArrivalSchedule.share(settings.segments(), settings.engines());
        long seed = settings.seed() != null ? settings.seed() : ThreadLocalRandom.current().nextLong();
        ArrivalSchedule schedule = new ArrivalSchedule(segments, seed);
        Arrivals current = new Arrivals(schedule, settings.pool());
        arrivals = current;
        summarised = false;
        LOG.info("{}: {} arrivals expected over {} s (schedule '{}', {} of it on this engine), pool of {} threads",
                getName(), Math.round(schedule.expectedArrivals()), schedule.totalSeconds(), getSchedule(),
                settings.engines() == 1 ? "all" : "1/" + settings.engines(), settings.pool());
        ClientsBeforeArrivals.prepare(threadGroupTree);
        super.start(groupNumber, notifier, threadGroupTree, engine);
        current.begin(System.nanoTime());
    }

    @Override
    public void stop() {
        stopArrivals();
        super.stop();
    }

    @Override
    public void tellThreadsToStop() {
        stopArrivals();
        super.tellThreadsToStop();
    }

    private void stopArrivals() {
        Arrivals current = arrivals;
        if (current != null) {
            current.stop();
        }
    }

    @Override
    public void threadFinished(JMeterThread thread) {
        super.threadFinished(thread);
        Arrivals current = arrivals;
        if (current != null && numberOfActiveThreads() == 0 && !summarised) {
            summarised = true;
            LOG.info("{}: {}", getName(), current.summary(System.nanoTime()));
        }
    }
}
