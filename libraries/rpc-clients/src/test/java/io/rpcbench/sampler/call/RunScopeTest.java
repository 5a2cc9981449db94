package io.rpcbench.sampler.call;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class RunScopeTest {

    private final AtomicLong run = new AtomicLong();
    private LongSupplier before;

    @BeforeEach
    void fakeRuns() {
        before = RunScope.runs();
        RunScope.use(run::get);
    }

    @AfterEach
    void realRuns() {
        RunScope.use(before);
    }

    @Test
    void anActionWaitsForTheEndOfItsRunOnlyAndRunsOnce() throws Exception {
        run.set(42);
        CountDownLatch ended = new CountDownLatch(1);
        AtomicInteger runs = new AtomicInteger();
        RunScope.whenEnded(42, () -> {
            runs.incrementAndGet();
            ended.countDown();
        });
        RunScope.runEnded(); // what the daemon thread does: the run is still under way

        assertThat(runs).as("ran during its run").hasValue(0);
        assertThat(RunScope.waiting()).isOne();

        run.set(0); // JMeter's test ended
        assertThat(ended.await(5, TimeUnit.SECONDS)).as("ran within 5 s of the run's end").isTrue();
        RunScope.runEnded();
        assertThat(runs).hasValue(1);
        assertThat(RunScope.waiting()).isZero();
    }

    @Test
    void anActionThatThrowsDoesNotKeepTheOthersFromRunning() throws Exception {
        run.set(7);
        CountDownLatch second = new CountDownLatch(1);
        RunScope.whenEnded(7, () -> {
            throw new IllegalStateException("cannot close");
        });
        RunScope.whenEnded(7, second::countDown);

        run.set(8); // the next run started
        assertThat(second.await(5, TimeUnit.SECONDS)).isTrue();
    }
}
