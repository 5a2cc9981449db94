package io.rpcbench.sampler.dubbo;

import io.rpcbench.echo.DubboLoopback;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.apache.dubbo.rpc.service.GenericService;

/**
 * A Dubbo 3 generic consumer written with Dubbo's API alone, none of the samplers' classes: the baseline that
 * shows what a provider serves, whatever the samplers do. One reference of one interface, through a registry or
 * a direct URL, in a {@link FrameworkModel} of its own; {@link #close()} destroys both.
 *
 * <pre>{@code
 * try (RawGenericConsumer consumer = RawGenericConsumer.direct("io.rpcbench.example.OrderService", "127.0.0.1", 20880)) {
 *     consumer.service().$invoke("total", new String[] {"java.util.List"}, new Object[] {lines});
 * }
 * }</pre>
 */
final class RawGenericConsumer implements AutoCloseable {

    private static final int TIMEOUT_MS = 10_000;

    private final FrameworkModel framework;
    private final DubboBootstrap bootstrap;
    private final GenericService service;

    private RawGenericConsumer(FrameworkModel framework, DubboBootstrap bootstrap, GenericService service) {
        this.framework = framework;
        this.bootstrap = bootstrap;
        this.service = service;
    }

    /** Over protocol dubbo to {@code host:port}; a loopback host is handed to Dubbo as {@link DubboLoopback} writes it. */
    static RawGenericConsumer direct(String interfaceName, String host, int port) {
        return open(interfaceName, "dubbo://" + DubboLoopback.host(host) + ":" + port, null);
    }

    /** @param registry {@code zookeeper://host:port}; the consumer registers nothing there */
    static RawGenericConsumer viaRegistry(String interfaceName, String registry) {
        RegistryConfig config = new RegistryConfig(registry);
        config.setRegister(false);
        config.setUseAsConfigCenter(false);
        config.setUseAsMetadataCenter(false);
        return open(interfaceName, null, config);
    }

    private static RawGenericConsumer open(String interfaceName, String url, RegistryConfig registry) {
        DubboJvmSettings.applyDefaults();
        FrameworkModel framework = new FrameworkModel();
        DubboBootstrap bootstrap = DubboBootstrap.newInstance(framework);
        try {
            ApplicationConfig application = new ApplicationConfig("rpcbench-raw-generic-consumer");
            application.setQosEnable(false);
            ReferenceConfig<GenericService> reference = new ReferenceConfig<>();
            reference.setInterface(interfaceName);
            reference.setGeneric("true");
            reference.setTimeout(TIMEOUT_MS);
            reference.setRetries(0);
            bootstrap.application(application);
            if (url != null) {
                reference.setUrl(url);
            } else {
                bootstrap.registry(registry);
            }
            bootstrap.reference(reference).start();
            return new RawGenericConsumer(framework, bootstrap, reference.get());
        } catch (RuntimeException | Error e) {
            bootstrap.destroy();
            framework.destroy();
            throw e;
        }
    }

    GenericService service() {
        return service;
    }

    @Override
    public void close() {
        bootstrap.destroy();
        framework.destroy();
    }
}
