package io.rpcbench.sampler.registry.consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcbench.sampler.call.BadParameterException;
import io.rpcbench.sampler.call.SamplerParameters;
import io.rpcbench.sampler.dubbo.DubboSettings;
import io.rpcbench.sampler.json.ServiceDefinition;
import io.rpcbench.sampler.registry.RegisteredService;
import io.rpcbench.sampler.registry.RegistryLookupException.Reason;
import io.rpcbench.sampler.registry.RegistryLookupException;
import io.rpcbench.sampler.registry.ServiceKey;
import io.rpcbench.sampler.registry.ServiceRegistry;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The reads shared by the threads that ask at once, the registry client kept and closed, and a registry's answer in a
 * sample's words; with a fake registry in place of ZooKeeper or Nacos.
 */
class RegistryLookupsTest {

    private static final Duration DEADLINE = Duration.ofSeconds(10);

    private final List<FakeRegistry> opened = new ArrayList<>();
    private Function<FakeRegistry, FakeRegistry> configure = registry -> registry;
    private final RegistryLookups lookups = new RegistryLookups(settings -> {
        FakeRegistry registry = configure.apply(new FakeRegistry());
        opened.add(registry);
        return registry;
    });

    @AfterEach
    void close() {
        lookups.close();
    }

    @Test
    void anErrorWhileReadingReachesTheThreadWaitingOnTheSameRead() throws Exception {
        DubboSettings settings = DubboSettings.forService(new SamplerParameters(Map.of(
                "address", "zookeeper://127.0.0.1:2181", "interface", "com.example.Broken")::get));
        CountDownLatch reading = new CountDownLatch(1);
        CountDownLatch fail = new CountDownLatch(1);
        AtomicInteger reads = new AtomicInteger();
        configure = registry -> registry.definitionRead(() -> {
            reads.incrementAndGet();
            reading.countDown();
            fail.await();
            throw new NoClassDefFoundError("org/apache/curator/framework/CuratorFramework");
        });
        FutureTask<ServiceDefinition> first = new FutureTask<>(() -> lookups.definition(settings.registryTarget()));
        FutureTask<ServiceDefinition> second = new FutureTask<>(() -> lookups.definition(settings.registryTarget()));
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

    @Test
    void oneRegistryClientServesEveryReadUntilClosed() throws Exception {
        ConsumerTarget orders = service("com.example.Orders");
        ConsumerTarget stock = service("com.example.Stock");

        assertThat(lookups.definition(orders).interfaceName()).isEqualTo("com.example.Orders");
        assertThat(lookups.definition(stock).interfaceName()).isEqualTo("com.example.Stock");
        assertThat(opened).as("one client for both interfaces of one registry").hasSize(1);
        assertThat(opened.get(0).closed).isFalse();

        lookups.close();
        assertThat(opened.get(0).closed).as("closed with the lookups").isTrue();
        lookups.definition(orders);
        assertThat(opened).as("a read after close opens a new client").hasSize(2);
    }

    @Test
    void anInterfaceTheRegistryNeverHeardOfNamesTheInterfaceParameter() {
        configure = registry -> registry.definitionRead(() -> {
            throw new RegistryLookupException(Reason.UNKNOWN_SERVICE, "has no provider in the registry X (looked for "
                    + "com.example.Typo)", "one of the interfaces with providers there: [com.example.Orders]");
        });

        assertThatThrownBy(() -> lookups.definition(service("com.example.Typo")))
                .isInstanceOf(BadParameterException.class)
                .hasMessage("interface 'com.example.Typo' has no provider in the registry X (looked for "
                        + "com.example.Typo); expected one of the interfaces with providers there: [com.example.Orders]");
    }

    @Test
    void aProviderNotRunningNowIsNoProviderAndADefinitionNotPublishedNamesTheParameterTypes() {
        configure = registry -> registry.definitionRead(() -> {
            throw new RegistryLookupException(Reason.NO_PROVIDER, "no provider of com.example.Orders now", "");
        });
        assertThatThrownBy(() -> lookups.definition(service("com.example.Orders")))
                .isInstanceOf(NoProviderException.class).hasMessage("no provider of com.example.Orders now");

        configure = registry -> registry.definitionRead(() -> {
            throw new RegistryLookupException(Reason.NO_DEFINITION, "the provider application 'shop' published no "
                    + "metadata at /x", "");
        });
        lookups.close(); // the failure above is kept a moment for the threads asking at once
        assertThatThrownBy(() -> lookups.definition(service("com.example.Orders")))
                .isInstanceOf(BadParameterException.class)
                .hasMessageStartingWith("parameter_types '' is empty, and the provider application 'shop' published "
                        + "no metadata at /x; expected the parameter types");
    }

    @Test
    void refusedCredentialsNameThePasswordWithoutShowingIt() {
        configure = registry -> registry.definitionRead(() -> {
            throw new RegistryLookupException(Reason.REFUSED, "was refused by the Nacos registry 127.0.0.1:8848: "
                    + "user not found!", "the password of user 'nacos' in that Nacos");
        });
        DubboSettings settings = DubboSettings.forService(new SamplerParameters(Map.of("address",
                "nacos://127.0.0.1:8848", "interface", "com.example.Orders", "username", "nacos", "password",
                "s3cret")::get));

        assertThatThrownBy(() -> lookups.definition(settings.registryTarget()))
                .isInstanceOf(BadParameterException.class)
                .hasMessageStartingWith("password '****' was refused by the Nacos registry 127.0.0.1:8848")
                .hasMessageNotContaining("s3cret");
    }

    private static ConsumerTarget service(String interfaceName) {
        return DubboSettings.forService(new SamplerParameters(Map.of("address", "zookeeper://127.0.0.1:2181",
                "interface", interfaceName)::get)).registryTarget();
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

    /** A read the fake registry makes of a definition. */
    private interface DefinitionRead {
        ServiceDefinition read() throws IOException, InterruptedException;
    }

    /** A registry whose definitions are the interface's name and no methods, unless told otherwise. */
    private static final class FakeRegistry implements ServiceRegistry {
        DefinitionRead definitionRead;
        volatile boolean closed;

        FakeRegistry definitionRead(DefinitionRead read) {
            this.definitionRead = read;
            return this;
        }

        @Override
        public String describe() {
            return "a fake registry";
        }

        @Override
        public List<RegisteredService> services() {
            return List.of();
        }

        @Override
        public ServiceDefinition definition(ServiceKey key) throws IOException, InterruptedException {
            return definitionRead != null ? definitionRead.read()
                    : new ServiceDefinition(key.interfaceName(), List.of(), Map.of());
        }

        @Override
        public void requireProvider(ServiceKey key) {}

        @Override
        public List<String> providedBy(ServiceKey key) {
            return List.of();
        }

        @Override
        public void requireAccess() {}

        @Override
        public void close() {
            closed = true;
        }
    }
}
