package io.rpcbench.sampler.jmeter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.rpcbench.provider.DelayedEcho;
import io.rpcbench.provider.dubbo.DubboEndpoint;
import io.rpcbench.sampler.LoopbackProviders;
import io.rpcbench.sampler.dubbo.DubboReferences;
import java.util.List;
import java.util.Map;
import org.apache.jmeter.protocol.java.sampler.JavaSamplerContext;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DubboSamplerTest {

    private static DubboEndpoint provider;

    @BeforeAll
    static void startProvider() throws Exception {
        provider = LoopbackProviders.dubbo("dubbo", new DelayedEcho(0));
    }

    @AfterAll
    static void stopProvider() {
        if (provider != null) {
            provider.close();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"string", "person", "map", "list", "none", "cpu", "built"})
    void echoesEveryPayloadKind(String payload) {
        List<SampleResult> results = SamplerRun.run(new DubboSampler(), Map.of(
                "address", provider.endpoint(), "payload", payload, "size_bytes", "2048", "list_count", "3"), 3);

        assertThat(results).allSatisfy(r -> {
            assertThat(r.isSuccessful()).as(r.getResponseMessage()).isTrue();
            assertThat(r.getResponseCode()).isEqualTo("OK");
            assertThat(r.getBytesAsLong()).isGreaterThanOrEqualTo(PayloadBytes.atLeast(payload, 2048, 3));
        });
    }

    @Test
    void echoesOverTriple() throws Exception {
        try (DubboEndpoint tri = LoopbackProviders.dubbo("tri", new DelayedEcho(0))) {
            List<SampleResult> results = SamplerRun.run(new DubboSampler(), Map.of(
                    "address", tri.endpoint(), "protocol", "tri", "payload", "person", "size_bytes", "4096"), 3);

            assertThat(results).allSatisfy(r -> {
                assertThat(r.isSuccessful()).as(r.getResponseMessage()).isTrue();
                assertThat(r.getBytesAsLong()).isGreaterThanOrEqualTo(4096); // the payload estimate: triple has no count
            });
        }
    }

    /**
     * Dubbo refuses to encode a request over its payload limit (8 MiB by default, {@code payload}): the sample fails
     * at once, before anything is sent, saying so, and the thread is not held until the timeout.
     */
    @Test
    void failsARequestOverDubbosPayloadLimitAtOnceNamingTheLimit() {
        int nineMib = 9 * 1024 * 1024;
        SampleResult result = SamplerRun.runOnce(new DubboSampler(), Map.of("address", provider.endpoint(),
                "payload", "string", "size_bytes", Integer.toString(nineMib), "timeout_ms", "20000"));

        assertThat(result.isSuccessful()).isFalse();
        assertThat(result.getResponseCode()).as(result.getResponseMessage()).isEqualTo("serialization");
        assertThat(result.getResponseMessage())
                .startsWith("serialization calling " + provider.endpoint() + ": the payload exceeds Dubbo's payload limit")
                .contains("Data length too large: ").contains("max payload: 8388608");
        assertThat(result.getTime()).isLessThan(5_000);
    }

    @Test
    void recordsTheWireSizeOfA100KibEchoFromTheDubboCodec() {
        SampleResult result = SamplerRun.runOnce(new DubboSampler(), Map.of(
                "address", provider.endpoint(), "payload", "string", "size_bytes", "102400"));

        assertThat(result.isSuccessful()).as(result.getResponseMessage()).isTrue();
        // More than the payload: the codec's count includes the 16-byte header, so it is not the fallback estimate.
        assertThat(result.getBytesAsLong()).isGreaterThan(102_400);
        assertThat(result.getSentBytes()).isGreaterThanOrEqualTo(102_400);
        assertThat(result.getResponseDataAsString()).isEqualTo("echo string 102400 bytes");
    }

    @Test
    void serializationParameterChoosesTheWireFormat() {
        Map<String, String> base = Map.of("address", provider.endpoint(), "payload", "person", "size_bytes", "1024");
        SampleResult hessian = SamplerRun.runOnce(new DubboSampler(), with(base, "serialization", "hessian2"));
        SampleResult json = SamplerRun.runOnce(new DubboSampler(), with(base, "serialization", "fastjson2"));

        assertThat(hessian.isSuccessful()).as(hessian.getResponseMessage()).isTrue();
        assertThat(json.isSuccessful()).as(json.getResponseMessage()).isTrue();
        assertThat(json.getBytesAsLong()).isNotEqualTo(hessian.getBytesAsLong());
    }

    @Test
    void connectionsStayOnLoopbackAtBothEnds() throws Exception {
        assumeTrue(LoopbackSockets.readable(), "needs Linux /proc/net/tcp");
        DubboSampler sampler = new DubboSampler();
        JavaSamplerContext context = SamplerRun.context(sampler, Map.of("address", provider.endpoint()));
        sampler.setupTest(context);
        try {
            SampleResult result = sampler.runTest(context);
            assertThat(result.isSuccessful()).as(result.getResponseMessage()).isTrue();

            List<String> sockets = LoopbackSockets.touching(provider.port());
            assertThat(sockets).hasSizeGreaterThanOrEqualTo(3); // the listener and both ends of the connection
            assertThat(sockets).allMatch(LoopbackSockets::onLoopback, "both ends on 127.0.0.1");
        } finally {
            sampler.closeClient();
        }
    }

    @Test
    void wrongEchoIsAFailedSampleSayingWhatDiffered() throws Exception {
        try (DubboEndpoint wrong = LoopbackProviders.dubbo("dubbo", new WrongEcho())) {
            SampleResult result = SamplerRun.runOnce(new DubboSampler(), Map.of(
                    "address", wrong.endpoint(), "payload", "string", "size_bytes", "100"));

            assertThat(result.isSuccessful()).isFalse();
            assertThat(result.getResponseCode()).isEqualTo("wrong-response");
            assertThat(result.getResponseMessage()).contains("100 bytes").contains("99 bytes");
        }
    }

    @Test
    void wrongCpuLoopLengthIsAFailedSampleNamingBothNumbers() throws Exception {
        try (DubboEndpoint wrong = LoopbackProviders.dubbo("dubbo", new WrongEcho())) {
            SampleResult result = SamplerRun.runOnce(new DubboSampler(), Map.of(
                    "address", wrong.endpoint(), "payload", "cpu", "size_bytes", "1024", "rounds", "100"));

            assertThat(result.getResponseCode()).isEqualTo("wrong-response");
            assertThat(result.getResponseMessage())
                    .endsWith(": expected the number 2024 but the response was the number 2023");
        }
    }

    /** The interface's default answer, as from a provider that serves the echoes only (the Dubbo 2.7 one). */
    @Test
    void aProviderThatDoesNotServeTheCpuLoopFailsTheSampleSayingSo() throws Exception {
        try (DubboEndpoint echoOnly = LoopbackProviders.dubbo("dubbo", new AttachmentEcho())) {
            SampleResult result = SamplerRun.runOnce(new DubboSampler(), Map.of(
                    "address", echoOnly.endpoint(), "payload", "cpu"));

            assertThat(result.isSuccessful()).isFalse();
            assertThat(result.getResponseMessage()).contains("appendRandomNumbers (seed 000's CPU scenario) is not "
                    + "served by " + AttachmentEcho.class.getName());
        }
    }

    @Test
    void builtPayloadTakesAtLeastTheDelayAndSaysSoInTheSummary() {
        SampleResult result = SamplerRun.runOnce(new DubboSampler(), Map.of(
                "address", provider.endpoint(), "payload", "built", "delay_ms", "100", "size_bytes", "1000"));

        assertThat(result.isSuccessful()).as(result.getResponseMessage()).isTrue();
        assertThat(result.getTime()).isGreaterThanOrEqualTo(100);
        assertThat(result.getSamplerData()).isEqualTo("sleepAndBuildText 100 ms, 1000 chars");
        assertThat(result.getBytesAsLong()).isGreaterThanOrEqualTo(1000);
    }

    @Test
    void slowProviderIsATimeout() throws Exception {
        try (DubboEndpoint slow = LoopbackProviders.dubbo("dubbo", new DelayedEcho(2000))) {
            SampleResult result = SamplerRun.runOnce(new DubboSampler(), Map.of(
                    "address", slow.endpoint(), "timeout_ms", "300"));

            assertThat(result.isSuccessful()).isFalse();
            assertThat(result.getResponseCode()).isEqualTo("timeout");
            assertThat(result.getTime()).isBetween(250L, 1900L);
        }
    }

    @Test
    void providerDownIsAConnectionFailureReturnedPromptly() throws Exception {
        int nobody = LoopbackProviders.freePort();
        List<SampleResult> results = SamplerRun.run(new DubboSampler(), Map.of(
                "address", "dubbo://127.0.0.1:" + nobody, "timeout_ms", "5000"), 3);

        assertThat(results).allSatisfy(r -> {
            assertThat(r.isSuccessful()).isFalse();
            assertThat(r.getResponseCode()).isEqualTo("connection");
            assertThat(r.getResponseMessage()).contains(Integer.toString(nobody));
            assertThat(r.getTime()).isLessThan(2000);
        });
    }

    @Test
    void versionAndGroupReachTheMatchingProvider() throws Exception {
        try (DubboEndpoint grouped = LoopbackProviders.dubbo("dubbo", new DelayedEcho(0), "2.0", "blue")) {
            SampleResult result = SamplerRun.runOnce(new DubboSampler(), Map.of(
                    "address", grouped.endpoint(), "version", "2.0", "group", "blue"));

            assertThat(result.isSuccessful()).as(result.getResponseMessage()).isTrue();
        }
    }

    @Test
    void aProviderWithoutTheGroupAskedForIsAConnectionFailureNamingWhatItLacks() throws Exception {
        try (DubboEndpoint grouped = LoopbackProviders.dubbo("dubbo", new DelayedEcho(0), "2.0", "blue")) {
            SampleResult result = SamplerRun.runOnce(new DubboSampler(), Map.of(
                    "address", grouped.endpoint(), "version", "2.0", "group", "green"));

            assertThat(result.getResponseCode()).isEqualTo("connection");
            assertThat(result.getResponseMessage()).isEqualTo("connection calling " + grouped.endpoint()
                    + ": the provider does not export io.rpcbench.echo.EchoService version 2.0 group green (it is"
                    + " unexporting, or serves another version or group); it exports io.rpcbench.echo.EchoService"
                    + " version 2.0 group blue");
        }
    }

    @Test
    void consumersAreSharedPerWholeConfiguration() {
        int before = DubboReferences.liveConsumers();
        Map<String, String> blue = Map.of("address", provider.endpoint(), "group", "blue");
        Map<String, String> green = Map.of("address", provider.endpoint(), "group", "green");
        Map<String, String> blueV2 = Map.of("address", provider.endpoint(), "group", "blue", "version", "2");
        DubboSampler[] samplers = {new DubboSampler(), new DubboSampler(), new DubboSampler(), new DubboSampler()};
        JavaSamplerContext[] contexts = {
            SamplerRun.context(samplers[0], blue), SamplerRun.context(samplers[1], blue),
            SamplerRun.context(samplers[2], green), SamplerRun.context(samplers[3], blueV2)};
        for (int i = 0; i < samplers.length; i++) {
            samplers[i].setupTest(contexts[i]);
        }
        int whileRunning = DubboReferences.liveConsumers();
        samplers[0].closeClient();
        int afterOneBlueLeft = DubboReferences.liveConsumers();
        for (int i = 1; i < samplers.length; i++) {
            samplers[i].closeClient();
        }

        assertThat(whileRunning - before).isEqualTo(3); // blue shared by two threads, green, blue v2
        assertThat(afterOneBlueLeft - before).isEqualTo(3); // still used by the other blue thread
        assertThat(DubboReferences.liveConsumers()).isEqualTo(before);
    }

    private static Map<String, String> with(Map<String, String> base, String key, String value) {
        Map<String, String> map = new java.util.HashMap<>(base);
        map.put(key, value);
        return map;
    }
}
