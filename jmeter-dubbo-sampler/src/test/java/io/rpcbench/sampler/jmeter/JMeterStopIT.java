package io.rpcbench.sampler.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.sampler.dubbo.DubboReferences;
import io.rpcbench.testing.ProviderApp;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.apache.jmeter.protocol.java.sampler.JavaSampler;
import org.apache.jmeter.protocol.java.test.JavaTest;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jorphan.collections.HashTree;
import org.apache.jorphan.collections.SearchByClass;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A test stopped mid-run in JMeter's own engine, in this JVM: Stop (threads interrupted, samples cut short) and
 * Shutdown (each thread ends its sample). Afterwards every client is closed and no thread started by the run is
 * left: the threads alive after the stop are compared with those alive before the run (a thread dump of this JVM).
 */
class JMeterStopIT {

    /** A call takes this long, so that a stop finds every thread inside a call. */
    private static final String DELAY_MS = "300";
    private static final int THREADS = 4;
    private static final Duration DEADLINE = Duration.ofSeconds(30);
    private static final Duration THREADS_END = Duration.ofSeconds(10);

    @TempDir
    static Path home;

    /** In its own JVM, so that every thread of this one that a run leaves behind is the samplers'. */
    private static ProviderApp provider;

    @BeforeAll
    static void jmeterProperties() throws Exception {
        JMeterTestHome.use(home);
        // JMeter starts threads of its own on first use that live as long as the JVM (e.g. NanoOffset): a run of its
        // own Java Request sampler first, so that the threads compared below are the ones our samplers leave.
        JavaSampler jmeterOwn = EnginePlans.javaRequest("jmeter-own", new JavaTest(),
                Map.of("Sleep_Time", "10", "Sleep_Mask", "0"));
        runAndStop(plan(List.of(jmeterOwn), new CollectedSamples()), true);

        provider = ProviderApp.onFreePorts("--delay-ms", DELAY_MS, "--threads", "20");
    }

    @AfterAll
    static void stopProvider() {
        if (provider != null) {
            provider.close();
        }
    }

    @ParameterizedTest(name = "stopTest(now = {0})")
    @ValueSource(booleans = {true, false})
    void noClientAndNoThreadOfOursIsLeftAfterAStop(boolean now) throws Exception {
        Set<Thread> before = Thread.getAllStackTraces().keySet();
        CollectedSamples samples = new CollectedSamples();
        runAndStop(plan(List.of(
                EnginePlans.javaRequest("dubbo", new DubboSampler(),
                        Map.of("address", "dubbo://127.0.0.1:" + provider.dubboPort())),
                EnginePlans.javaRequest("thrift", new ThriftSampler(),
                        Map.of("host", "127.0.0.1", "port", Integer.toString(provider.thriftPort())))), samples), now);
        List<SampleResult> results = samples.results();

        assertThat(results).as("samples before the stop").hasSizeGreaterThanOrEqualTo(2 * THREADS);
        if (!now) { // Shutdown lets every thread end its call: nothing is cut short
            assertThat(results).allSatisfy(r -> assertThat(r.isSuccessful()).as(r.getResponseMessage()).isTrue());
        }

        // The run's consumers go when it has ended (RunScope, within 200 ms), and threads end shortly after their
        // pools are shut down: wait for both, then name what is left.
        long end = System.nanoTime() + THREADS_END.toNanos();
        while (DubboReferences.liveConsumers() > 0 && System.nanoTime() < end) {
            Thread.sleep(50);
        }
        assertThat(DubboReferences.liveConsumers()).as("Dubbo consumers").isZero();
        while (!newThreads(before).isEmpty() && System.nanoTime() < end) {
            Thread.sleep(50);
        }
        assertThat(newThreads(before)).as("threads started by the run and still alive").isEmpty();
    }

    /** Runs {@code plan} until it has samples, then stops it ({@code now}: Stop, else Shutdown) and awaits its end. */
    private static void runAndStop(HashTree plan, boolean now) throws Exception {
        CollectedSamples samples = samplesOf(plan);
        StandardJMeterEngine engine = new StandardJMeterEngine();
        engine.configure(plan);
        engine.runTest();
        try {
            awaitTrue(() -> samples.count() >= 2 * THREADS, "samples from every thread");
            engine.stopTest(now);
            awaitTrue(() -> !engine.isActive(), "the engine to end");
        } finally {
            engine.stopTest(true);
        }
    }

    private static List<String> newThreads(Set<Thread> before) {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> !before.contains(t) && t.isAlive())
                // Netty's JVM-wide executor for its own bookkeeping (event loop termination): no client's, and it
                // ends by itself once idle.
                .filter(t -> !t.getName().startsWith("globalEventExecutor-"))
                // Dubbo's JVM-wide cached executor (daemon threads): Dubbo makes it again when a channel's last event
                // comes after the consumers were destroyed, which since they go at the run's end (RunScope, on its
                // own thread) happened once in six runs; an idle one ends by itself (cached pool keep-alive).
                .filter(t -> !(t.isDaemon() && t.getName().startsWith("Dubbo-global-shared-handler-")))
                .map(Thread::getName).sorted().collect(Collectors.toList());
    }

    private static CollectedSamples samplesOf(HashTree plan) {
        SearchByClass<CollectedSamples> search = new SearchByClass<>(CollectedSamples.class);
        plan.traverse(search);
        return search.getSearchResults().iterator().next();
    }

    private static HashTree plan(List<JavaSampler> samplers, CollectedSamples samples) {
        return EnginePlans.of("stop", LoadThreadGroup.of(THREADS, -1), samples, samplers);
    }

    private interface Condition {
        boolean holds();
    }

    private static void awaitTrue(Condition condition, String what) throws InterruptedException {
        long end = System.nanoTime() + DEADLINE.toNanos();
        while (!condition.holds()) {
            if (System.nanoTime() > end) {
                throw new AssertionError("no " + what + " within " + DEADLINE);
            }
            Thread.sleep(50); // polling the engine's state
        }
    }
}
