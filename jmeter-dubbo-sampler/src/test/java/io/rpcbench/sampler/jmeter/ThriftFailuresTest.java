package io.rpcbench.sampler.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.provider.DelayedEcho;
import io.rpcbench.provider.thrift.ThriftEndpoint;
import io.rpcbench.sampler.LoopbackProviders;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.jmeter.protocol.java.sampler.JavaSamplerContext;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.Test;

class ThriftFailuresTest {

    @Test
    void providerDownIsAConnectionFailureReturnedPromptly() throws Exception {
        int nobody = LoopbackProviders.freePort();
        List<SampleResult> results = SamplerRun.run(new ThriftSampler(), Map.of("port", Integer.toString(nobody)), 3);

        assertThat(results).allSatisfy(r -> {
            assertThat(r.isSuccessful()).isFalse();
            assertThat(r.getResponseCode()).isEqualTo("connection");
            assertThat(r.getResponseMessage()).contains("127.0.0.1:" + nobody);
            assertThat(r.getTime()).isLessThan(2000);
        });
    }

    @Test
    void restartedProviderIsPickedUpAgain() throws Exception {
        ThriftSampler sampler = new ThriftSampler();
        ThriftEndpoint server = LoopbackProviders.thrift("buffered", "binary", new DelayedEcho(0));
        int port = server.port();
        JavaSamplerContext context = SamplerRun.context(sampler, Map.of("port", Integer.toString(port)));
        sampler.setupTest(context);
        try {
            SampleResult before = sampler.runTest(context);
            server.close();
            SampleResult whileDown = sampler.runTest(context);
            server = LoopbackProviders.thrift("buffered", "binary", new DelayedEcho(0), port);
            SampleResult after = sampler.runTest(context);

            assertThat(before.isSuccessful()).as(before.getResponseMessage()).isTrue();
            assertThat(whileDown.getResponseCode()).isEqualTo("connection");
            assertThat(whileDown.getTime()).as("a failed reconnect is outside the timer").isLessThan(50);
            assertThat(after.isSuccessful()).as(after.getResponseMessage()).isTrue();
        } finally {
            sampler.closeClient();
            server.close();
        }
    }

    @Test
    void interruptFromAnotherThreadFailsTheBlockedCallAtOnce() throws Exception {
        ThriftSampler sampler = new ThriftSampler();
        try (ThriftEndpoint slow = LoopbackProviders.thrift("buffered", "binary", new DelayedEcho(5000))) {
            JavaSamplerContext context = SamplerRun.context(sampler, Map.of(
                    "port", Integer.toString(slow.port()), "timeout_ms", "20000"));
            sampler.setupTest(context);
            ExecutorService thread = Executors.newSingleThreadExecutor();
            try {
                long started = System.nanoTime();
                Future<SampleResult> sample = thread.submit(() -> sampler.runTest(context));
                // JMeter's stop calls interrupt() until a call was in progress; before that it returns false.
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(3);
                boolean interrupted = false;
                while (!interrupted && System.nanoTime() < deadline && !sample.isDone()) {
                    interrupted = sampler.interrupt();
                    Thread.onSpinWait();
                }
                SampleResult result = sample.get(4, TimeUnit.SECONDS);
                long elapsedMs = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started);

                assertThat(interrupted).isTrue();
                assertThat(result.isSuccessful()).isFalse();
                // Cut off by the stop, not failed by the provider: its own category, what the library said kept.
                assertThat(result.getResponseCode()).isEqualTo("stopped");
                assertThat(result.getResponseMessage()).contains("JMeter stopped this thread while the call was in "
                        + "flight").contains("connection calling thrift://127.0.0.1:" + slow.port());
                assertThat(elapsedMs).isLessThan(4500); // the provider would have answered after 5 s
            } finally {
                thread.shutdownNow();
                sampler.closeClient();
            }
        }
    }

    @Test
    void interruptWithoutAClientInterruptsNothing() {
        DubboSampler sampler = new DubboSampler();
        JavaSamplerContext context = SamplerRun.context(sampler, Map.of("payload", "nonsense"));
        sampler.setupTest(context);
        try {
            assertThat(sampler.interrupt()).isFalse();
        } finally {
            sampler.closeClient();
        }
    }

    @Test
    void slowProviderIsATimeout() throws Exception {
        try (ThriftEndpoint slow = LoopbackProviders.thrift("buffered", "binary", new DelayedEcho(2000))) {
            SampleResult result = SamplerRun.runOnce(new ThriftSampler(), Map.of(
                    "port", Integer.toString(slow.port()), "timeout_ms", "300"));

            assertThat(result.isSuccessful()).isFalse();
            assertThat(result.getResponseCode()).isEqualTo("timeout");
            assertThat(result.getTime()).isBetween(250L, 1900L);
        }
    }

    @Test
    void wrongEchoIsAFailedSampleSayingWhatDiffered() throws Exception {
        try (ThriftEndpoint wrong = LoopbackProviders.thrift("framed", "compact", new WrongEcho())) {
            SampleResult result = SamplerRun.runOnce(new ThriftSampler(), Map.of(
                    "port", Integer.toString(wrong.port()), "transport", "framed", "protocol", "compact",
                    "payload", "list", "list_count", "2", "size_bytes", "300"));

            assertThat(result.isSuccessful()).isFalse();
            assertThat(result.getResponseCode()).isEqualTo("wrong-response");
            assertThat(result.getResponseMessage()).contains("list of 2 entries").contains("list of 3 entries");
        }
    }

    @Test
    void wrongBuiltTextIsAFailedSampleSayingWhatDiffered() throws Exception {
        try (ThriftEndpoint wrong = LoopbackProviders.thrift("buffered", "binary", new WrongEcho())) {
            SampleResult result = SamplerRun.runOnce(new ThriftSampler(), Map.of(
                    "port", Integer.toString(wrong.port()), "payload", "built", "delay_ms", "10", "size_bytes", "5000"));

            assertThat(result.getResponseCode()).isEqualTo("wrong-response");
            assertThat(result.getResponseMessage())
                    .endsWith(": expected a string of 5000 bytes but the response was a string of 4999 bytes");
        }
    }

    @Test
    void mismatchedTransportIsAFailedSampleNotAnException() throws Exception {
        try (ThriftEndpoint framed = LoopbackProviders.thrift("framed", "binary", new DelayedEcho(0))) {
            SampleResult result = SamplerRun.runOnce(new ThriftSampler(), Map.of(
                    "port", Integer.toString(framed.port()), "transport", "buffered", "timeout_ms", "1000"));

            assertThat(result.isSuccessful()).isFalse();
            assertThat(result.getResponseCode()).isIn("connection", "timeout", "serialization");
        }
    }
}
