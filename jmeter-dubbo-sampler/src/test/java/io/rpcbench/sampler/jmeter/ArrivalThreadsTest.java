package io.rpcbench.sampler.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.sampler.call.RpcClient;
import io.rpcbench.sampler.call.SamplerParameters;
import java.lang.ref.WeakReference;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.apache.jmeter.config.Arguments;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.apache.jmeter.threads.openmodel.OpenModelThreadGroup;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The samplers under JMeter's Open Model Thread Group, in JMeter's own engine: a thread per arrival, which sets up,
 * makes one sample and ends. Once {@value #ARRIVALS} arrivals have come and gone (the schedule then pauses, the run
 * still under way) no client is left open, and the arrivals' samplers can be collected: nothing of a finished arrival
 * is kept until the run ends. (A sampler class that declares {@code teardownTest} is kept by JMeter's Java Request,
 * with its thread's copy of the plan, until the test ends: at 2,000 arrivals a second the heap grew by ~40 MB a second
 * and its collections paused for 30-100 ms.)
 */
class ArrivalThreadsTest {

    private static final int ARRIVALS = 1_000;
    private static final long CALL_MS = 2;
    private static final Duration DEADLINE = Duration.ofSeconds(30);

    @TempDir
    static Path home;

    @BeforeAll
    static void jmeterProperties() throws Exception {
        JMeterTestHome.use(home);
    }

    @Test
    @Timeout(90)
    void finishedArrivalsLeaveNoClientOpenAndNoSamplerBehindWhileTheRunGoesOn() throws Exception {
        OpenModelThreadGroup group = new OpenModelThreadGroup();
        group.setName("arrivals");
        // The arrivals in the first second, then a pause long enough to look while the run is still under way.
        group.setScheduleString("rate(" + ARRIVALS + "/sec) random_arrivals(1 sec) pause(60 sec)");
        CollectedSamples collected = new CollectedSamples();
        StandardJMeterEngine engine = new StandardJMeterEngine();
        engine.configure(EnginePlans.of("arrivals", group, collected,
                List.of(EnginePlans.javaRequest("arrival", new ArrivalSampler(), Map.of()))));
        engine.runTest();
        try {
            awaitOrFail("every arrival's sample listened to", () -> collected.results().size() >= ARRIVALS);
            assertThat(engine.isActive()).as("the run still under way (its schedule pauses)").isTrue();

            assertThat(ArrivalSampler.OPEN.get()).as("clients still open after %d arrivals", ARRIVALS).isZero();
            awaitOrFail("the finished arrivals' samplers collected", () -> {
                System.gc();
                // JMeter's pool keeps its idle threads, each with the context of its last arrival: tens of them
                return ArrivalSampler.reachable() <= ARRIVALS / 4;
            });
        } finally {
            engine.stopTest(true);
            awaitOrFail("the run ended", () -> !engine.isActive());
        }
        assertThat(collected.results()).hasSizeGreaterThanOrEqualTo(ARRIVALS)
                .allMatch(sample -> sample.isSuccessful());
    }

    private static void awaitOrFail(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + DEADLINE.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within " + DEADLINE.toSeconds() + " s: " + what + " (samples "
                        + ArrivalSampler.SAMPLES.get() + ", clients open " + ArrivalSampler.OPEN.get()
                        + ", samplers reachable " + ArrivalSampler.reachable() + ")");
            }
            try {
                Thread.sleep(20); // polling a condition with a deadline, not waiting for readiness
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting: " + what, e);
            }
        }
    }

    /** A sampler whose client answers at once, counting clients open and samplers made. */
    public static final class ArrivalSampler extends RpcJavaSampler<String> {

        static final AtomicInteger OPEN = new AtomicInteger();
        static final AtomicInteger SAMPLES = new AtomicInteger();
        private static final List<WeakReference<ArrivalSampler>> MADE = new ArrayList<>();

        public ArrivalSampler() {
            synchronized (MADE) {
                MADE.add(new WeakReference<>(this));
            }
        }

        /** The samplers made so far that are still reachable. */
        static int reachable() {
            synchronized (MADE) {
                return (int) MADE.stream().filter(made -> made.get() != null).count();
            }
        }

        @Override
        protected void addParameters(Arguments arguments) {}

        @Override
        protected String setup(SamplerParameters parameters) {
            return "arrival";
        }

        @Override
        protected RpcClient open(String setup) {
            OPEN.incrementAndGet();
            return new AnsweringClient("test://arrival", () -> {
                // As long as a call on loopback: an arrival that ends at once can end before JMeter 5.6.3's Open
                // Model Thread Group has recorded it as active, and then stays recorded (and reachable) for good.
                Thread.sleep(CALL_MS);
                SAMPLES.incrementAndGet();
                return "answer";
            }, OPEN::decrementAndGet);
        }

        @Override
        protected String target(String setup) {
            return "test://arrival";
        }

        @Override
        protected String summary(String setup) {
            return "arrival";
        }
    }
}
