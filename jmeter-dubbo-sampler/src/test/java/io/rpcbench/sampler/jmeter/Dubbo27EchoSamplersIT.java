package io.rpcbench.sampler.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.sampler.dubbo.Dubbo27Provider;
import java.io.IOException;
import java.net.ServerSocket;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Seed 000's payloads against the echo service of the Dubbo 2.7.23 provider (its own JVM, see
 * {@link Dubbo27Provider}) through the sampler that fits each of its protocols: {@link DubboSampler} (Dubbo 3.3's
 * consumer, hessian2) by direct URL and through ZooKeeper, {@link RmiSampler} and {@link HessianSampler}. Strings of
 * 1 KiB, 50 KiB and 200 KiB and a person of about 1 KiB come back equal to what was sent: the samplers compare every
 * response with the request and fail the sample otherwise. Its http (JSON-RPC) protocol is called by the stock HTTP
 * Request sampler of plan seed-000-http-json (benchmark's ShippedPlansIT).
 */
@Timeout(value = 240, unit = TimeUnit.SECONDS)
class Dubbo27EchoSamplersIT {

    private static final int SAMPLES = 3;

    private static Dubbo27Provider provider;

    @BeforeAll
    static void startProvider() throws Exception {
        provider = Dubbo27Provider.start();
    }

    @AfterAll
    static void stopProvider() {
        if (provider != null) {
            provider.close();
        }
    }

    static Stream<Arguments> protocolsAndPayloads() {
        List<String> protocols = List.of("dubbo-direct", "dubbo-registry", "rmi", "hessian");
        List<Arguments> payloads = List.of(Arguments.of("string", 1024), Arguments.of("string", 51200),
                Arguments.of("string", 204800), Arguments.of("person", 1024));
        return protocols.stream().flatMap(protocol -> payloads.stream()
                .map(payload -> Arguments.of(protocol, payload.get()[0], payload.get()[1])));
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("protocolsAndPayloads")
    void everyProtocolEchoesEveryPayloadOfSeed000(String protocol, String payload, int sizeBytes) {
        List<SampleResult> results = SamplerRun.run(sampler(protocol), parameters(protocol, payload, sizeBytes),
                SAMPLES);

        assertThat(results).hasSize(SAMPLES).allSatisfy(result -> {
            assertThat(result.isSuccessful()).as("%s: %s", result.getResponseCode(), result.getResponseMessage())
                    .isTrue();
            assertThat(result.getResponseCode()).isEqualTo("OK");
            assertThat(result.getBytesAsLong()).isGreaterThanOrEqualTo(sizeBytes);
            assertThat(result.getSentBytes()).isGreaterThanOrEqualTo(sizeBytes);
            assertThat(result.getUrlAsString()).isEqualTo(answeredBy(protocol));
        });
    }

    @Test
    void hessianSampleFailsAsConnectionWhenNothingListens() throws IOException {
        SampleResult result = SamplerRun.runOnce(new HessianSampler(),
                Map.of("host", "127.0.0.1", "port", Integer.toString(closedPort()), "timeout_ms", "2000"));

        assertThat(result.isSuccessful()).isFalse();
        assertThat(result.getResponseCode()).isEqualTo("connection");
    }

    @Test
    void rmiSampleFailsAsConnectionWhenNothingListens() throws IOException {
        SampleResult result = SamplerRun.runOnce(new RmiSampler(),
                Map.of("host", "127.0.0.1", "port", Integer.toString(closedPort())));

        assertThat(result.isSuccessful()).isFalse();
        assertThat(result.getResponseCode()).isEqualTo("connection");
    }

    @Test
    void rmiSampleFailsAsConnectionNamingTheServiceWhenTheRegistryDoesNotHoldIt() {
        SampleResult result = SamplerRun.runOnce(new RmiSampler(),
                Map.of("port", Integer.toString(provider.rmiPort()), "name", "io.rpcbench.echo.NoSuchService"));

        assertThat(result.isSuccessful()).isFalse();
        assertThat(result.getResponseMessage()).contains("io.rpcbench.echo.NoSuchService");
    }

    /**
     * Dubbo 2.7 has no fastjson2 serialization (Dubbo 3's id 23): the provider cannot decode the request, and the
     * sample fails as {@code serialization} with the provider's own reason, instead of hanging or passing.
     */
    @Test
    void dubboSampleWithFastjson2FailsAgainstTheDubbo27Provider() {
        SampleResult result = SamplerRun.runOnce(new DubboSampler(), Map.of("address", provider.directUrl(),
                "serialization", "fastjson2", "timeout_ms", "3000"));

        assertThat(result.isSuccessful()).isFalse();
        assertThat(result.getResponseCode()).isEqualTo("serialization");
        assertThat(result.getResponseMessage()).contains("Unrecognized serialize type from consumer: 23");
    }

    private static RpcJavaSampler<?> sampler(String protocol) {
        return switch (protocol) {
            case "dubbo-direct", "dubbo-registry" -> new DubboSampler();
            case "rmi" -> new RmiSampler();
            case "hessian" -> new HessianSampler();
            default -> throw new IllegalArgumentException(protocol);
        };
    }

    private static Map<String, String> parameters(String protocol, String payload, int sizeBytes) {
        Map<String, String> common = Map.of("payload", payload, "size_bytes", Integer.toString(sizeBytes));
        Map<String, String> target = switch (protocol) {
            case "dubbo-direct" -> Map.of("address", provider.directUrl());
            case "dubbo-registry" -> Map.of("address", provider.registry());
            case "rmi" -> Map.of("host", "127.0.0.1", "port", Integer.toString(provider.rmiPort()));
            case "hessian" -> Map.of("host", "127.0.0.1", "port", Integer.toString(provider.hessianPort()));
            default -> throw new IllegalArgumentException(protocol);
        };
        Map<String, String> all = new java.util.HashMap<>(common);
        all.putAll(target);
        return all;
    }

    private static String answeredBy(String protocol) {
        return switch (protocol) {
            case "dubbo-direct", "dubbo-registry" -> "dubbo://127.0.0.1:" + provider.port();
            case "rmi" -> "rmi://127.0.0.1:" + provider.rmiPort();
            case "hessian" -> "hessian://127.0.0.1:" + provider.hessianPort();
            default -> throw new IllegalArgumentException(protocol);
        };
    }

    /** A loopback port nothing listens on: bound, then closed. */
    private static int closedPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
