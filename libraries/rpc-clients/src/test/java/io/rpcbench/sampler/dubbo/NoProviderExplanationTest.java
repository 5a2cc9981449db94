package io.rpcbench.sampler.dubbo;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.echo.PayloadKind;
import io.rpcbench.provider.registry.EmbeddedZooKeeper;
import io.rpcbench.sampler.call.CallOutcome;
import io.rpcbench.sampler.call.FailureCategory;
import io.rpcbench.sampler.call.SamplerParameters;
import io.rpcbench.sampler.call.TimedCall;
import io.rpcbench.sampler.call.echo.EchoRequest;
import io.rpcbench.sampler.json.ServiceDefinition;
import io.rpcbench.sampler.registry.RegisteredService;
import io.rpcbench.sampler.registry.RegistryLookupException.Reason;
import io.rpcbench.sampler.registry.RegistryLookupException;
import io.rpcbench.sampler.registry.ServiceKey;
import io.rpcbench.sampler.registry.ServiceRegistry;
import io.rpcbench.sampler.registry.consumer.RegistryLookups;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A call that finds no provider fails with the registry's word on why, and that word is read after the sample's timer
 * stopped: the sample's time is the call's alone, however slow the registry is to answer. Dubbo's own registry is a
 * real ZooKeeper (the provider app's embedded one, in this JVM) listing no provider; the explanation is read from a
 * fake registry that takes {@link #SLOW_READ_MS} to answer.
 */
class NoProviderExplanationTest {

    /** How long the fake registry takes to say why no provider was found: far more than a refused call takes. */
    private static final long SLOW_READ_MS = 2000;
    private static final String EXPLANATION = "no provider of io.rpcbench.echo.EchoService in the slow registry now";

    @Test
    void aSlowRegistryExplanationIsNotPartOfTheFailedSamplesTime() {
        assertThat(DubboReferences.liveConsumers()).as("consumers left by other tests").isZero();
        try (EmbeddedZooKeeper zookeeper = EmbeddedZooKeeper.start("127.0.0.1", 0);
                RegistryLookups slowRegistry = new RegistryLookups(settings -> new SlowRegistry());
                DubboEchoClient client = new DubboEchoClient(DubboSettings.from(new SamplerParameters(Map.of(
                        "address", "zookeeper://" + zookeeper.hostPort(), "timeout_ms", "3000")::get)),
                        EchoRequest.of(PayloadKind.NONE, 0, 0), slowRegistry)) {
            SampleTimer timer = new SampleTimer();
            long before = System.nanoTime();

            CallOutcome outcome = TimedCall.run(client, "echo", timer);
            long wholeSampleMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - before);

            assertThat(outcome.failure()).as(outcome.message()).isEqualTo(FailureCategory.CONNECTION);
            assertThat(outcome.message()).as("the registry's explanation").contains(EXPLANATION);
            assertThat(wholeSampleMs).as("the explanation was read, slowly").isGreaterThanOrEqualTo(SLOW_READ_MS);
            assertThat(timer.elapsedMs()).as("the sample's time").isLessThan(SLOW_READ_MS);
            assertThat(outcome.elapsedMicros()).as("the call's own time").isPositive()
                    .isLessThan(TimeUnit.MILLISECONDS.toMicros(SLOW_READ_MS));
        }
        assertThat(DubboReferences.liveConsumers()).as("consumers after the client closed").isZero();
    }

    /** The sampler's timer as JMeter's SampleResult keeps it: from start to stop. */
    private static final class SampleTimer implements TimedCall.Stopwatch {
        private long startNanos;
        private long stopNanos;

        @Override
        public void start() {
            startNanos = System.nanoTime();
        }

        @Override
        public void stop() {
            stopNanos = System.nanoTime();
        }

        long elapsedMs() {
            return TimeUnit.NANOSECONDS.toMillis(stopNanos - startNanos);
        }
    }

    /** A registry that holds no provider of anything, and takes {@link #SLOW_READ_MS} to say so. */
    private static final class SlowRegistry implements ServiceRegistry {
        @Override
        public String describe() {
            return "the slow registry";
        }

        @Override
        public List<RegisteredService> services() {
            return List.of();
        }

        @Override
        public ServiceDefinition definition(ServiceKey key) throws RegistryLookupException {
            throw new RegistryLookupException(Reason.NO_PROVIDER, "no definition here", "");
        }

        @Override
        public void requireProvider(ServiceKey key) throws RegistryLookupException, InterruptedException {
            Thread.sleep(SLOW_READ_MS); // the slowness under test, not a wait for readiness
            throw new RegistryLookupException(Reason.NO_PROVIDER, EXPLANATION, "");
        }

        @Override
        public List<String> providedBy(ServiceKey key) {
            return List.of();
        }

        @Override
        public void requireAccess() {}

        @Override
        public void close() {}
    }
}
