package io.rpcbench.sampler.jmeter;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.rpcbench.sampler.dubbo.Dubbo27Provider;
import io.rpcbench.sampler.json.ExactJson;
import io.rpcbench.testing.ProviderApp;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.jmeter.protocol.java.sampler.JavaSamplerContext;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.zookeeper.KeeperException;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Acceptance 1 of issue 16: both Dubbo samplers find and call a provider through ZooKeeper however it registered,
 * with {@code parameter_types} left empty and nothing else told (no {@code provided-by}): a Dubbo 3.3 provider
 * registered at application level only ({@code -Ddubbo.application.register-mode=instance}: no
 * {@code /dubbo/<interface>/providers} node), one registered both ways ({@code all}, Dubbo 3's default), and the Dubbo
 * 2.7 provider (interface level only). Each is the provider app's or the Dubbo 2.7 provider's jar in a JVM of its
 * own on free loopback ports, stopped by its PID; every answer is checked, and every socket of the calls is on
 * loopback.
 */
@Timeout(value = 300, unit = TimeUnit.SECONDS)
class RegistrationModesIT {

    private static final String ORDERS = "io.rpcbench.example.OrderService";
    private static final String ECHO = "io.rpcbench.echo.EchoService";
    private static final String INSTANCE = "instance";
    private static final String ALL = "all";
    private static final String DUBBO27 = "dubbo27";
    private static final int SAMPLES = 20;
    private static final String LINES = "[[{\"sku\":\"A-1\",\"quantity\":3,\"unitPrice\":12.30},"
            + "{\"sku\":\"B-2\",\"quantity\":1,\"unitPrice\":0.123456789012345678901234567890123456789}]]";
    /** 3 x 12.30 + 0.1234...789, every digit: the list of POJOs was typed by the definition the registry holds. */
    private static final String TOTAL = "37.023456789012345678901234567890123456789";

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {INSTANCE, ALL, DUBBO27})
    void bothSamplersCallTheProviderThroughTheRegistryWithTypesFromItsMetadata(String mode) throws Exception {
        assumeTrue(LoopbackSockets.readable(), "needs Linux /proc/net/tcp");
        try (Provider provider = Provider.start(mode)) {
            assertRegisteredAs(mode, provider.registry());

            Map<String, String> total = new HashMap<>(Map.of("address", provider.registry(), "protocol", "dubbo",
                    "interface", ORDERS, "method", "total", "parameter_types", "", "arguments", LINES));
            List<SampleResult> totals = runCheckingSockets(new DubboServiceSampler(), total, provider.port());
            Map<String, String> echo = Map.of("address", provider.registry(), "payload", "string", "size_bytes", "1024");
            List<SampleResult> echoes = runCheckingSockets(new DubboSampler(), echo, provider.port());

            assertThat(totals).hasSize(SAMPLES).allSatisfy(result -> {
                assertPassed(result, provider);
                assertThat(ExactJson.MAPPER.readTree(result.getResponseDataAsString()).decimalValue().toPlainString())
                        .isEqualTo(TOTAL);
            });
            assertThat(echoes).hasSize(SAMPLES).allSatisfy(result -> {
                assertPassed(result, provider); // the echo sampler fails a sample whose echo differs from its payload
                assertThat(result.getBytesAsLong()).isGreaterThanOrEqualTo(1024);
            });
        }
    }

    /** What ZooKeeper holds proves the registration mode: an instance-only provider has no interface-level URL. */
    private static void assertRegisteredAs(String mode, String registry) throws Exception {
        try (CuratorFramework zookeeper = CuratorFrameworkFactory.newClient(registry.substring("zookeeper://".length()),
                new RetryOneTime(100))) {
            zookeeper.start();
            assertThat(zookeeper.blockUntilConnected(10, TimeUnit.SECONDS)).as("connected to " + registry).isTrue();
            for (String service : List.of(ORDERS, ECHO)) {
                List<String> urls = children(zookeeper, "/dubbo/" + service + "/providers");
                if (mode.equals(INSTANCE)) {
                    assertThat(urls).as("interface-level URLs of " + service).isEmpty();
                } else {
                    assertThat(urls).as("interface-level URLs of " + service).isNotEmpty();
                }
                if (!mode.equals(DUBBO27)) {
                    assertThat(data(zookeeper, "/dubbo/mapping/" + service)).as("Dubbo's mapping of " + service)
                            .isEqualTo("rpcbench-provider");
                }
            }
            assertThat(children(zookeeper, "/services/rpcbench-provider")).as("application instances")
                    .hasSize(mode.equals(DUBBO27) ? 0 : 1);
        }
    }

    /** {@link #SAMPLES} samples through one sampler; meanwhile every socket on the provider's port is on loopback. */
    private static List<SampleResult> runCheckingSockets(RpcJavaSampler<?> sampler,
            Map<String, String> parameters, int providerPort) throws Exception {
        JavaSamplerContext context = SamplerRun.context(sampler, parameters);
        sampler.setupTest(context);
        try {
            List<SampleResult> results = new ArrayList<>();
            for (int i = 0; i < SAMPLES; i++) {
                results.add(sampler.runTest(context));
            }
            List<String> sockets = LoopbackSockets.touching(providerPort);
            assertThat(sockets).hasSizeGreaterThanOrEqualTo(3); // the listener and both ends of a connection
            assertThat(sockets).allMatch(LoopbackSockets::onLoopback, "both ends on 127.0.0.1");
            return results;
        } finally {
            sampler.closeClient();
        }
    }

    private static void assertPassed(SampleResult result, Provider provider) {
        assertThat(result.isSuccessful()).as("%s: %s", result.getResponseCode(), result.getResponseMessage()).isTrue();
        assertThat(result.getUrlAsString()).as("the provider that answered")
                .isEqualTo("dubbo://127.0.0.1:" + provider.port());
    }

    private static List<String> children(CuratorFramework zookeeper, String path) throws Exception {
        try {
            return zookeeper.getChildren().forPath(path);
        } catch (KeeperException.NoNodeException e) {
            return List.of();
        }
    }

    private static String data(CuratorFramework zookeeper, String path) throws Exception {
        try {
            return new String(zookeeper.getData().forPath(path), StandardCharsets.UTF_8);
        } catch (KeeperException.NoNodeException e) {
            return null;
        }
    }

    /** A provider of the example OrderService and the echo service, registered in its own ZooKeeper as a mode. */
    private record Provider(String registry, int port, AutoCloseable processes) implements AutoCloseable {

        static Provider start(String mode) throws Exception {
            if (mode.equals(DUBBO27)) {
                Dubbo27Provider dubbo27 = Dubbo27Provider.start();
                return new Provider(dubbo27.registry(), dubbo27.port(), dubbo27);
            }
            ProviderApp app = ProviderApp.start(List.of("-Ddubbo.application.register-mode=" + mode),
                    "--zookeeper-port", "0", "--dubbo-port", "0", "--no-thrift");
            return new Provider(app.registry(), app.dubboPort(), app);
        }

        /** Stops the provider (and the Dubbo 2.7 provider's ZooKeeper) by PID. */
        @Override
        public void close() throws Exception {
            processes.close();
        }
    }
}
