package io.rpcbench.elements.arrivals;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.elements.arrivals.ArrivalSchedule.Segment;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ArrivalsTest {

    private static Arrivals even(double rate, double seconds, int pool) {
        return new Arrivals(new ArrivalSchedule(List.of(new Segment(rate, rate, seconds, false)), 1), pool);
    }

    @Test
    void aThreadWaitsUntilItsArrivalIsDueAndGetsItsDueTime() {
        Arrivals arrivals = even(10, 1, 1); // due at 50 ms, 150 ms, ...
        long start = System.nanoTime();
        arrivals.begin(start);

        long first = arrivals.await(Arrivals.NONE);
        long second = arrivals.await(first);

        assertThat(first).isEqualTo(start + 50_000_000L);
        assertThat(second).isEqualTo(start + 150_000_000L);
        assertThat(System.nanoTime()).isGreaterThanOrEqualTo(second);
        assertThat(arrivals.started()).isEqualTo(2);
    }

    @Test
    void anArrivalTakenLateIsServedAtOnceAndCountedAsFindingThePoolBusy() {
        Arrivals arrivals = even(1_000, 10, 1);
        long start = System.nanoTime() - TimeUnit.MILLISECONDS.toNanos(500); // the first 500 are overdue

        arrivals.begin(start);
        long due = arrivals.await(Arrivals.NONE);

        assertThat(due).isEqualTo(start + 500_000L);
        assertThat(arrivals.late()).isEqualTo(1);
        assertThat(arrivals.summary(System.nanoTime())).contains("1 found the pool of 1 threads busy");
    }

    @Test
    void theScheduleEndsOnTimeAndWhatWasLeftIsNotStarted() {
        Arrivals arrivals = even(1_000, 1, 1);
        arrivals.begin(System.nanoTime() - TimeUnit.SECONDS.toNanos(2)); // its time is over

        assertThat(arrivals.await(Arrivals.NONE)).isEqualTo(Arrivals.NONE);
        assertThat(arrivals.started()).isZero();
        assertThat(arrivals.notStarted()).isEqualTo(1_000);
    }

    @Test
    void aStopWakesAWaitingThreadAndCountsTheRestAsNotStarted() throws Exception {
        Arrivals arrivals = even(1, 3_600, 1); // the first is due in half a second, the next a second later
        arrivals.begin(System.nanoTime());
        arrivals.await(Arrivals.NONE);
        CompletableFuture<Long> waiting = CompletableFuture.supplyAsync(() -> arrivals.await(System.nanoTime()));
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (arrivals.waiting() == 0 && System.nanoTime() < deadline) {
            Thread.onSpinWait(); // until the second thread has taken its arrival and waits for it
        }

        arrivals.stop();

        assertThat(waiting.get(5, TimeUnit.SECONDS)).isEqualTo(Arrivals.NONE);
        assertThat(arrivals.notStarted()).isEqualTo(3_599);
        assertThat(arrivals.summary(System.nanoTime())).contains("1 arrivals started, 3,599 not started (stopped)");
    }

    @Test
    void threadsThatArriveBeforeTheClockStartsWaitForIt() throws Exception {
        Arrivals arrivals = even(100, 1, 2);
        CompletableFuture<Long> early = CompletableFuture.supplyAsync(() -> arrivals.await(Arrivals.NONE));
        long start = System.nanoTime();

        arrivals.begin(start);

        assertThat(early.get(5, TimeUnit.SECONDS)).isEqualTo(start + 5_000_000L);
    }

    @Test
    void aPoolTooSmallForTheRateNamesTheSizeItNeeded() {
        Arrivals arrivals = even(1_000, 10, 2);
        long start = System.nanoTime() - TimeUnit.SECONDS.toNanos(1);
        arrivals.begin(start);
        // each arrival kept its thread busy for 10 ms: at 1,000 a second that is 10 threads busy on average
        long due = arrivals.await(Arrivals.NONE);
        for (int i = 0; i < 99; i++) {
            due = arrivals.await(System.nanoTime() - TimeUnit.MILLISECONDS.toNanos(10));
        }

        assertThat(arrivals.late()).isGreaterThan(0);
        // 100 served in ~1 s (the time since the clock started), each busy 10 ms: 1 thread on average, x2
        assertThat(arrivals.neededPoolSize(start + TimeUnit.SECONDS.toNanos(1))).isEqualTo(2);
        assertThat(due).isNotEqualTo(Arrivals.NONE);
    }
}
