package io.rpcbench.perf.overhead;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.rpcbench.perf.overhead.ThreadWaits.Kind;
import io.rpcbench.perf.overhead.ThreadWaits.Side;
import io.rpcbench.perf.overhead.ThreadWaits.Site;
import io.rpcbench.perf.overhead.ThreadWaits.SiteRow;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ThreadWaitsTest {

    private static final String QUEUE = "`java.util.concurrent.LinkedBlockingQueue.take` ← `org.apache.dubbo.X.wait`";
    private static final String COLLECTOR = "`org.apache.jmeter.reporters.ResultCollector.sampleOccurred` ← "
            + "`org.apache.jmeter.threads.ListenerNotifier.notifyListeners`";

    private static Instant ms(long epochMillis) {
        return Instant.ofEpochMilli(epochMillis);
    }

    /**
     * The window is 1000 to 2000 ms, 2 calling threads: 200 ms parked in it (100 ms of a wait that began before it,
     * 100 ms inside it), 50 ms blocked on a monitor (the part of a wait that ends after it), nothing of the other
     * threads' waits nor of the waits outside the window.
     */
    private static ThreadWaits bareWaits() {
        ThreadWaits waits = new ThreadWaits(ThreadWaits.BARE_LOOP_THREADS, 1_000, 2_000);
        waits.add(Kind.PARK, "bare-loop-0", 21, ms(900), ms(1_100), QUEUE);
        waits.add(Kind.PARK, "bare-loop-1", 22, ms(1_500), ms(1_600), QUEUE);
        waits.add(Kind.MONITOR, "bare-loop-1", 22, ms(1_950), ms(2_050), "`a.B.m` ← `a.C.n`");
        waits.add(Kind.PARK, "NettyClientWorker-2-1", 30, ms(1_000), ms(2_000), "`io.netty.X.select`");
        waits.add(Kind.PARK, "bare-loop-0", 21, ms(2_000), ms(2_500), QUEUE);
        return waits;
    }

    @Test
    void countsThePartOfEachWaitOfTheCallingThreadsInsideTheWindow() {
        ThreadWaits waits = bareWaits();

        assertThat(waits.nanos(Kind.PARK)).isEqualTo(200_000_000L);
        assertThat(waits.nanos(Kind.MONITOR)).isEqualTo(50_000_000L);
        assertThat(waits.threadsSeen()).isEqualTo(2);
        assertThat(waits.bySite()).containsEntry(new Site(Kind.PARK, QUEUE), 200_000_000L)
                .doesNotContainKey(new Site(Kind.PARK, "`io.netty.X.select`"));
    }

    @Test
    void perCallIsTheWaitsTimeOverTheWindowsCallsAndTheShareIsOfTheThreadsTime() {
        Side side = new Side(bareWaits(), 2, 100);

        assertThat(side.microsPerCall(Kind.PARK)).as("200 ms over 100 calls").isCloseTo(2_000.0, within(1e-9));
        assertThat(side.microsPerCall(Kind.MONITOR)).isCloseTo(500.0, within(1e-9));
        assertThat(side.shareOfThreadsTime(Kind.PARK)).as("200 ms of 2 threads × 1 s").isCloseTo(0.1, within(1e-12));
        assertThat(new Side(bareWaits(), 2, 0).microsPerCall(Kind.PARK)).as("no calls: not measured").isNaN();
    }

    @Test
    void overlapIsCutToTheWindow() {
        assertThat(ThreadWaits.overlapNanos(ms(500), ms(700), 1_000, 2_000)).isZero();
        assertThat(ThreadWaits.overlapNanos(ms(500), ms(2_500), 1_000, 2_000)).isEqualTo(1_000_000_000L);
        assertThat(ThreadWaits.overlapNanos(ms(1_000).plusNanos(10), ms(1_000).plusNanos(35), 1_000, 2_000))
                .isEqualTo(25);
        assertThatThrownBy(() -> new ThreadWaits(ThreadWaits.BARE_LOOP_THREADS, 2_000, 1_000))
                .hasMessage("window 2000 to 1000 ms: the end is before the start");
    }

    @Test
    void aSiteIsTheFirstFrameOutsideTheParkMachineryAndItsCaller() {
        assertThat(ThreadWaits.site(List.of("jdk.internal.misc.Unsafe.park", "java.util.concurrent.locks.LockSupport.park",
                "java.util.concurrent.locks.AbstractQueuedSynchronizer$ConditionObject.await",
                "java.util.concurrent.LinkedBlockingQueue.take", "org.apache.dubbo.X.wait", "org.apache.dubbo.Y.get")))
                .isEqualTo(QUEUE);
        assertThat(ThreadWaits.site(List.of("a.B.m"))).isEqualTo("`a.B.m`");
        assertThat(ThreadWaits.site(List.of("jdk.internal.misc.Unsafe.park"))).as("machinery alone")
                .isEqualTo("`jdk.internal.misc.Unsafe.park`");
        assertThat(ThreadWaits.site(List.of())).isEqualTo("(no stack)");
    }

    private static Side jmeterSide() {
        ThreadWaits waits = new ThreadWaits(ThreadWaits.JMETER_THREADS, 1_000, 2_000);
        waits.add(Kind.PARK, "Thread Group 1-1", 41, ms(1_000), ms(1_300), QUEUE);
        waits.add(Kind.MONITOR, "Thread Group 1-2", 42, ms(1_000), ms(1_100), COLLECTOR);
        waits.add(Kind.PARK, "StandardJMeterEngine", 43, ms(1_000), ms(2_000), "`org.apache.jmeter.Engine.run`");
        return new Side(waits, 2, 100);
    }

    @Test
    void theTopSitesOfEitherSideComeMostFirstWithBothSidesFigures() {
        List<SiteRow> rows = ThreadWaits.topSites(new Side(bareWaits(), 2, 100), jmeterSide(), 1);

        assertThat(rows).extracting(r -> r.site().frames()).as("each side's top site, the larger first")
                .containsExactly(QUEUE);
        List<SiteRow> all = ThreadWaits.topSites(new Side(bareWaits(), 2, 100), jmeterSide(), 5);
        assertThat(all).extracting(r -> r.site().frames()).containsExactly(QUEUE, COLLECTOR, "`a.B.m` ← `a.C.n`");
        assertThat(all.get(0).microsBare()).isCloseTo(2_000.0, within(1e-9));
        assertThat(all.get(0).microsJMeter()).isCloseTo(3_000.0, within(1e-9));
        assertThat(all.get(1).difference()).as("JMeter's alone").isCloseTo(1_000.0, within(1e-9));
    }

    @Test
    void markdownPutsTheLoopBesideJMeterPerCall() {
        String table = ThreadWaits.markdown("Dubbo at 2 threads", new Side(bareWaits(), 2, 100), jmeterSide(), 5);

        assertThat(table).startsWith("Dubbo at 2 threads: time parked (jdk.ThreadPark) and blocked entering monitors")
                .contains("threshold 0 ms")
                .contains("(a) the bare loop, 100 calls in 1.0 s, waits on 2 of 2 threads; (b) JMeter, 100 calls "
                        + "in 1.0 s, waits on 2 of 2 threads.")
                .contains("| parked (jdk.ThreadPark) | 2000.00 | 3000.00 | +1000.00 | 10.0 % | 15.0 % |\n")
                .contains("| blocked on monitors (jdk.JavaMonitorEnter) | 500.00 | 1000.00 | +500.00 | 2.5 % | 5.0 % |\n")
                .contains("| " + QUEUE + " | park | 2000.00 | 3000.00 | +1000.00 |\n")
                .contains("| " + COLLECTOR + " | monitor | 0.00 | 1000.00 | +1000.00 |\n");
    }

    private static void parkFor(Duration wait) {
        long end = System.nanoTime() + wait.toNanos();
        for (long left = wait.toNanos(); left > 0; left = end - System.nanoTime()) {
            LockSupport.parkNanos(left); // may return early, hence the loop
        }
    }

    /** A calling thread's 60 ms parked. */
    private static void callerParks() {
        parkFor(Duration.ofMillis(60));
    }

    /** Enters {@code lock}'s monitor (blocked while the test holds it). */
    private static void enter(Object lock) {
        synchronized (lock) {
            lock.notifyAll();
        }
    }

    /**
     * A recording of a calling thread that parks 60 ms, another blocked 30 ms on a monitor, and a bystander that
     * parks 500 ms: the calling threads' waits, over 10 calls, and their sites in this class.
     */
    @Test
    void readsParksAndMonitorEntersOfTheCallingThreadsFromARecording(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("waits.jfr");
        long from = System.currentTimeMillis() - 1;
        Object lock = new Object();
        try (Recording recording = new Recording()) {
            recording.enable(Kind.PARK.event).withThreshold(Duration.ZERO).withStackTrace();
            recording.enable(Kind.MONITOR.event).withThreshold(Duration.ZERO).withStackTrace();
            recording.start();
            Thread parker = new Thread(ThreadWaitsTest::callerParks, "Thread Group 1-1");
            Thread bystander = new Thread(() -> parkFor(Duration.ofMillis(500)), "bystander");
            Thread blocked;
            synchronized (lock) {
                parker.start();
                bystander.start();
                blocked = new Thread(() -> enter(lock), "Thread Group 1-2");
                blocked.start();
                while (blocked.getState() != Thread.State.BLOCKED) { // it waits for the lock now
                    Thread.onSpinWait();
                }
                parkFor(Duration.ofMillis(30)); // the time it stays blocked
            }
            parker.join();
            bystander.join();
            blocked.join();
            recording.stop();
            recording.dump(file);
        }
        long to = System.currentTimeMillis() + 1;

        Side side = new Side(new ThreadWaits(ThreadWaits.JMETER_THREADS, from, to).read(file), 2, 10);

        assertThat(side.waits().threadsSeen()).isEqualTo(2);
        assertThat(side.microsPerCall(Kind.PARK)).as("60 ms over 10 calls, the bystander's 500 ms not counted")
                .isBetween(5_500.0, 30_000.0);
        assertThat(side.microsPerCall(Kind.MONITOR)).as("30 ms over 10 calls").isBetween(2_500.0, 30_000.0);
        assertThat(side.waits().bySite().keySet()).filteredOn(s -> s.kind() == Kind.PARK).extracting(Site::frames)
                .containsExactly("`io.rpcbench.perf.overhead.ThreadWaitsTest.parkFor` ← "
                        + "`io.rpcbench.perf.overhead.ThreadWaitsTest.callerParks`");
        assertThat(side.waits().bySite().keySet()).filteredOn(s -> s.kind() == Kind.MONITOR)
                .extracting(Site::frames).singleElement().asString()
                .startsWith("`io.rpcbench.perf.overhead.ThreadWaitsTest.enter` ← ");
    }
}
