package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import com.sun.net.httpserver.HttpServer;
import io.rpcbench.benchmark.jmeter.JMeterRun;
import io.rpcbench.benchmark.process.Dubbo27ProviderProcess;
import io.rpcbench.benchmark.process.ProviderEndpoints;
import io.rpcbench.benchmark.process.ProviderProcess;
import io.rpcbench.reports.jtl.JtlSample;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
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
 * Runs shipped plans headless through the real JMeter engine of the laid-out home, against the provider app on free
 * loopback ports (and the Dubbo 2.7 provider, see {@link Dubbo27ProviderProcess}), and checks what the JTL says: what
 * no scenario's run checks. Every other plan runs, with its answers checked, as a cell of a scenario's IT, once each
 * in {@code ./run-tests}: the echo plans in {@link MainJobIT} (seed-003, the main job), the seed-000 plans in
 * {@link Seed000PayloadsScenarioIT}, {@link Seed000CpuScenarioIT}, {@link Seed000StabilityScenarioIT} and
 * {@link Seed000PressureScenarioIT}, the delay plans by duration in {@link Seed002DelayScenarioIT}, the REST plan in
 * {@link Seed003RestScenarioIT}, the seed-004 plans in {@link Seed004ScenarioIT} and
 * {@link Seed004DiscoveryScenarioIT}.
 */
class ShippedPlansIT {

    @TempDir
    static Path dir;

    static ProviderProcess provider;
    static Dubbo27ProviderProcess dubbo27;

    @BeforeAll
    static void startProviders() throws Exception {
        // With the echo over HTTP too, for seed-003-rest (and so that the socket check covers its port).
        provider = ProviderProcess.start(Plans.LAYOUT, List.of("--rest-port", "0"), dir.resolve("provider.log"));
        dubbo27 = Dubbo27ProviderProcess.start(Plans.LAYOUT, List.of(), dir.resolve("dubbo27-provider.log"));
    }

    @AfterAll
    static void stopProviders() {
        Plans.stopProviders(dubbo27, provider);
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

    /**
     * Seed 002's fixed number of calls per thread ({@code loops}): exactly that many from each thread; and the plans'
     * think time ({@code think_time_ms}): each thread's calls start at least the call (50 ms here) plus the think time
     * apart. The Thrift plan in {@code ./run-tests --full} only.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"seed-002-delay-dubbo", "seed-002-delay-thrift"})
    void delayPlanMakesExactlyLoopsCallsPerThreadWithItsThinkTimeBetween(String plan) throws Exception {
        assumeThat(TestVolume.full() || plan.endsWith("-dubbo")).as("./run-tests --full only: the Thrift plan's "
                + "thread group is the Dubbo one's, and Seed002DelayScenarioIT runs it in the fast set").isTrue();
        int delayMs = 50;
        int thinkMs = 30;
        JMeterRun run = JMeterRun.of(Plans.LAYOUT, plan, dir.resolve(plan + "-loops")).dashboard(false)
                .properties(provider.planProperties())
                // A duration shorter than the calls take: loops must win over it.
                .properties(Map.of("threads", "3", "rampup", "0", "duration", "1", "loops", "40",
                        "delay_ms", Integer.toString(delayMs), "size_bytes", "10",
                        JMeterRun.THINK_TIME, Integer.toString(thinkMs)));
        run.run(Duration.ofMinutes(2));

        assertThat(Plans.samples(run.jtl())).hasSize(3 * 40).allSatisfy(sample -> {
            assertThat(sample.success()).as("success of %s", sample).isTrue();
            assertThat(sample.elapsed()).isGreaterThanOrEqualTo(delayMs);
        });
        Map<String, List<Long>> stamps = Plans.timeStampsPerThread(run.jtl());
        assertThat(stamps).hasSize(3).allSatisfy((thread, times) -> {
            assertThat(times).as("calls of %s", thread).hasSize(40);
            List<Long> sorted = times.stream().sorted().toList();
            for (int i = 1; i < sorted.size(); i++) {
                // Whole ms in the JTL: a call and its pause may each read 1 ms short.
                assertThat(sorted.get(i) - sorted.get(i - 1)).as("%s: call %d after call %d, ms", thread, i + 1, i)
                        .isGreaterThanOrEqualTo(delayMs + thinkMs - 2);
            }
        });
    }

    /**
     * The REST plan's assertion is what makes a sample succeed: a server that answers 200 with another body than
     * the string sent (here one that always says "abce") fails every sample, with the assertion's message.
     */
    @Test
    void restPlanFailsEverySampleWhoseBodyIsNotTheEcho() throws Exception {
        HttpServer wrongEcho = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        wrongEcho.createContext("/", exchange -> {
            byte[] body = "abce".getBytes(StandardCharsets.US_ASCII);
            exchange.getRequestBody().readAllBytes();
            exchange.getResponseHeaders().add("Content-Type", "text/plain");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        wrongEcho.start();
        try {
            JMeterRun run = JMeterRun.of(Plans.LAYOUT, "seed-003-rest", dir.resolve("seed-003-rest-wrong-echo"))
                    .dashboard(false)
                    .properties(Map.of("rest.host", "127.0.0.1",
                            "rest.port", Integer.toString(wrongEcho.getAddress().getPort())))
                    .properties(Plans.SHORT_RUN);
            run.run(Duration.ofMinutes(2));

            List<JtlSample> samples = Plans.samples(run.jtl());
            assertThat(samples).isNotEmpty();
            assertThat(samples).allSatisfy(sample -> {
                assertThat(sample.success()).as("success of %s", sample).isFalse();
                assertThat(sample.responseCode()).isEqualTo("200");
            });
            assertThat(Files.readString(run.jtl())).as("the assertion's failure message in the JTL")
                    .contains("the body is not the echo of the size_bytes string sent");
        } finally {
            wrongEcho.stop(0);
        }
    }

    /**
     * The plans showing how to call your own service: each sampler's JSON assertions and extractors run on the
     * response, so a sample succeeds only when every checked value came back exactly (and an extracted value fed
     * the next call); {@code ${var}} and functions inside the arguments are substituted per sample. In
     * {@code ./run-tests --full} only: in the fast set each plan runs against the provider app with every sample
     * passing its assertions in another IT, {@code dubbo-order-service} in
     * {@link PluginsManagerIT#installForJmxOfAPlanOfDubboRequestsBringsTheElements} (and through registries in
     * {@link RegistryLoopbackIT} and {@link NacosRegistryIT}), {@code thrift-inventory-service} in
     * {@link ThriftServiceOnUserClasspathIT#serviceJarGivenByUserClasspathAloneLetsEverySamplePass}.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "dubbo-order-service | place order, order total, confirm order",
            "thrift-inventory-service | store item, shelve items, find item"})
    void exampleServicePlanPassesItsAssertionsOnEverySample(String plan, String labels) throws Exception {
        assumeThat(TestVolume.full()).as("./run-tests --full only: PluginsManagerIT and "
                + "ThriftServiceOnUserClasspathIT run these plans with every sample passing in the fast set").isTrue();
        JMeterRun run = JMeterRun.of(Plans.LAYOUT, plan, dir.resolve(plan)).dashboard(false)
                .properties(provider.planProperties())
                .properties(Map.of(JMeterRun.THINK_TIME, TestVolume.THINK_TIME_MS, "threads", "1", "rampup", "0", "duration", "6"));
        run.run(Duration.ofMinutes(2));

        String[] expected = labels.split(",\\s*");
        List<JtlSample> samples = Plans.samples(run.jtl());
        assertThat(samples).extracting(JtlSample::label).containsOnly(expected).contains(expected);
        assertThat(samples).allSatisfy(sample ->
                assertThat(sample.success()).as("success of %s", sample).isTrue());
    }

    /**
     * Results saved as XML ({@code jmeter.save.saveservice.output_format=xml}) are a well-formed file whose every
     * sample is a plain {@code <sample>} element, as JMeter's listeners load them: an RPC sample is not written by
     * XStream's reflection (which broke off half way and left the file unparsable).
     */
    @Test
    void xmlResultsAreWellFormedWithEverySampleAPlainSample() throws Exception {
        JMeterRun run = JMeterRun.of(Plans.LAYOUT, "thrift-echo-1k", dir.resolve("xml-results")).dashboard(false)
                .properties(provider.planProperties())
                .properties(Map.of(JMeterRun.THINK_TIME, TestVolume.THINK_TIME_MS, "threads", "2", "rampup", "0",
                        "duration", "2", "agents", "none", "jmeter.save.saveservice.output_format", "xml"));
        run.run(Duration.ofMinutes(2));

        org.w3c.dom.Element results = javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(run.jtl().toFile()).getDocumentElement();
        assertThat(results.getTagName()).isEqualTo("testResults");
        org.w3c.dom.NodeList all = results.getChildNodes();
        List<org.w3c.dom.Element> samples = new java.util.ArrayList<>();
        for (int i = 0; i < all.getLength(); i++) {
            if (all.item(i) instanceof org.w3c.dom.Element element) {
                samples.add(element);
            }
        }
        assertThat(samples).isNotEmpty().allSatisfy(sample -> {
            assertThat(sample.getTagName()).isEqualTo("sample");
            assertThat(sample.getAttribute("lb")).isEqualTo("thrift-echo-1k");
            assertThat(sample.getAttribute("s")).as("success of sample at %s", sample.getAttribute("ts"))
                    .isEqualTo("true");
        });
        assertThat(Files.readString(run.log())).as("JMeter's log").doesNotContain("Failed marshalling");
    }

    @Test
    void everySocketOfTheProviderStaysOnLoopbackWhileAPlanRuns() throws Exception {
        JMeterRun run = JMeterRun.of(Plans.LAYOUT, "dubbo-echo-1k", dir.resolve("sockets")).dashboard(false)
                .properties(provider.planProperties())
                .properties(java.util.Map.of(JMeterRun.THINK_TIME, TestVolume.THINK_TIME_MS, "threads", "1", "rampup", "0", "duration", "4"));
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
