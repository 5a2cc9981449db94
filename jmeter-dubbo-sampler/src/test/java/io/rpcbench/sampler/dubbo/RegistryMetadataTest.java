package io.rpcbench.sampler.dubbo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcbench.sampler.call.SamplerParameters;
import io.rpcbench.sampler.json.ServiceDefinition;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The read shared by the threads that ask at once, with a fake reader in place of ZooKeeper. */
class RegistryMetadataTest {

    private static final Duration DEADLINE = Duration.ofSeconds(10);

    @AfterEach
    void forgetTheCache() {
        RegistryMetadata.forget();
    }

    @Test
    void anErrorWhileReadingReachesTheThreadWaitingOnTheSameRead() throws Exception {
        DubboSettings settings = DubboSettings.forService(new SamplerParameters(Map.of(
                "address", "zookeeper://127.0.0.1:2181", "interface", "com.example.Broken")::get));
        CountDownLatch reading = new CountDownLatch(1);
        CountDownLatch fail = new CountDownLatch(1);
        AtomicInteger reads = new AtomicInteger();
        RegistryMetadata.Reader reader = s -> {
            reads.incrementAndGet();
            reading.countDown();
            fail.await();
            throw new NoClassDefFoundError("org/apache/curator/framework/CuratorFramework");
        };
        FutureTask<ServiceDefinition> first = new FutureTask<>(() -> RegistryMetadata.definition(settings, reader));
        FutureTask<ServiceDefinition> second = new FutureTask<>(() -> RegistryMetadata.definition(settings, reader));
        Thread firstThread = daemon(first, "first-reader");
        Thread secondThread = daemon(second, "second-waiter");

        firstThread.start();
        assertThat(reading.await(DEADLINE.toSeconds(), TimeUnit.SECONDS)).as("the first thread reads").isTrue();
        secondThread.start();
        awaitWaiting(secondThread); // on the first thread's read
        fail.countDown();

        assertThatThrownBy(() -> first.get(DEADLINE.toSeconds(), TimeUnit.SECONDS))
                .isInstanceOf(ExecutionException.class).hasCauseInstanceOf(NoClassDefFoundError.class);
        assertThatThrownBy(() -> second.get(DEADLINE.toSeconds(), TimeUnit.SECONDS))
                .as("the waiting thread gets the same failure, not a wait forever")
                .isInstanceOf(ExecutionException.class).hasCauseInstanceOf(NoClassDefFoundError.class)
                .hasRootCauseMessage("org/apache/curator/framework/CuratorFramework");
        assertThat(reads).as("one read for both threads").hasValue(1);
    }

    private static Thread daemon(Runnable task, String name) {
        Thread thread = new Thread(task, name);
        thread.setDaemon(true); // without the fix the waiter never ends: it must not hold up the test JVM
        return thread;
    }

    /** Until {@code thread} parks (in the shared read's future), with a deadline. */
    private static void awaitWaiting(Thread thread) {
        long end = System.nanoTime() + DEADLINE.toNanos();
        while (thread.getState() != Thread.State.WAITING) {
            if (System.nanoTime() > end) {
                throw new AssertionError(thread.getName() + " did not wait within " + DEADLINE + ": " + thread.getState());
            }
            Thread.onSpinWait();
        }
    }
}
