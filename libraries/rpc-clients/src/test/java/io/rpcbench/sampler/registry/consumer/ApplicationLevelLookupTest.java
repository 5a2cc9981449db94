package io.rpcbench.sampler.registry.consumer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcbench.provider.registry.EmbeddedZooKeeper;
import io.rpcbench.sampler.call.BadParameterException;
import io.rpcbench.sampler.call.SamplerParameters;
import io.rpcbench.sampler.dubbo.DubboSettings;
import io.rpcbench.sampler.json.ServiceDefinition;
import io.rpcbench.sampler.registry.RegisteredService;
import io.rpcbench.sampler.registry.RegistryAccess;
import io.rpcbench.sampler.registry.ServiceKey;
import io.rpcbench.sampler.registry.ServiceRegistries;
import io.rpcbench.sampler.registry.ServiceRegistry;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.zookeeper.CreateMode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The registry lookup for providers registered at application level only ({@code register-mode=instance}), against a
 * real ZooKeeper (the provider app's embedded one, in this JVM) holding the nodes a Dubbo 3.3.6 provider writes, as
 * measured (docs/any-service.md): the mapping {@code /dubbo/mapping/<interface>}, ephemeral instances under
 * {@code /services/<application>}, the definition under {@code /dubbo/metadata}; and no
 * {@code /dubbo/<interface>/providers} node.
 */
class ApplicationLevelLookupTest {

    private static final String SHOP = "com.example.Shop";
    private static final String APPLICATION = "shop-provider";
    private static final String DEFINITION = """
            {"canonicalName":"com.example.Shop","methods":[
              {"name":"order","parameterTypes":["long","java.lang.String"],"returnType":"java.lang.String"}],
             "types":[]}""";
    /** The instance record as Dubbo 3.3.6 writes it (Curator's service discovery JSON), shortened. */
    private static final String INSTANCE = """
            {"name":"shop-provider","id":"[::ffff:127.0.0.1]:20880","address":"[::ffff:127.0.0.1]","port":20880,
             "payload":{"@class":"org.apache.dubbo.registry.zookeeper.ZookeeperInstance","id":"[::ffff:127.0.0.1]:20880",
             "name":"shop-provider","metadata":{"dubbo.metadata.revision":"8d3b9b3f1bb3e2b5d3e0b7c5e6f2a1c4",
             "dubbo.metadata.storage-type":"local"}},"registrationTimeUTC":1,"serviceType":"DYNAMIC"}""";

    private final RegistryLookups lookups = new RegistryLookups();
    private EmbeddedZooKeeper server;
    private CuratorFramework zookeeper;

    @BeforeEach
    void startZooKeeper() throws Exception {
        server = EmbeddedZooKeeper.start("127.0.0.1", 0);
        zookeeper = CuratorFrameworkFactory.newClient(server.hostPort(), new RetryOneTime(100));
        zookeeper.start();
        assertThat(zookeeper.blockUntilConnected(10, TimeUnit.SECONDS)).as("connected to " + server.hostPort()).isTrue();
    }

    @AfterEach
    void stopZooKeeper() {
        lookups.close();
        if (zookeeper != null) {
            zookeeper.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    void theDefinitionOfAnInstanceOnlyProviderIsReadThroughDubbosMapping() throws Exception {
        registerInstanceOnly();

        ServiceDefinition definition = lookups.definition(settings(Map.of()));

        assertThat(definition.interfaceName()).isEqualTo(SHOP);
        assertThat(definition.methodsNamed("order")).singleElement()
                .satisfies(method -> assertThat(method.parameterTypes()).containsExactly("long", "java.lang.String"));
    }

    @Test
    void theConsumerIsToldTheApplicationOnlyWhenNoInterfaceLevelProviderIsListed() throws Exception {
        registerInstanceOnly();
        assertThat(lookups.providedBy(settings(Map.of()))).containsExactly(APPLICATION);

        registerInterfaceLevel("");
        assertThat(lookups.providedBy(settings(Map.of())))
                .as("registered both ways: the consumer calls the interface-level providers, as before").isEmpty();
    }

    @Test
    void theCatalogueListsBothKindsOfProviderWithTheirDefinitions() throws Exception {
        registerInstanceOnly();
        registerInterfaceLevel("&version=2.0");

        try (ServiceRegistry registry = ServiceRegistries.open("zookeeper://" + server.hostPort(), RegistryAccess.NONE,
                5000)) {
            List<RegisteredService> services = registry.services();

            assertThat(services).extracting(RegisteredService::key).containsExactly(
                    new ServiceKey(SHOP, "", ""), new ServiceKey(SHOP, "2.0", ""));
            assertThat(services.get(0).applications()).containsExactly(APPLICATION);
            assertThat(services.get(0).applicationLevel()).isTrue();
            assertThat(services.get(0).definition().methodsNamed("order")).singleElement()
                    .satisfies(method -> assertThat(method.parameterTypes()).containsExactly("long", "java.lang.String"));
            assertThat(services.get(1).applications()).containsExactly("legacy-shop");
            assertThat(services.get(1).applicationLevel()).isFalse();
            assertThat(services.get(1).definition()).as("no metadata published for 2.0").isEqualTo(ServiceDefinition.NONE);
        }
    }

    @Test
    void aConsumerOfAnInterfaceNobodyMapsIsToldNoApplication() throws Exception {
        assertThat(lookups.providedBy(settings(Map.of()))).isEmpty();
    }

    @Test
    void everyMappedApplicationIsNamedForTheConsumer() throws Exception {
        registerInstanceOnly();
        zookeeper.setData().forPath("/dubbo/mapping/" + SHOP, (APPLICATION + ",shop-canary").getBytes(StandardCharsets.UTF_8));

        assertThat(lookups.providedBy(settings(Map.of()))).containsExactly(APPLICATION, "shop-canary");
    }

    @Test
    void aStoppedInstanceOnlyProviderIsNoProviderNamingTheMappingAndItsInstances() throws Exception {
        registerInstanceOnly();
        zookeeper.delete().forPath(instancePath());

        assertThatThrownBy(() -> lookups.definition(settings(Map.of())))
                .isInstanceOf(NoProviderException.class)
                .hasMessageStartingWith("no provider of " + SHOP + " in the registry zookeeper://" + server.hostPort()
                        + " now (/dubbo/" + SHOP + "/providers lists none; /dubbo/mapping/" + SHOP + " names ["
                        + APPLICATION + "], with no instance under /services/" + APPLICATION
                        + "; though one published its metadata there)")
                .hasMessageEndingWith("interfaces with providers there: []");
    }

    @Test
    void anInterfaceNeitherRegisteredNorMappedIsABadParameterNamingBothPlacesLookedAt() throws Exception {
        registerInstanceOnly();

        assertThatThrownBy(() -> lookups.definition(settings(Map.of("interface", "com.example.Till"))))
                .isInstanceOf(BadParameterException.class)
                .hasMessageStartingWith("interface 'com.example.Till' has no provider in the registry zookeeper://"
                        + server.hostPort() + " (looked for com.example.Till: /dubbo/com.example.Till/providers lists "
                        + "none; /dubbo/mapping/com.example.Till names no application)")
                .hasMessageContaining("expected one of the interfaces with providers there: [" + SHOP + "]");
    }

    @Test
    void aVersionTheInstanceOnlyProviderDoesNotServeNamesWhereItsDefinitionWasLookedFor() throws Exception {
        registerInstanceOnly();

        assertThatThrownBy(() -> lookups.definition(settings(Map.of("version", "2.0"))))
                .isInstanceOf(BadParameterException.class)
                .hasMessageContaining("(looked for " + SHOP + " version 2.0: /dubbo/" + SHOP + "/providers lists none; "
                        + "/dubbo/mapping/" + SHOP + " names [" + APPLICATION + "], with instances [" + instanceId()
                        + "] under /services/" + APPLICATION + ", none of which published that version and group's "
                        + "definition at /dubbo/metadata/" + SHOP + "/2.0/provider/" + APPLICATION + ")");
    }

    @Test
    void aCallThatFoundNoProviderIsLeftToItsOwnFailureWhileAnInstanceRuns() throws Exception {
        registerInstanceOnly();

        explainNoProvider(settings(Map.of())); // returns: the registry lists one

        zookeeper.delete().forPath(instancePath());
        lookups.close(); // the answer above is kept a moment for the threads asking at once
        assertThatThrownBy(() -> explainNoProvider(settings(Map.of())))
                .isInstanceOf(NoProviderException.class).hasMessageContaining("with no instance under /services/"
                        + APPLICATION);
    }

    @Test
    void anInterfaceLevelProviderOfTheVersionAskedForStillNamesTheApplication() throws Exception {
        // as a Dubbo 2.7 provider registers: a URL under /dubbo/<interface>/providers, no mapping, no instance
        registerInterfaceLevel("&version=1.0");
        zookeeper.create().creatingParentsIfNeeded().forPath("/dubbo/metadata/" + SHOP + "/1.0/provider/legacy-shop",
                DEFINITION.getBytes(StandardCharsets.UTF_8));

        assertThat(lookups.definition(settings(Map.of("version", "1.0"))).methodsNamed("order")).hasSize(1);
        assertThat(lookups.providedBy(settings(Map.of("version", "1.0")))).isEmpty();
    }

    /** What a Dubbo 3.3 provider of {@link #SHOP} with {@code register-mode=instance} leaves in ZooKeeper. */
    private void registerInstanceOnly() throws Exception {
        zookeeper.create().creatingParentsIfNeeded().forPath("/dubbo/mapping/" + SHOP,
                APPLICATION.getBytes(StandardCharsets.UTF_8));
        zookeeper.create().creatingParentsIfNeeded().forPath("/dubbo/metadata/" + SHOP + "/provider/" + APPLICATION,
                DEFINITION.getBytes(StandardCharsets.UTF_8));
        zookeeper.create().creatingParentsIfNeeded().withMode(CreateMode.EPHEMERAL).forPath(instancePath(),
                INSTANCE.getBytes(StandardCharsets.UTF_8));
    }

    private void registerInterfaceLevel(String parameters) throws Exception {
        String url = "dubbo://127.0.0.1:20881/" + SHOP + "?application=legacy-shop&interface=" + SHOP + parameters;
        zookeeper.create().creatingParentsIfNeeded().withMode(CreateMode.EPHEMERAL)
                .forPath("/dubbo/" + SHOP + "/providers/" + URLEncoder.encode(url, StandardCharsets.UTF_8));
    }

    private static String instanceId() {
        return "[::ffff:127.0.0.1]:20880";
    }

    private static String instancePath() {
        return "/services/" + APPLICATION + "/" + instanceId();
    }

    private ConsumerTarget settings(Map<String, String> overrides) {
        Map<String, String> parameters = new HashMap<>(Map.of("address", "zookeeper://" + server.hostPort(),
                "interface", SHOP));
        parameters.putAll(overrides);
        return DubboSettings.forService(new SamplerParameters(parameters::get)).registryTarget();
    }

    /** What a sample's catch asks once Dubbo found no provider ({@code SharedConsumerClient.explain}). */
    private void explainNoProvider(ConsumerTarget target) throws Exception {
        lookups.requireProvider(target);
    }
}
