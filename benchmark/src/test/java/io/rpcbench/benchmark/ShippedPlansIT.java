package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.reports.JtlSample;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Runs each shipped plan headless through the real JMeter engine of the laid-out home, against the
 * provider app on free loopback ports (and the seed-000 plans also against the Dubbo 2.7 provider, see
 * {@link Dubbo27ProviderProcess}), and checks what the JTL says.
 */
class ShippedPlansIT {

    @TempDir
    static Path dir;

    static ProviderProcess provider;
    static Dubbo27ProviderProcess dubbo27;

    @BeforeAll
    static void startProviders() throws Exception {
        provider = ProviderProcess.start(Plans.LAYOUT, List.of(), dir.resolve("provider.log"));
        dubbo27 = Dubbo27ProviderProcess.start(Plans.LAYOUT, List.of(), dir.resolve("dubbo27-provider.log"));
    }

    @AfterAll
    static void stopProviders() {
        try {
            if (dubbo27 != null) {
                assertThat(dubbo27.stop()).as("Dubbo 2.7 provider exit code after SIGTERM").isZero();
            }
        } finally {
            if (provider != null) {
                assertThat(provider.stop()).as("provider exit code after SIGTERM").isZero();
            }
        }
    }

    /**
     * Seed 000's payloads against every protocol of the Dubbo 2.7 provider, each through its plan: dubbo (hessian2,
     * DubboSampler by the direct URL), rmi (RmiSampler), hessian (HessianSampler) and http (JSON-RPC by JMeter's HTTP
     * Request, whose assertions compare the whole answer with the request). Every sample passes, carries the label
     * given and at least the payload's bytes.
     */
    @ParameterizedTest(name = "{0} {1} {2}")
    @CsvSource({
            "seed-000-dubbo, string, 1024", "seed-000-dubbo, string, 51200", "seed-000-dubbo, string, 204800",
            "seed-000-dubbo, person, 1024",
            "seed-000-rmi, string, 1024", "seed-000-rmi, string, 51200", "seed-000-rmi, string, 204800",
            "seed-000-rmi, person, 1024",
            "seed-000-hessian, string, 1024", "seed-000-hessian, string, 51200", "seed-000-hessian, string, 204800",
            "seed-000-hessian, person, 1024",
            "seed-000-http-json, string, 1024", "seed-000-http-json, string, 51200",
            "seed-000-http-json, string, 204800", "seed-000-http-json, person, 1024"})
    void seed000PlanEchoesEachPayloadOfTheDubbo27Provider(String plan, String payload, int sizeBytes) throws Exception {
        String label = plan + "-" + payload + "-" + sizeBytes;
        List<JtlSample> samples = runSeed000(plan, label, dubbo27.planProperties(), payload, sizeBytes);

        assertThat(samples).isNotEmpty().allSatisfy(sample -> {
            assertThat(sample.label()).isEqualTo(label);
            assertThat(sample.success()).as("success of %s", sample).isTrue();
            assertThat(sample.bytes()).isGreaterThanOrEqualTo(sizeBytes);
        });
    }

    /**
     * The same seed-000 plans against the provider app: Dubbo 3.3 with hessian2 (found through ZooKeeper), and Thrift
     * binary, the reference. (Dubbo 3.3 with fastjson2 needs the provider app started with --serialization fastjson2:
     * one with the default hessian2 answers a fastjson2 consumer "Fail to decode request"; measured, see the README.)
     */
    @ParameterizedTest(name = "{0} {1} {2}")
    @CsvSource({"seed-000-dubbo, person, 1024", "seed-000-dubbo, string, 204800", "seed-000-thrift, person, 1024",
            "seed-000-thrift, string, 204800"})
    void seed000PlanEchoesEachPayloadOfTheProviderApp(String plan, String payload, int sizeBytes) throws Exception {
        List<JtlSample> samples = runSeed000(plan, plan, provider.planProperties(), payload, sizeBytes);

        assertThat(samples).isNotEmpty().allSatisfy(sample -> {
            assertThat(sample.label()).isEqualTo(plan);
            assertThat(sample.success()).as("success of %s", sample).isTrue();
            assertThat(sample.bytes()).isGreaterThanOrEqualTo(sizeBytes);
        });
    }

    /** A JSON-RPC error (here: the generic service's path, which has no method echo) fails the HTTP plan's sample. */
    @Test
    void seed000HttpPlanFailsSamplesOnAJsonRpcError() throws Exception {
        Map<String, String> target = new HashMap<>(dubbo27.planProperties());
        target.put("http.path", "/io.rpcbench.echo.EchoService/generic");
        List<JtlSample> samples = runSeed000("seed-000-http-json", "json-rpc-error", target, "string", 1024);

        assertThat(samples).isNotEmpty().allSatisfy(sample -> {
            assertThat(sample.success()).isFalse();
            assertThat(sample.responseMessage()).isEqualTo("OK"); // HTTP 200: the assertion, not the status, fails it
        });
    }

    private static List<JtlSample> runSeed000(String plan, String label, Map<String, String> target, String payload,
            int sizeBytes) throws Exception {
        Map<String, String> properties = new HashMap<>(Map.of("payload", payload,
                "size_bytes", Integer.toString(sizeBytes), "agents", "none"));
        if (!label.equals(plan)) {
            properties.put("label", label);
        }
        JMeterRun run = JMeterRun.of(Plans.LAYOUT, plan, dir.resolve(String.join("-", "seed-000", label, payload,
                        Integer.toString(sizeBytes), Integer.toHexString(target.hashCode()))))
                .dashboard(false)
                .properties(target)
                .properties(Plans.SHORT_RUN)
                // Dubbo 3.3's consumer takes about 3 s to set up on a busy 2-core machine (measured): 3 s would leave
                // each thread a single sample.
                .properties(plan.equals("seed-000-dubbo") ? Map.of("duration", "6") : Map.of())
                .properties(properties);
        run.run(Duration.ofMinutes(2));
        return Plans.samples(run.jtl());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"dubbo-echo-1k, 1024", "dubbo-echo-100k, 102400", "thrift-echo-1k, 1024", "thrift-echo-100k, 102400"})
    void planRunsWithoutFailedSamplesAndEchoesThePayload(String plan, int payloadBytes) throws Exception {
        JMeterRun run = JMeterRun.of(Plans.LAYOUT, plan, dir.resolve(plan)).dashboard(false)
                .properties(provider.planProperties())
                .properties(Plans.SHORT_RUN);
        run.run(Duration.ofMinutes(2));

        List<JtlSample> samples = Plans.samples(run.jtl());
        // Each sample names the provider that answered (JMeter's URL column), found through the registry for Dubbo.
        String answeredBy = plan.startsWith("dubbo") ? provider.endpoints().dubbo().orElseThrow()
                : "thrift://127.0.0.1:" + ProviderEndpoints.port(provider.endpoints().thrift().orElseThrow());
        assertThat(samples).isNotEmpty();
        assertThat(samples).allSatisfy(sample -> {
            assertThat(sample.label()).isEqualTo(plan);
            assertThat(sample.url()).isEqualTo(answeredBy);
            assertThat(sample.success()).as("success of %s", sample).isTrue();
            // Received bytes are the response on the wire: the payload plus a small protocol envelope.
            assertThat(sample.bytes()).isBetween((long) payloadBytes, payloadBytes + 512L);
            assertThat(sample.sentBytes()).isGreaterThanOrEqualTo(payloadBytes);
        });
    }

    /**
     * The plans showing how to call your own service: each sampler's JSON assertions and extractors run on the
     * response, so a sample succeeds only when every checked value came back exactly (and an extracted value fed
     * the next call); {@code ${var}} and functions inside the arguments are substituted per sample.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "dubbo-order-service | place order, order total, confirm order",
            "thrift-inventory-service | store item, shelve items, find item"})
    void exampleServicePlanPassesItsAssertionsOnEverySample(String plan, String labels) throws Exception {
        JMeterRun run = JMeterRun.of(Plans.LAYOUT, plan, dir.resolve(plan)).dashboard(false)
                .properties(provider.planProperties())
                .properties(Map.of("threads", "2", "rampup", "0", "duration", "6"));
        run.run(Duration.ofMinutes(2));

        String[] expected = labels.split(",\\s*");
        List<JtlSample> samples = Plans.samples(run.jtl());
        assertThat(samples).extracting(JtlSample::label).containsOnly(expected).contains(expected);
        assertThat(samples).allSatisfy(sample ->
                assertThat(sample.success()).as("success of %s", sample).isTrue());
    }

    @Test
    void everySocketOfTheProviderStaysOnLoopbackWhileAPlanRuns() throws Exception {
        JMeterRun run = JMeterRun.of(Plans.LAYOUT, "dubbo-echo-1k", dir.resolve("sockets")).dashboard(false)
                .properties(provider.planProperties())
                .properties(java.util.Map.of("threads", "2", "rampup", "0", "duration", "4"));
        CompletableFuture<Void> running = CompletableFuture.runAsync(() -> {
            try {
                run.run(Duration.ofMinutes(2));
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        List<ProcessSockets.TcpSocket> sockets = List.of();
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (System.nanoTime() < deadline && !running.isDone()) {
            sockets = ProcessSockets.of(provider.pid());
            int dubboPort = ProviderEndpoints.port(provider.endpoints().dubbo().orElseThrow());
            if (sockets.stream().anyMatch(s -> s.state().equals(ProcessSockets.ESTABLISHED)
                    && s.local().endsWith(":" + dubboPort))) {
                break;
            }
            Thread.onSpinWait();
        }
        running.join();

        assertThat(sockets).as("provider sockets").isNotEmpty();
        assertThat(sockets).filteredOn(s -> s.state().equals(ProcessSockets.ESTABLISHED))
                .as("connections from JMeter while the plan runs").isNotEmpty();
        assertThat(sockets).allSatisfy(socket -> {
            assertThat(socket.localIsLoopback()).as("local end of %s", socket).isTrue();
            if (!socket.state().equals(ProcessSockets.LISTEN)) {
                assertThat(socket.remoteIsLoopback()).as("remote end of %s", socket).isTrue();
            }
        });
    }
}
