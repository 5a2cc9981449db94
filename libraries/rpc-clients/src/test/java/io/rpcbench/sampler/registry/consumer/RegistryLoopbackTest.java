package io.rpcbench.sampler.registry.consumer;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.url.component.DubboServiceAddressURL;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.registry.AddressListener;
import org.apache.dubbo.registry.client.DefaultServiceInstance;
import org.apache.dubbo.registry.client.ServiceInstance;
import org.apache.dubbo.registry.client.metadata.ServiceInstanceNotificationCustomizer;
import org.apache.dubbo.rpc.model.ApplicationModel;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class RegistryLoopbackTest {

    private static final String ORDER_SERVICE = "io.rpcbench.example.OrderService";
    /** What a Dubbo 2.7 provider registered on plain 127.0.0.1 writes under /dubbo/<interface>/providers. */
    private static final String REGISTERED = "dubbo://127.0.0.1:20890/" + ORDER_SERVICE
            + "?anyhost=true&application=orders&interface=" + ORDER_SERVICE + "&methods=place,total&release=2.7.23";
    private static final URL CONSUMER = URL.valueOf("consumer://198.19.251.1/" + ORDER_SERVICE
            + "?interface=" + ORDER_SERVICE + "&generic=true&timeout=5000");

    private final FrameworkModel framework = new FrameworkModel();

    @AfterEach
    void destroyDubbo() {
        framework.destroy();
    }

    @Test
    void registeredLoopbackProvidersComeOutInTheirIpv4MappedForm() {
        List<URL> in = List.of(
                registered(REGISTERED),
                registered(REGISTERED.replace("127.0.0.1:20890", "127.1.2.3:20891")),
                registered(REGISTERED.replace("127.0.0.1:20890", "localhost:20892")));

        List<URL> out = RegistryLoopback.keepOnLoopback(in);

        assertThat(out).extracting(URL::getHost)
                .containsExactly("[::ffff:127.0.0.1]", "[::ffff:127.1.2.3]", "[::ffff:127.0.0.1]");
        // The address Dubbo keys its connections by, and names providers by, is the new one too.
        assertThat(out).extracting(URL::getAddress)
                .containsExactly("[::ffff:127.0.0.1]:20890", "[::ffff:127.1.2.3]:20891", "[::ffff:127.0.0.1]:20892");
        URL first = out.get(0);
        assertThat(first).isInstanceOf(DubboServiceAddressURL.class);
        assertThat(first.getProtocol()).isEqualTo("dubbo");
        assertThat(first.getPath()).isEqualTo(ORDER_SERVICE);
        assertThat(first.getParameter("release")).isEqualTo("2.7.23");
        assertThat(first.getParameter("methods")).isEqualTo("place,total");
        // The consumer's own settings still override the provider's, as before the new host.
        assertThat(first.getParameter("timeout")).isEqualTo("5000");
        assertThat(((DubboServiceAddressURL) first).getConsumerURL()).isSameAs(CONSUMER);
    }

    @Test
    void aProviderUrlParsedByDubboGetsTheMappedHostWithItsParameters() {
        URL out = RegistryLoopback.keepOnLoopback(List.of(URL.valueOf(REGISTERED))).get(0);

        assertThat(out.toFullString()).isEqualTo(REGISTERED.replace("127.0.0.1", "[::ffff:127.0.0.1]"));
        assertThat(out.getAddress()).isEqualTo("[::ffff:127.0.0.1]:20890");
    }

    @Test
    void otherProvidersAndTheNoProviderMarkerAreLeftAsTheyCame() {
        URL card = registered(REGISTERED.replace("127.0.0.1", "10.0.0.5"));
        URL mapped = registered(REGISTERED.replace("127.0.0.1", "[::ffff:127.0.0.1]"));
        URL named = URL.valueOf(REGISTERED.replace("127.0.0.1", "orders.example.org"));
        URL none = URL.valueOf("empty://0.0.0.0/" + ORDER_SERVICE + "?category=providers");

        List<URL> out = RegistryLoopback.keepOnLoopback(List.of(card, mapped, named, none));

        assertThat(out).hasSize(4);
        assertThat(out.get(0)).isSameAs(card);
        assertThat(out.get(1)).isSameAs(mapped);
        assertThat(out.get(2)).isSameAs(named);
        assertThat(out.get(3)).isSameAs(none);
    }

    @Test
    void onlyReferencesWhoseRegistryCarriesTheParameterGetTheListener() {
        var listeners = framework.newApplication().newModule().getExtensionLoader(AddressListener.class);
        URL samplers = URL.valueOf("zookeeper://127.0.0.1:2181/org.apache.dubbo.registry.RegistryService"
                + "?application=rpcbench-jmeter&" + RegistryLoopback.PARAMETER + "=true");
        URL someoneElses = URL.valueOf("zookeeper://127.0.0.1:2181/org.apache.dubbo.registry.RegistryService"
                + "?application=another-plugin");

        assertThat(listeners.getActivateExtension(samplers, (String[]) null))
                .hasAtLeastOneElementOfType(LoopbackProviderUrls.class);
        assertThat(listeners.getActivateExtension(someoneElses, (String[]) null))
                .noneMatch(LoopbackProviderUrls.class::isInstance);
    }

    @Test
    void instancesOfTheSamplersApplicationComeOutInTheirIpv4MappedForm() {
        ApplicationConfig samplers = new ApplicationConfig("rpcbench-jmeter");
        RegistryLoopback.mark(samplers);
        ApplicationModel application = application(samplers);
        ServiceInstance plain = instance(application, "127.0.0.1");
        ServiceInstance card = instance(application, "10.0.0.5");

        customizer(application).customize(List.of(plain, card));

        assertThat(plain.getHost()).isEqualTo("[::ffff:127.0.0.1]");
        assertThat(plain.getAddress()).isEqualTo("[::ffff:127.0.0.1]:20890");
        assertThat(card.getHost()).isEqualTo("10.0.0.5");
    }

    @Test
    void instancesOfOtherApplicationsAreLeftAlone() {
        ApplicationModel application = application(new ApplicationConfig("another-plugin"));
        ServiceInstance plain = instance(application, "127.0.0.1");

        customizer(application).customize(List.of(plain));

        assertThat(plain.getHost()).isEqualTo("127.0.0.1");
    }

    @Test
    void markingKeepsTheApplicationsOtherParameters() {
        ApplicationConfig application = new ApplicationConfig("rpcbench-jmeter");
        application.setParameters(java.util.Map.of("owner", "perf"));

        RegistryLoopback.mark(application);

        assertThat(application.getParameters())
                .containsEntry("owner", "perf").containsEntry(RegistryLoopback.PARAMETER, "true");
    }

    /** A provider as Dubbo's ZooKeeper registry hands it on: its node name (URL-encoded) parsed for a consumer. */
    private static URL registered(String url) {
        return DubboServiceAddressURL.valueOf(URL.encode(url), CONSUMER);
    }

    private ApplicationModel application(ApplicationConfig config) {
        ApplicationModel application = framework.newApplication();
        application.getApplicationConfigManager().setApplication(config);
        return application;
    }

    private static ServiceInstance instance(ApplicationModel application, String host) {
        return new DefaultServiceInstance("orders", host, 20890, application);
    }

    private static ServiceInstanceNotificationCustomizer customizer(ApplicationModel application) {
        return application.getExtensionLoader(ServiceInstanceNotificationCustomizer.class)
                .getSupportedExtensionInstances().stream()
                .filter(LoopbackProviderInstances.class::isInstance)
                .findFirst().orElseThrow(() -> new AssertionError("LoopbackProviderInstances is not registered"));
    }
}
