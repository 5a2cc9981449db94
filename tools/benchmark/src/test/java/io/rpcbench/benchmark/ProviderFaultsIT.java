package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.benchmark.jmeter.JMeterRun;
import io.rpcbench.benchmark.process.ProviderEndpoints;
import io.rpcbench.benchmark.process.ProviderProcess;
import io.rpcbench.reports.dashboard.Dashboard;
import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.jtl.JtlSample;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A provider that fails while a plan runs, through the real JMeter engine: the run goes on, every failed sample
 * says why, and the dashboard shows when.
 */
class ProviderFaultsIT {

    /** How long the load runs against a healthy provider, and again against none, before the next step. */
    private static final Duration PHASE = Duration.ofSeconds(2);
    /**
     * How long the provider stays down: past the calls' timeout, since a Dubbo call in flight at the kill ends only
     * by its timeout, and with every thread in such a call no sample would start in a shorter gap.
     */
    private static final Duration DOWN = Duration.ofSeconds(5);
    /** How long after the provider's exit a call may still have started on the connection that died. */
    private static final long IN_FLIGHT_MS = 200;
    /** Within this time of the restarted provider's ready line, calls pass again. */
    private static final Duration RECOVERY = Duration.ofSeconds(10);
    private static final int THREADS = 2;
    /** How much later than timeout_ms a timed-out sample may end on a loaded machine; well below the delay. */
    private static final int TIMEOUT_MARGIN_MS = 1_000;
    /** Threads a JVM may start or end for its own reasons (JIT, GC, timers) while the load runs. */
    private static final int THREAD_SLACK = 10;
    /** Worker threads of the slow provider's Dubbo and of its Thrift server. */
    private static final int PROVIDER_THREADS = 20;
    private static final int TIMEOUT_MS = 2_000;
    private static final Duration CLIENTS_DEADLINE = Duration.ofSeconds(90);

    @TempDir
    Path dir;

    /**
     * The provider is killed (SIGKILL, like a crash) and started again on the same ports while a Dubbo and a Thrift
     * plan run. The Dubbo plan calls it by its direct {@code dubbo://} URL: with the embedded ZooKeeper the registry
     * would die with the provider, and a direct URL keeps this test about the provider alone.
     */
    @Test
    void samplesFailAsConnectionErrorsWhileTheProviderIsDownAndSucceedAgainAfterItsRestart() throws Exception {
        ProviderProcess.Ports ports = new ProviderProcess.Ports(freePort(), freePort(), freePort());
        String dubboTarget = "dubbo://127.0.0.1:" + ports.dubbo();
        String thriftTarget = "thrift://127.0.0.1:" + ports.thrift();
        Map<String, String> properties = Map.of(JMeterRun.THINK_TIME, TestVolume.THINK_TIME_MS, "threads", Integer.toString(THREADS), "rampup", "0", "duration", "45",
                "timeout_ms", Integer.toString(TIMEOUT_MS),
                "dubbo.address", dubboTarget, "thrift.host", "127.0.0.1", "thrift.port", Integer.toString(ports.thrift()));
        JMeterRun dubbo = JMeterRun.of(Plans.LAYOUT, "dubbo-echo-1k", dir.resolve("dubbo")).dashboard(false)
                .properties(properties);
        JMeterRun thrift = JMeterRun.of(Plans.LAYOUT, "thrift-echo-1k", dir.resolve("thrift")).dashboard(false)
                .properties(properties);

        ProviderProcess first = ProviderProcess.start(Plans.LAYOUT, ports, List.of(), dir.resolve("provider-1.log"));
        ProviderProcess second = null;
        try {
            CompletableFuture<Void> runs = CompletableFuture.allOf(inBackground(dubbo), inBackground(thrift));
            awaitClients(first.pid(), ports, runs);
            Thread.sleep(PHASE.toMillis()); // load on a healthy provider
            long killing = System.currentTimeMillis();
            first.kill(); // returns once the process has exited
            long killedAt = System.currentTimeMillis();
            Thread.sleep(DOWN.toMillis()); // load on no provider at all
            long restartAt = System.currentTimeMillis();
            second = ProviderProcess.start(Plans.LAYOUT, ports, List.of(), dir.resolve("provider-2.log"));
            long restartedAt = System.currentTimeMillis();
            runs.get(2, TimeUnit.MINUTES);

            assertGap(Plans.samples(dubbo.jtl()), "connection calling " + dubboTarget, killing, killedAt, restartAt,
                    restartedAt);
            assertGap(Plans.samples(thrift.jtl()), "connection calling " + thriftTarget, killing, killedAt, restartAt,
                    restartedAt);
            assertDashboardShowsTheGap(dubbo, "dubbo-echo-1k");
            assertDashboardShowsTheGap(thrift, "thrift-echo-1k");
        } finally {
            if (second != null) {
                second.stop();
            }
            first.stop();
        }
    }

    /**
     * A provider slower than the samplers' timeout: every sample fails as a timeout once {@code timeout_ms} has
     * passed, not when the late answer comes, and the load does not pile up threads anywhere: JMeter keeps the
     * configured threads, and neither the JMeter JVM nor the provider grows threads while the timeouts go on. The
     * Thrift sampler's {@code timeout_ms} is a socket read timeout, not a deadline per call: for a call whose one
     * response is late, as here, the two are the same.
     */
    @Test
    void samplesOfASlowProviderFailAsTimeoutsAtTheTimeoutWithoutPilingUpThreads() throws Exception {
        int timeoutMs = 500;
        int delayMs = 2_000;
        ProviderProcess provider = ProviderProcess.start(Plans.LAYOUT, List.of("--delay-ms", Integer.toString(delayMs),
                "--threads", Integer.toString(PROVIDER_THREADS)),
                dir.resolve("provider.log"));
        try {
            String dubboTarget = provider.endpoints().dubbo().orElseThrow();
            int thriftPort = ProviderEndpoints.port(provider.endpoints().thrift().orElseThrow());
            Map<String, String> properties = Map.of(JMeterRun.THINK_TIME, TestVolume.THINK_TIME_MS, "threads", Integer.toString(THREADS), "rampup", "0",
                    "duration", "6", "timeout_ms", Integer.toString(timeoutMs), "dubbo.address", dubboTarget,
                    "thrift.host", "127.0.0.1", "thrift.port", Integer.toString(thriftPort));
            JMeterRun dubbo = JMeterRun.of(Plans.LAYOUT, "dubbo-echo-1k", dir.resolve("dubbo")).dashboard(false)
                    .properties(properties);
            JMeterRun thrift = JMeterRun.of(Plans.LAYOUT, "thrift-echo-1k", dir.resolve("thrift")).dashboard(false)
                    .properties(properties);
            CompletableFuture<Void> runs = CompletableFuture.allOf(inBackground(dubbo), inBackground(thrift));
            ProviderProcess.Ports ports = ProviderProcess.Ports.of(provider.endpoints());
            awaitClients(provider.pid(), ports, runs);
            List<Long> jmeters = List.of(dubbo.pid(), thrift.pid());
            Map<Long, Integer> threadsAtStart = threadCounts(provider.pid(), jmeters);
            Map<Long, Integer> mostThreads = new HashMap<>(threadsAtStart);
            Map<Long, List<Integer>> series = new HashMap<>();
            while (!runs.isDone()) {
                threadCounts(provider.pid(), jmeters).forEach((pid, count) -> {
                    mostThreads.merge(pid, count, Math::max);
                    series.computeIfAbsent(pid, k -> new ArrayList<>()).add(count);
                });
                Thread.sleep(500); // sampling interval of the thread counts
            }
            runs.get();

            assertTimeouts(Plans.samples(dubbo.jtl()), "timeout calling " + dubboTarget, timeoutMs);
            assertTimeouts(Plans.samples(thrift.jtl()), "timeout calling thrift://127.0.0.1:" + thriftPort, timeoutMs);
            // The provider's two worker pools (Dubbo, Thrift) start a thread per call until they are full, so its
            // count rises by at most their size; the JMeter JVMs start no thread per call, timed out or not.
            threadsAtStart.forEach((pid, atStart) -> assertThat(mostThreads.get(pid))
                    .as("threads of pid %d (provider %d), %d when the load started, then %s", pid, provider.pid(),
                            atStart, series.get(pid))
                    .isLessThanOrEqualTo(atStart + THREAD_SLACK + (pid == provider.pid() ? 2 * PROVIDER_THREADS : 0)));
        } finally {
            provider.stop();
        }
    }

    private static void assertTimeouts(List<JtlSample> samples, String message, int timeoutMs) {
        assertThat(samples).hasSizeGreaterThanOrEqualTo(2 * THREADS).allSatisfy(sample -> {
            assertThat(sample.success()).isFalse();
            assertThat(sample.responseCode()).isEqualTo("timeout");
            assertThat(sample.responseMessage()).startsWith(message);
            assertThat(sample.elapsed()).isGreaterThanOrEqualTo(timeoutMs).isLessThan(timeoutMs + TIMEOUT_MARGIN_MS);
            assertThat(sample.allThreads()).isBetween(1, THREADS); // fewer only as the run ends
        });
    }

    /**
     * The thread count of the provider and of the JMeter JVMs this test started, by PID: by their own PIDs, not by
     * this JVM's descendants, which hold the JMeter JVMs of the ITs running beside this one (one of them, setting its
     * Dubbo consumer up, grew from 20 to 47 threads during this test's run and failed it).
     */
    private static Map<Long, Integer> threadCounts(long providerPid, List<Long> jmeterPids) throws IOException {
        Map<Long, Integer> counts = new HashMap<>();
        counts.put(providerPid, threadCount(providerPid));
        for (long jmeter : jmeterPids) {
            try {
                counts.put(jmeter, threadCount(jmeter));
            } catch (NoSuchFileException ended) {
                // its run has ended: nothing more to count
            }
        }
        return counts;
    }

    private static int threadCount(long pid) throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
            if (line.startsWith("Threads:")) {
                return Integer.parseInt(line.substring("Threads:".length()).trim());
            }
        }
        throw new IllegalStateException("no thread count in /proc/" + pid + "/status");
    }

    /**
     * Before the kill every sample passed; between the kill and the restart every sample failed as a connection
     * error naming the target; after the restart the calls pass again, to the end of the run.
     */
    private static void assertGap(List<JtlSample> samples, String message, long killing, long killedAt, long restartAt,
            long restartedAt) {
        assertThat(samples).filteredOn(s -> s.endTime() < killing).isNotEmpty().allMatch(JtlSample::success);
        // A call is "in flight at the kill" when it started before the client could see the closed connection:
        // up to IN_FLIGHT_MS after the provider's exit (Netty learns of the closed socket on its event loop).
        long settled = killedAt + IN_FLIGHT_MS;
        assertThat(samples).filteredOn(s -> s.timeStamp() > settled && s.endTime() < restartAt)
                .isNotEmpty()
                .allSatisfy(sample -> {
                    assertThat(sample.success()).isFalse();
                    assertThat(sample.responseCode()).isEqualTo("connection");
                    assertThat(sample.responseMessage()).startsWith(message);
                });
        // While the new provider starts, Dubbo's port opens with the first service it exports: a call reaching it
        // before the echo is exported is refused by the provider as a request for a service it does not have.
        String notYetExported = message.replaceFirst("^connection", "serialization")
                + ": the provider could not decode the request";
        assertThat(samples).filteredOn(s -> !s.success() && s.timeStamp() > settled).allSatisfy(sample -> {
            if (sample.responseCode().equals("serialization") && sample.timeStamp() >= restartAt
                    && sample.timeStamp() <= restartedAt) {
                assertThat(sample.responseMessage()).startsWith(notYetExported);
            } else {
                assertThat(sample.responseCode()).isEqualTo("connection");
                assertThat(sample.responseMessage()).startsWith(message);
            }
        });
        // A Dubbo call in flight when the provider dies is not failed by the closed channel: Dubbo waits for its
        // answer (its graceful-shutdown wait), so it ends by the call's timeout. At most one per thread; the other
        // calls of that moment fail as connection errors.
        assertThat(samples).filteredOn(s -> !s.success() && s.timeStamp() <= settled)
                .allSatisfy(sample -> assertThat(sample.responseCode()).isIn("connection", "timeout"))
                .filteredOn(s -> s.responseCode().equals("timeout"))
                .hasSizeLessThanOrEqualTo(THREADS)
                .allSatisfy(sample -> assertThat(sample.elapsed()).isLessThan(TIMEOUT_MS + 2_000));
        long lastFailure = samples.stream().filter(s -> !s.success()).mapToLong(JtlSample::endTime).max().orElseThrow();
        assertThat(samples).filteredOn(s -> s.timeStamp() > lastFailure).isNotEmpty().allMatch(JtlSample::success)
                .anyMatch(s -> s.timeStamp() > restartedAt);
        // Dubbo's own default would retry the lost connection only every 60 s (see DubboReferences).
        long recovered = samples.stream().filter(s -> s.success() && s.timeStamp() > killedAt)
                .mapToLong(JtlSample::timeStamp).min().orElseThrow();
        assertThat(recovered - restartedAt).as("ms from the provider's ready line to the first call that passed")
                .isLessThan(RECOVERY.toMillis());
    }

    /** The errors-over-time series: buckets without errors, then buckets of errors, then buckets without again. */
    private void assertDashboardShowsTheGap(JMeterRun run, String name) {
        DashboardData.RunData data = Dashboard.builder()
                .addRun(name, run.jtl(), Optional.empty(), Optional.empty())
                .read(dir).runs().get(0);
        List<Double> tps = data.client().tps();
        List<Double> errors = data.client().errorsPerSecond();
        int firstError = indexOf(errors, 0, e -> e > 0);
        assertThat(firstError).as("a bucket with errors in %s", errors).isPositive();
        assertThat(indexOf(errors, 0, e -> e == 0)).as("a bucket without errors before the gap").isLessThan(firstError);
        int recovered = indexOf(errors, firstError, e -> e == 0);
        assertThat(recovered).as("a bucket without errors after the gap in %s", errors).isPositive();
        assertThat(tps.get(recovered)).isPositive();
        // The errors table: the gap's connection errors first, then at most the calls in flight at the kill as
        // timeouts, and calls that met the restarting provider before it exported the echo (see assertGap).
        assertThat(data.errors()).first().satisfies(category -> assertThat(category.code()).isEqualTo("connection"));
        assertThat(data.errors().subList(1, data.errors().size())).allSatisfy(category -> {
            assertThat(category.code()).isIn("timeout", "serialization");
            if (category.code().equals("timeout")) {
                assertThat(category.count()).isLessThanOrEqualTo(THREADS);
            }
        });
    }

    private static int indexOf(List<Double> values, int from, Predicate<Double> wanted) {
        for (int i = from; i < values.size(); i++) {
            if (wanted.test(values.get(i))) {
                return i;
            }
        }
        return -1;
    }

    private static CompletableFuture<Void> inBackground(JMeterRun run) {
        return CompletableFuture.runAsync(() -> {
            try {
                run.run(Duration.ofMinutes(2));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** Waits until both plans hold a connection to the provider: their samplers are calling. */
    private static void awaitClients(long providerPid, ProviderProcess.Ports ports, CompletableFuture<Void> runs)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + CLIENTS_DEADLINE.toNanos();
        while (!connected(providerPid, ports.dubbo()) || !connected(providerPid, ports.thrift())) {
            if (runs.isDone()) {
                runs.join(); // a run that ended early says why
                throw new IllegalStateException("the plans ended before they connected to the provider");
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("no plan connected to the provider within " + CLIENTS_DEADLINE);
            }
            Thread.sleep(100); // polling interval of the probe, not a readiness guess
        }
    }

    private static boolean connected(long pid, int port) throws IOException {
        return ProcessSockets.of(pid).stream().anyMatch(socket -> socket.state().equals(ProcessSockets.ESTABLISHED)
                && socket.local().endsWith(":" + port));
    }

    /** A loopback port nothing listens on: bound to learn a free one, then closed. */
    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
