package io.rpcbench.sampler.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.sampler.dubbo.DubboReferences;
import io.rpcbench.testing.ProviderApp;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.apache.jmeter.protocol.java.sampler.JavaSamplerContext;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.Test;

/**
 * Two providers of one service behind one ZooKeeper, one of them killed (SIGKILL) or frozen (SIGSTOP: its
 * connections stay open and nothing answers). The sampler's {@code cluster} setting decides what a call that met
 * the lost provider does: {@code failover} (with retries) tries the other provider and passes, {@code failfast}
 * fails. Every sample names the provider that answered, or was tried last when it failed, as its URL: the
 * per-provider share of the results (the dashboard's "Calls per provider").
 */
class ClusterFaultsIT {

    /** Long enough that a call to the provider still up never times out on a busy machine. */
    private static final int TIMEOUT_MS = 1_000;
    private static final int ROUNDS_BEFORE = 20;
    /** Shorter than the consumers' heartbeat timeout (3 s), after which Dubbo stops sending to a silent provider. */
    private static final Duration FROZEN_PHASE = Duration.ofMillis(2_000);
    private static final Duration KILLED_PHASE = Duration.ofSeconds(3);

    /** A ZooKeeper and two providers registered in it, each in its own JVM. */
    private record TwoProviders(ProviderApp zookeeper, ProviderApp a, ProviderApp b) implements AutoCloseable {

        static TwoProviders start() throws IOException, InterruptedException {
            ProviderApp zookeeper = ProviderApp.zooKeeper();
            ProviderApp a = null;
            try {
                a = provider(zookeeper);
                return new TwoProviders(zookeeper, a, provider(zookeeper));
            } catch (IOException | InterruptedException | RuntimeException e) {
                if (a != null) {
                    a.close();
                }
                zookeeper.close();
                throw e;
            }
        }

        private static ProviderApp provider(ProviderApp zookeeper) throws IOException, InterruptedException {
            return ProviderApp.start("--registry", zookeeper.registry(), "--dubbo-port", "0", "--no-thrift",
                    "--threads", "20");
        }

        String registry() {
            return zookeeper.registry();
        }

        /** The sampler's target, as failure messages name it. */
        String echo() {
            return registry() + " io.rpcbench.echo.EchoService.echo";
        }

        String urlA() {
            return "dubbo://127.0.0.1:" + a.dubboPort();
        }

        String urlB() {
            return "dubbo://127.0.0.1:" + b.dubboPort();
        }

        @Override
        public void close() {
            if (ProcessHandle.of(b.pid()).map(ProcessHandle::isAlive).orElse(false)) {
                signal(b, "CONT"); // a frozen process would not act on SIGTERM
            }
            b.close();
            a.close();
            zookeeper.close();
        }
    }

    /** One DubboServiceSampler calling the echo through the registry with a cluster setting, set up. */
    private record Caller(DubboServiceSampler sampler, JavaSamplerContext context) {

        static Caller of(String registry, String cluster, int retries) {
            DubboServiceSampler sampler = new DubboServiceSampler();
            JavaSamplerContext context = SamplerRun.context(sampler, Map.of("address", registry,
                    "interface", "io.rpcbench.echo.EchoService", "method", "echo", "arguments", "[\"" + cluster + "\"]",
                    "cluster", cluster, "retries", Integer.toString(retries), "loadbalance", "roundrobin",
                    "timeout_ms", Integer.toString(TIMEOUT_MS)));
            sampler.setupTest(context);
            return new Caller(sampler, context);
        }

        SampleResult call() {
            return sampler.runTest(context);
        }

        void close() {
            sampler.closeClient();
        }
    }

    @Test
    void whenOneProviderIsKilledFailoverCallsPassOnTheOtherAndFailfastFailsOnlyCallsOnTheirWayToIt()
            throws Exception {
        try (TwoProviders providers = TwoProviders.start()) {
            Caller failover = Caller.of(providers.registry(), "failover", 1);
            Caller failfast = Caller.of(providers.registry(), "failfast", 0);
            List<SampleResult> failoverAfter = new ArrayList<>();
            List<SampleResult> failfastAfter = new ArrayList<>();
            try {
                assertSharedByBoth(calls(failover, ROUNDS_BEFORE), providers);
                assertSharedByBoth(calls(failfast, ROUNDS_BEFORE), providers);

                ProcessHandle b = ProcessHandle.of(providers.b().pid()).orElseThrow();
                b.destroyForcibly();
                b.onExit().get(10, TimeUnit.SECONDS);
                long end = System.nanoTime() + KILLED_PHASE.toNanos();
                while (System.nanoTime() < end) {
                    failoverAfter.add(failover.call());
                    failfastAfter.add(failfast.call());
                }
            } finally {
                failover.close();
                failfast.close();
            }

            assertThat(failoverAfter).hasSizeGreaterThan(10).allSatisfy(r -> {
                assertThat(r.isSuccessful()).as(r.getResponseMessage()).isTrue();
                assertThat(r.getUrlAsString()).isEqualTo(providers.urlA());
            });
            // Dubbo drops the killed provider as soon as its connection closes: a call can still be on its way to
            // it then, and fails (failfast) naming it; every later call goes to the provider left.
            assertThat(failfastAfter).hasSizeGreaterThan(10);
            assertThat(failfastAfter).filteredOn(r -> !r.isSuccessful()).hasSizeLessThanOrEqualTo(2)
                    .allSatisfy(r -> {
                        assertThat(r.getResponseCode()).isEqualTo("connection");
                        assertThat(r.getResponseMessage()).startsWith("connection calling " + providers.echo() + ": ");
                        assertThat(r.getUrlAsString()).isEqualTo(providers.urlB());
                    });
            assertThat(failfastAfter).filteredOn(SampleResult::isSuccessful)
                    .allSatisfy(r -> assertThat(r.getUrlAsString()).isEqualTo(providers.urlA()));
            assertThat(failfastAfter.get(failfastAfter.size() - 1).isSuccessful()).isTrue();
            assertThat(DubboReferences.liveConsumers()).isZero();
        }
    }

    @Test
    void whenOneProviderHangsFailfastCallsToItTimeOutAndFailoverCallsPassOnTheOtherAfterTheTimeout()
            throws Exception {
        try (TwoProviders providers = TwoProviders.start()) {
            Caller failover = Caller.of(providers.registry(), "failover", 1);
            Caller failfast = Caller.of(providers.registry(), "failfast", 0);
            List<SampleResult> failfastFrozen = new ArrayList<>();
            List<SampleResult> failoverFrozen = new ArrayList<>();
            try {
                assertSharedByBoth(calls(failover, ROUNDS_BEFORE), providers);
                assertSharedByBoth(calls(failfast, ROUNDS_BEFORE), providers);

                signal(providers.b(), "STOP");
                awaitStopped(providers.b());
                long end = System.nanoTime() + FROZEN_PHASE.toNanos();
                while (System.nanoTime() < end) {
                    failfastFrozen.add(failfast.call());
                }
                failoverFrozen.addAll(calls(failover, 2));
            } finally {
                signal(providers.b(), "CONT");
                failover.close();
                failfast.close();
            }

            // Round robin sends every other call to the frozen provider: those time out at the timeout and name it.
            assertThat(failfastFrozen).filteredOn(r -> !r.isSuccessful()).isNotEmpty().allSatisfy(r -> {
                assertThat(r.getResponseCode()).isEqualTo("timeout");
                assertThat(r.getResponseMessage()).startsWith("timeout calling " + providers.echo()
                        + ": org.apache.dubbo.rpc.RpcException: Failfast invoke providers dubbo://");
                assertThat(r.getTime()).isGreaterThanOrEqualTo(TIMEOUT_MS);
                assertThat(r.getUrlAsString()).isEqualTo(providers.urlB());
            });
            assertThat(failfastFrozen).filteredOn(SampleResult::isSuccessful).isNotEmpty()
                    .allSatisfy(r -> assertThat(r.getUrlAsString()).isEqualTo(providers.urlA()));
            // Failover: a call sent to the frozen provider first waits for its timeout, then passes on the other.
            assertThat(failoverFrozen).allSatisfy(r -> {
                assertThat(r.isSuccessful()).as(r.getResponseMessage()).isTrue();
                assertThat(r.getUrlAsString()).isEqualTo(providers.urlA());
            });
        }
    }

    private static List<SampleResult> calls(Caller caller, int count) {
        List<SampleResult> results = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            results.add(caller.call());
        }
        return results;
    }

    /** Every call passed, and each provider answered at least a third of them (round robin: half). */
    private static void assertSharedByBoth(List<SampleResult> results, TwoProviders providers) {
        assertThat(results).allSatisfy(r -> assertThat(r.isSuccessful()).as(r.getResponseMessage()).isTrue());
        for (String provider : List.of(providers.urlA(), providers.urlB())) {
            assertThat(results).as("calls answered by %s, of calls answered by %s", provider,
                            results.stream().map(SampleResult::getUrlAsString).toList())
                    .filteredOn(r -> r.getUrlAsString().equals(provider))
                    .hasSizeGreaterThanOrEqualTo(results.size() / 3);
        }
    }

    /** Sends {@code SIGname} to the process by its PID. */
    /**
     * Waits until the kernel shows the process stopped ('T' in /proc/PID/stat): kill returns once the signal is sent,
     * and the process may still answer a call before it is delivered.
     */
    private static void awaitStopped(ProviderApp process) throws IOException {
        Path stat = Path.of("/proc", Long.toString(process.pid()), "stat");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (true) {
            String line = Files.readString(stat);
            char state = line.charAt(line.lastIndexOf(')') + 2);
            if (state == 'T' || state == 't') {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("process " + process.pid() + " is not stopped 10 s after SIGSTOP: "
                        + "state " + state);
            }
            LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(1)); // polling the state, with the deadline above
        }
    }

    private static void signal(ProviderApp process, String name) {
        try {
            Process kill = new ProcessBuilder("kill", "-" + name, Long.toString(process.pid())).inheritIO().start();
            if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
                throw new IllegalStateException("kill -" + name + " " + process.pid() + " failed");
            }
        } catch (IOException e) {
            throw new IllegalStateException("cannot run kill", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }
}
