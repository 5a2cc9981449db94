package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.rpcbench.reports.JtlSample;
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
import org.junit.jupiter.params.provider.ValueSource;

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
        // With the echo over HTTP too, for seed-003-rest (and so that the socket check covers its port).
        provider = ProviderProcess.start(Plans.LAYOUT, List.of("--rest-port", "0"), dir.resolve("provider.log"));
        dubbo27 = Dubbo27ProviderProcess.start(Plans.LAYOUT, List.of(), dir.resolve("dubbo27-provider.log"));
    }

    @AfterAll
    static void stopProviders() {
        Plans.stopProviders(dubbo27, provider);
    }

    /**
     * Each seed-000 plan against its protocol of the Dubbo 2.7 provider, run on its own: dubbo (hessian2, DubboSampler
     * by the direct URL), rmi (RmiSampler), hessian (HessianSampler) and http (JSON-RPC by JMeter's HTTP Request, whose
     * assertions compare the whole answer with the request). Every sample passes, carries the label given and at least
     * the payload's bytes. One payload per plan here, a string and a POJO each twice: every payload of every system is
     * a cell of {@link Seed000PayloadsScenarioIT}, which runs these same plans.
     */
    @ParameterizedTest(name = "{0} {1} {2}")
    @CsvSource({"seed-000-dubbo, string, 204800", "seed-000-rmi, person, 1024", "seed-000-hessian, string, 51200",
            "seed-000-http-json, person, 1024"})
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
     * One payload each; the others are cells of {@link Seed000PayloadsScenarioIT}.
     */
    @ParameterizedTest(name = "{0} {1} {2}")
    @CsvSource({"seed-000-dubbo, person, 1024", "seed-000-thrift, string, 204800"})
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

    /** Seed 000's CPU plan: a 1 KiB string goes out, the provider's built length (an int) comes back, checked. */
    @Test
    void cpuPlanRunsWithoutFailedSamplesAndSendsTheString() throws Exception {
        JMeterRun run = JMeterRun.of(Plans.LAYOUT, "seed-000-cpu", dir.resolve("seed-000-cpu")).dashboard(false)
                .properties(provider.planProperties())
                .properties(Plans.SHORT_RUN);
        run.run(Duration.ofMinutes(2));

        List<JtlSample> samples = Plans.samples(run.jtl());
        assertThat(samples).isNotEmpty();
        assertThat(samples).allSatisfy(sample -> {
            assertThat(sample.label()).isEqualTo("seed-000-cpu");
            assertThat(sample.success()).as("success of %s", sample).isTrue();
            assertThat(sample.sentBytes()).isGreaterThanOrEqualTo(1024);
            assertThat(sample.bytes()).isPositive().isLessThan(512);
        });
    }

    /** Seed 002's plans by duration, as the other plans: {@code loops} left at -1. */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"seed-002-delay-dubbo", "seed-002-delay-thrift"})
    void delayPlanRunsForItsDurationWhenLoopsIsNotSet(String plan) throws Exception {
        JMeterRun run = JMeterRun.of(Plans.LAYOUT, plan, dir.resolve(plan + "-duration")).dashboard(false)
                .properties(provider.planProperties())
                .properties(Plans.SHORT_RUN)
                .properties(Map.of("delay_ms", "20", "size_bytes", "5000"));
        // Loops -1 is endless: only the duration can end the run (run() fails past its deadline, stopping JMeter).
        run.run(Duration.ofMinutes(1));

        List<JtlSample> samples = Plans.samples(run.jtl());
        assertThat(samples).isNotEmpty();
        assertThat(samples).allSatisfy(sample -> {
            assertThat(sample.label()).isEqualTo(plan);
            assertThat(sample.success()).as("success of %s", sample).isTrue();
            assertThat(sample.elapsed()).isGreaterThanOrEqualTo(20);
            assertThat(sample.bytes()).isBetween(5000L, 5000L + 512);
        });
    }

    /** Seed 002's fixed number of calls per thread ({@code loops}): exactly that many from each thread. */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"seed-002-delay-dubbo", "seed-002-delay-thrift"})
    void delayPlanMakesExactlyLoopsCallsPerThread(String plan) throws Exception {
        JMeterRun run = JMeterRun.of(Plans.LAYOUT, plan, dir.resolve(plan + "-loops")).dashboard(false)
                .properties(provider.planProperties())
                // A duration shorter than the calls take: loops must win over it.
                .properties(Map.of("threads", "3", "rampup", "0", "duration", "1", "loops", "40",
                        "delay_ms", "50", "size_bytes", "10"));
        run.run(Duration.ofMinutes(2));

        assertThat(Plans.samples(run.jtl())).hasSize(3 * 40).allSatisfy(sample -> {
            assertThat(sample.success()).as("success of %s", sample).isTrue();
            assertThat(sample.elapsed()).isGreaterThanOrEqualTo(50);
        });
        assertThat(Plans.callsPerThread(run.jtl())).hasSize(3).allSatisfy((thread, calls) ->
                assertThat(calls).as("calls of %s", thread).isEqualTo(40));
    }

    /**
     * The REST plan through JMeter's stock HTTP Request: every sample is a POST of a {@code size_bytes} string to the
     * provider's echo URL whose answer the plan's Response Assertion found to be that string; received bytes are the
     * body plus the HTTP headers.
     */
    @ParameterizedTest(name = "seed-003-rest size_bytes={0}")
    @ValueSource(ints = {4, 1024})
    void restPlanPostsTheStringAndEveryAnswerIsItsEcho(int sizeBytes) throws Exception {
        Map<String, String> properties = new HashMap<>(Plans.SHORT_RUN);
        properties.put("size_bytes", Integer.toString(sizeBytes));
        JMeterRun run = JMeterRun.of(Plans.LAYOUT, "seed-003-rest", dir.resolve("seed-003-rest-" + sizeBytes))
                .dashboard(false)
                .properties(provider.planProperties())
                .properties(properties);
        run.run(Duration.ofMinutes(2));

        String echoUrl = provider.endpoints().rest().orElseThrow() + "/io.rpcbench.echo.EchoService/echo";
        List<JtlSample> samples = Plans.samples(run.jtl());
        assertThat(samples).isNotEmpty();
        assertThat(samples).allSatisfy(sample -> {
            assertThat(sample.label()).isEqualTo("seed-003-rest");
            assertThat(sample.url()).isEqualTo(echoUrl);
            assertThat(sample.success()).as("success of %s", sample).isTrue();
            assertThat(sample.bytes()).isBetween(sizeBytes + 50L, sizeBytes + 300L);
            assertThat(sample.sentBytes()).isGreaterThanOrEqualTo(sizeBytes);
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

    /** Seed 000's stability plan: one thread group calling the three echoes in turn, each with its own label. */
    @Test
    void stabilityPlanCallsTheStringThePersonAndTheMapInTurn() throws Exception {
        String plan = "seed-000-stability";
        // Longer than SHORT_RUN: each thread goes through all three samplers, each opening its client on first use.
        JMeterRun run = JMeterRun.of(Plans.LAYOUT, plan, dir.resolve(plan)).dashboard(false)
                .properties(provider.planProperties())
                .properties(Map.of("threads", "2", "rampup", "0", "duration", "8"));
        run.run(Duration.ofMinutes(2));

        List<JtlSample> samples = Plans.samples(run.jtl());
        assertThat(samples).extracting(JtlSample::label).containsOnly("string-5k", "person", "map-3-persons")
                .contains("string-5k", "person", "map-3-persons");
        assertThat(samples).allSatisfy(sample -> assertThat(sample.success()).as("success of %s", sample).isTrue());
        // Each thread calls the three in turn: the counts differ by at most one per thread.
        Map<String, Long> counts = samples.stream().collect(
                java.util.stream.Collectors.groupingBy(JtlSample::label, java.util.stream.Collectors.counting()));
        assertThat(counts.values().stream().mapToLong(Long::longValue).max().orElseThrow()
                - counts.values().stream().mapToLong(Long::longValue).min().orElseThrow()).isLessThanOrEqualTo(2);
        assertThat(samples).filteredOn(s -> s.label().equals("string-5k"))
                .allSatisfy(s -> assertThat(s.bytes()).isBetween(5120L, 5120L + 512));
        // A person of about 1 KiB, and three of them: the map's response is the larger.
        long person = samples.stream().filter(s -> s.label().equals("person")).mapToLong(JtlSample::bytes).max()
                .orElseThrow();
        long map = samples.stream().filter(s -> s.label().equals("map-3-persons")).mapToLong(JtlSample::bytes).min()
                .orElseThrow();
        assertThat(person).isBetween(900L, 2048L);
        assertThat(map).isGreaterThan(2 * person);
    }

    /**
     * Seed 000's pressure plan with an interval of one second: the size changes during the run, every thread of the
     * JMeter sends the interval's size (a few sizes in all, not one per thread and sample), and each sample's
     * {@code size_bytes} column matches what it received.
     */
    @Test
    void pressurePlanChangesTheStringSizeEveryIntervalForAllThreads() throws Exception {
        String plan = "seed-000-pressure";
        JMeterRun run = JMeterRun.of(Plans.LAYOUT, plan, dir.resolve(plan)).dashboard(false)
                .properties(provider.planProperties())
                .properties(Map.of("threads", "2", "rampup", "0", "duration", "10", "size_interval", "1",
                        "size_min", "100", "size_max", "5000", "sample_variables", "elapsed_us,size_bytes"));
        run.run(Duration.ofMinutes(2));

        List<String> lines = java.nio.file.Files.readAllLines(run.jtl());
        // JMeter writes the names of sample variables in double quotes: "size_bytes".
        List<String> header = List.of(lines.get(0).replace("\"", "").split(","));
        int bytes = header.indexOf("bytes");
        int size = header.indexOf("size_bytes");
        int success = header.indexOf("success");
        int timeStamp = header.indexOf("timeStamp");
        assertThat(size).as("size_bytes column in %s", header).isPositive();
        List<String[]> rows = lines.subList(1, lines.size()).stream().map(line -> line.split(",")).toList();
        assertThat(rows).isNotEmpty().allSatisfy(row -> {
            assertThat(row[success]).as("success of %s", String.join(",", row)).isEqualTo("true");
            long sent = Long.parseLong(row[size]);
            assertThat(sent).isBetween(100L, 5000L);
            assertThat(Long.parseLong(row[bytes])).isBetween(sent, sent + 512);
        });
        long sizes = rows.stream().map(row -> row[size]).distinct().count();
        long seconds = rows.stream().mapToLong(row -> Long.parseLong(row[timeStamp]) / 1000).max().orElseThrow()
                - rows.stream().mapToLong(row -> Long.parseLong(row[timeStamp]) / 1000).min().orElseThrow() + 1;
        assertThat(seconds).as("seconds with samples (the consumer opens first)").isGreaterThanOrEqualTo(3);
        assertThat(sizes).as("distinct sizes over %d s", seconds).isBetween(2L, seconds + 1);
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
