package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.reports.JtlSample;
import java.nio.file.Path;
import java.time.Duration;
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
 * provider app on free loopback ports, and checks what the JTL says.
 */
class ShippedPlansIT {

    @TempDir
    static Path dir;

    static ProviderProcess provider;

    @BeforeAll
    static void startProvider() throws Exception {
        provider = ProviderProcess.start(Plans.LAYOUT, List.of(), dir.resolve("provider.log"));
    }

    @AfterAll
    static void stopProvider() {
        if (provider != null) {
            assertThat(provider.stop()).as("provider exit code after SIGTERM").isZero();
        }
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
