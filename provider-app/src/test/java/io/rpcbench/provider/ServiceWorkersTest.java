package io.rpcbench.provider;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The timetable of a provider of known capacity: who starts when, in arrival order, without a clock. */
class ServiceWorkersTest {

    private static final long MS = 1_000_000;

    @Test
    void callsArrivingTogetherFillTheWorkersThenWaitInArrivalOrder() {
        ServiceWorkers workers = new ServiceWorkers(2, 10_000);
        long t = System.nanoTime() + 1_000 * MS;

        assertThat(workers.book(t)).as("first worker").isEqualTo(t + 10 * MS);
        assertThat(workers.book(t)).as("second worker").isEqualTo(t + 10 * MS);
        assertThat(workers.book(t)).as("waits for the first").isEqualTo(t + 20 * MS);
        assertThat(workers.book(t)).as("waits for the second").isEqualTo(t + 20 * MS);
        assertThat(workers.book(t)).as("third in line").isEqualTo(t + 30 * MS);
    }

    @Test
    void aCallArrivingAfterItsWorkerIsFreeStartsAtOnce() {
        ServiceWorkers workers = new ServiceWorkers(1, 5_000);
        long t = System.nanoTime() + 1_000 * MS;

        assertThat(workers.book(t)).isEqualTo(t + 5 * MS);
        assertThat(workers.book(t + 3 * MS)).as("waits 2 ms").isEqualTo(t + 10 * MS);
        assertThat(workers.book(t + 50 * MS)).as("the worker idle since t + 10 ms").isEqualTo(t + 55 * MS);
    }

    @Test
    void aLateAnswerDoesNotDelayTheNextCallsStart() {
        // The worker's next start is its booked end, whenever the thread of the call before woke up.
        ServiceWorkers workers = new ServiceWorkers(1, 2_000);
        long t = System.nanoTime() + 1_000 * MS;

        long first = workers.book(t);
        assertThat(workers.book(t + 1 * MS)).isEqualTo(first + 2 * MS);
    }

    @Test
    void capacityIsWorkersOverServiceTime() {
        assertThat(new ServiceWorkers(4, 5_000).capacityPerSecond()).isEqualTo(800.0);
        assertThat(new ServiceWorkers(32, 2_000).capacityPerSecond()).isEqualTo(16_000.0);
    }

    @Test
    void serveReturnsOnceTheServiceTimeHasPassed() {
        ServiceWorkers workers = new ServiceWorkers(1, 2_000);
        long start = System.nanoTime();
        workers.serve();

        assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(2 * MS);
    }

    @Test
    void refusesNoWorkersOrNoServiceTime() {
        assertThatThrownBy(() -> new ServiceWorkers(0, 1000)).hasMessage("workers 0 is out of range; expected 1 or more");
        assertThatThrownBy(() -> new ServiceWorkers(1, 0))
                .hasMessage("service time 0 µs is out of range; expected 1 or more");
    }

    @Test
    void aDelayedEchoWithWorkersServesEveryCallThere() {
        ServiceWorkers workers = new ServiceWorkers(1, 3_000);
        DelayedEcho echo = new DelayedEcho(0, workers);
        long start = System.nanoTime();

        assertThat(echo.echo("abc")).isEqualTo("abc");
        assertThat(System.nanoTime() - start).isGreaterThanOrEqualTo(3 * MS);
    }
}
