package io.rpcbench.sampler.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.sampler.dubbo.DubboReferences;
import io.rpcbench.testing.ProviderApp;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.jmeter.protocol.java.sampler.JavaSamplerContext;
import org.apache.jmeter.samplers.SampleResult;
import org.junit.jupiter.api.Test;

/**
 * ZooKeeper down or lost: samples through a registry that cannot be reached fail as connection errors naming it,
 * without a long stall at thread start; a consumer already built keeps calling the providers it knows; direct
 * {@code dubbo://} runs never need ZooKeeper.
 */
class RegistryFaultsIT {

    @Test
    void samplesFailAsConnectionErrorsNamingTheRegistryWhenZooKeeperIsDownAtStart() throws IOException {
        String registry = "zookeeper://127.0.0.1:" + closedLoopbackPort();

        long start = System.nanoTime();
        List<SampleResult> results = SamplerRun.run(new DubboSampler(),
                Map.of("address", registry, "timeout_ms", "1000"), 3);
        Duration took = Duration.ofNanos(System.nanoTime() - start);

        assertThat(results).allSatisfy(result -> {
            assertThat(result.isSuccessful()).isFalse();
            assertThat(result.getResponseCode()).isEqualTo("connection");
            assertThat(result.getResponseMessage()).isEqualTo("could not create the client: connection calling "
                    + registry + ": io.rpcbench.sampler.registry.RegistryUnreachableException: registry " + registry
                    + " not reachable (cause java.net.ConnectException: Connection refused)");
        });
        // Dubbo's own start takes a few seconds on a loaded machine; its registry connect timeout is not waited for.
        assertThat(took).as("thread start and three samples").isLessThan(Duration.ofSeconds(10));
        assertThat(DubboReferences.liveConsumers()).isZero();
    }

    /**
     * Threads that start together share one failed build: the registry is tried once, not once per thread (with a
     * registry that drops packets, each try would cost the whole connect timeout, one thread after the other).
     * Shown by a registry port that starts listening after the first try: the threads that start right after still
     * get the first try's answer.
     */
    @Test
    void threadsStartingTogetherShareOneFailedBuildInsteadOfTryingTheRegistryEach() throws IOException {
        int port = closedLoopbackPort();
        String registry = "zookeeper://127.0.0.1:" + port;
        Map<String, String> parameters = Map.of("address", registry, "timeout_ms", "1000");

        List<SampleResult> first = SamplerRun.run(new DubboSampler(), parameters, 1);
        List<SampleResult> next;
        try (ServerSocket listening = new ServerSocket(port, 50, InetAddress.getLoopbackAddress())) {
            next = SamplerRun.run(new DubboSampler(), parameters, 1);
        }

        assertThat(first.get(0).getResponseMessage()).contains("registry " + registry + " not reachable");
        assertThat(next.get(0).getResponseCode()).isEqualTo("connection");
        assertThat(next.get(0).getResponseMessage()).isEqualTo(first.get(0).getResponseMessage());
    }

    /**
     * Dubbo keeps calling the providers it knew; the run says on JMeter's console (and in its log) that the registry
     * was lost, naming it and the interface, since no sample shows it.
     */
    @Test
    void aBuiltConsumerKeepsCallingAndDirectRunsKeepSucceedingWhenZooKeeperIsLost() throws Exception {
        ConsoleLines console = ConsoleLines.capture();
        try (ProviderApp zookeeper = ProviderApp.zooKeeper();
                ProviderApp provider = ProviderApp.start("--registry", zookeeper.registry(), "--dubbo-port", "0",
                        "--no-thrift", "--threads", "20")) {
            String registry = zookeeper.registry();
            String direct = "dubbo://127.0.0.1:" + provider.dubboPort();
            DubboSampler throughRegistry = new DubboSampler();
            DubboSampler directly = new DubboSampler();
            JavaSamplerContext registryContext = SamplerRun.context(throughRegistry, Map.of("address", registry));
            JavaSamplerContext directContext = SamplerRun.context(directly, Map.of("address", direct));
            throughRegistry.setupTest(registryContext);
            directly.setupTest(directContext);
            List<SampleResult> before = new ArrayList<>();
            List<SampleResult> after = new ArrayList<>();
            try {
                before.add(throughRegistry.runTest(registryContext));
                before.add(directly.runTest(directContext));

                zookeeper.process().stop();
                long end = System.nanoTime() + Duration.ofSeconds(3).toNanos();
                long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
                while (System.nanoTime() < end || !console.any(line -> line.startsWith(LOST + registry + " lost at"))
                        && System.nanoTime() < deadline) {
                    after.add(throughRegistry.runTest(registryContext));
                    after.add(directly.runTest(directContext));
                }
            } finally {
                throughRegistry.closeClient();
                directly.closeClient();
                console.close();
            }

            // The provider's own Dubbo waits on the lost registry when stopped by SIGTERM (over 30 s): not under test.
            ProcessHandle.of(provider.pid()).ifPresent(ProcessHandle::destroyForcibly);

            assertThat(before).allSatisfy(r -> assertThat(r.isSuccessful()).as(r.getResponseMessage()).isTrue());
            assertThat(after).hasSizeGreaterThan(10)
                    .allSatisfy(r -> assertThat(r.isSuccessful()).as(r.getResponseMessage()).isTrue());
            assertThat(DubboReferences.liveConsumers()).isZero();
            assertThat(console.lines()).as("what JMeter's console shows").anySatisfy(line -> assertThat(line)
                    .matches(LOST + java.util.regex.Pattern.quote(registry) + " lost at [0-9:.]+: the consumer of "
                            + "io.rpcbench.echo.EchoService goes on calling the providers it knew, and sees no provider "
                            + "come or go until it is back"));
        }
    }

    /** How the watch's lines start ({@code RegistryWatch}). */
    private static final String LOST = "rpcbench: registry ";

    /** A loopback port nothing listens on: bound to learn a free one, then closed. */
    private static int closedLoopbackPort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
