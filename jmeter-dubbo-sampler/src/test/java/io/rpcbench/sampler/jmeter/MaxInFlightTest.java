package io.rpcbench.sampler.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.echo.EchoService;
import io.rpcbench.echo.Person;
import io.rpcbench.provider.DelayedEcho;
import io.rpcbench.provider.thrift.ThriftEndpoint;
import io.rpcbench.sampler.LoopbackProviders;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.jmeter.protocol.java.sampler.JavaSamplerContext;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.Test;

/**
 * {@code max_in_flight}: with that many calls of a sampler in flight, the next sample makes no call and fails at once
 * as {@code dropped}; once a call ends, the next one is made again. No cap by default.
 */
class MaxInFlightTest {

    @Test
    void aSampleDueWhileTheCapIsInFlightIsDroppedAtOnceAndTheNextAfterItIsMade() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch answer = new CountDownLatch(1);
        try (ThriftEndpoint server = LoopbackProviders.thrift("buffered", "binary", new HeldEcho(entered, answer))) {
            Map<String, String> parameters = Map.of("port", Integer.toString(server.port()), "payload", "string",
                    "size_bytes", "4", RpcJavaSampler.MAX_IN_FLIGHT, "1");
            ThriftSampler held = new ThriftSampler();
            ThriftSampler next = new ThriftSampler();
            JavaSamplerContext heldContext = SamplerRun.context(held, parameters);
            JavaSamplerContext nextContext = SamplerRun.context(next, parameters);
            held.setupTest(heldContext);
            next.setupTest(nextContext);
            ExecutorService thread = Executors.newSingleThreadExecutor();
            try {
                Future<SampleResult> inFlight = thread.submit(() -> held.runTest(heldContext));
                assertThat(entered.await(10, TimeUnit.SECONDS)).as("the first call reached the provider").isTrue();

                SampleResult dropped = next.runTest(nextContext);
                answer.countDown();
                SampleResult first = inFlight.get(10, TimeUnit.SECONDS);
                SampleResult after = next.runTest(nextContext);

                assertThat(dropped.isSuccessful()).isFalse();
                assertThat(dropped.getResponseCode()).isEqualTo("dropped");
                assertThat(dropped.getResponseMessage()).contains("1 calls of").contains("max_in_flight");
                assertThat(dropped.getTime()).isLessThan(1000);
                assertThat(first.isSuccessful()).as(first.getResponseMessage()).isTrue();
                assertThat(after.isSuccessful()).as("made once the first call ended: %s", after.getResponseMessage())
                        .isTrue();
            } finally {
                answer.countDown();
                thread.shutdownNow();
                held.closeClient();
                next.closeClient();
            }
        }
    }

    @Test
    void everySamplerOffersNoCapByDefault() {
        for (RpcJavaSampler<?> sampler : List.of(new ThriftSampler(), new DubboSampler(), new ThriftServiceSampler(),
                new DubboServiceSampler())) {
            assertThat(sampler.getDefaultParameters().getArgumentsAsMap())
                    .as(sampler.getClass().getSimpleName()).containsEntry(RpcJavaSampler.MAX_IN_FLIGHT, "0");
        }
    }

    /** Echoes, but holds the first string echo until {@code answer} opens. */
    private static final class HeldEcho implements EchoService {
        private final EchoService echo = new DelayedEcho(0);
        private final CountDownLatch entered;
        private final CountDownLatch answer;

        HeldEcho(CountDownLatch entered, CountDownLatch answer) {
            this.entered = entered;
            this.answer = answer;
        }

        @Override
        public String echo(String text) {
            entered.countDown();
            try {
                answer.await(20, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            return echo.echo(text);
        }

        @Override
        public Person echoPerson(Person person) {
            return echo.echoPerson(person);
        }

        @Override
        public Map<String, Person> echoPersons(Map<String, Person> persons) {
            return echo.echoPersons(persons);
        }

        @Override
        public void ping() {
            echo.ping();
        }

        @Override
        public List<Person> listPersons(int count, int sizeBytes) {
            return echo.listPersons(count, sizeBytes);
        }
    }
}
