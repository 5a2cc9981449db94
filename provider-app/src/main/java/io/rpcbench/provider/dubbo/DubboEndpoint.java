package io.rpcbench.provider.dubbo;

import io.rpcbench.echo.EchoService;
import io.rpcbench.echo.PortInUseException;
import io.rpcbench.provider.port.PortCheck;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.MetadataReportConfig;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.ServiceConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.rpc.model.FrameworkModel;

/**
 * Services ({@link ExportedService}: {@link EchoService}, and in the provider app also the example
 * {@code OrderService}) exported over Dubbo (protocol {@code dubbo} or {@code tri}) on one port and registered in
 * ZooKeeper. The registry is also the metadata center (Dubbo's default): each service's full definition
 * (methods, parameter types, type properties) lands in ZooKeeper under
 * {@code /dubbo/metadata/<interface>/provider/rpcbench-provider}, where samplers look up parameter types.
 * Each endpoint has its own {@link FrameworkModel}, so that several providers can run in one JVM (tests, the provider
 * app's user service stacks) and {@link #close()} leaves nothing of Dubbo behind. Two things of Dubbo 3.3.6 remain
 * shared by the JVM's models: triple's hessian2 wrapping checks classes against the default model's allow list
 * ({@link TripleWrappingAllowList}), and destroying any model that loaded the triple protocol closes every triple
 * server of the JVM ({@code TripleProtocol.destroy()} closes {@code PortUnificationExchanger}'s static map of
 * servers). Measured: after a consumer in the same JVM was closed, the user service's two {@code tri} ports refused
 * connections; by the same code a {@code tri} export that fails and is retried on another port would close the
 * other {@code tri} endpoints' servers too.
 *
 * <pre>{@code
 * DubboEndpoint dubbo = DubboEndpoint.start(List.of(ExportedService.of(EchoService.class, echo)),
 *         "zookeeper://127.0.0.1:2181", "127.0.0.1", 0, "dubbo", "hessian2", 200, null, null);
 * dubbo.endpoint();  // dubbo://127.0.0.1:<port>, accepting connections and registered
 * dubbo.close();     // unregisters, closes the server
 * }</pre>
 */
public final class DubboEndpoint implements AutoCloseable {

    /** The application name providers register under (/services/rpcbench-provider in ZooKeeper). */
    public static final String APPLICATION = "rpcbench-provider";

    /** When port 0 is asked for, a port found free may be taken before Dubbo binds it: try another. */
    private static final int FREE_PORT_ATTEMPTS = 3;

    private static final String SHUTDOWN_WAIT_MS = "1000";


    private final FrameworkModel framework;
    private final DubboBootstrap bootstrap;
    private final String protocol;
    private final String host;
    private final int port;
    private final List<URL> exportedUrls;

    private DubboEndpoint(FrameworkModel framework, DubboBootstrap bootstrap, String protocol, String host, int port,
            List<URL> exportedUrls) {
        this.framework = framework;
        this.bootstrap = bootstrap;
        this.protocol = protocol;
        this.host = host;
        this.port = port;
        this.exportedUrls = exportedUrls;
    }

    /**
     * Exports the echo service alone; returns once it is exported (its server accepts connections) and registered.
     *
     * @param registry {@code zookeeper://host:port}
     * @param port     0 to pick a free port
     * @throws PortInUseException when a fixed port is taken
     */
    public static DubboEndpoint start(EchoService echo, String registry, String bind, int port, String protocol,
            String serialization, int threads) {
        return start(echo, registry, bind, port, protocol, serialization, threads, null, null);
    }

    /** As {@link #start(List, String, String, int, String, String, int, String, String)} for the echo service alone. */
    public static DubboEndpoint start(EchoService echo, String registry, String bind, int port, String protocol,
            String serialization, int threads, String version, String group) {
        return start(List.of(ExportedService.of(EchoService.class, echo)), registry, bind, port, protocol,
                serialization, threads, version, group);
    }

    /**
     * Exports every service on one port under a version and a group (so that only consumers asking for both
     * reach them); returns once they are exported (the server accepts connections) and registered.
     *
     * @param services the services, at least one
     * @param registry {@code zookeeper://host:port} or {@code nacos://host:port[?query]}, or {@code N/A} to export
     *                 without registering (consumers
     *                 then use a direct URL)
     * @param version  the service version, or null for none
     * @param group    the service group, or null for none
     * @param port     0 to pick a free port
     * @throws PortInUseException when a fixed port is taken
     */
    public static DubboEndpoint start(List<ExportedService<?>> services, String registry, String bind, int port,
            String protocol, String serialization, int threads, String version, String group) {
        return start(services, registry, RegisterMode.ALL, bind, port, protocol, serialization, threads, version,
                group);
    }

    /**
     * As {@link #start(List, String, String, int, String, String, int, String, String)}, writing into the registry
     * what {@code registerMode} says (Dubbo's default is {@link RegisterMode#ALL}).
     */
    public static DubboEndpoint start(List<ExportedService<?>> services, String registry, RegisterMode registerMode,
            String bind, int port, String protocol, String serialization, int threads, String version,
            String group) {
        return start(services, registry, registerMode, bind, port, protocol, serialization, threads, version, group,
                null);
    }

    /**
     * As {@link #start(List, String, RegisterMode, String, int, String, String, int, String, String)}, running the
     * services' calls on {@code calls} in place of Dubbo's pool of {@code threads} workers (Dubbo's executor
     * management mode {@code isolation}, each service's {@code ServiceConfig#setExecutor}, which Dubbo 3.3.6 takes
     * only as an {@code ExecutorService}); null keeps the pool. A {@link CallerRunsExecutor} runs each call on the
     * Netty I/O thread that read it: what {@code RestEndpoint} does so that Dubbo 3.3.6's HTTP/1.1 answers on a
     * keep-alive connection stay whole (see there).
     */
    public static DubboEndpoint start(List<ExportedService<?>> services, String registry, RegisterMode registerMode,
            String bind, int port, String protocol, String serialization, int threads, String version,
            String group, ExecutorService calls) {
        if (services.isEmpty()) {
            throw new IllegalArgumentException("no service to export");
        }
        if (port != 0) {
            PortCheck.requireFree("dubbo", bind, port);
            return export(services, version, group, registry, registerMode, bind, port, protocol, serialization,
                    threads, calls);
        }
        for (int attempt = 1; ; attempt++) {
            int candidate = PortCheck.freePort(bind);
            try {
                return export(services, version, group, registry, registerMode, bind, candidate, protocol,
                        serialization, threads, calls);
            } catch (PortInUseException e) {
                if (attempt == FREE_PORT_ATTEMPTS) {
                    throw e;
                }
            }
        }
    }

    private static DubboEndpoint export(List<ExportedService<?>> services, String version, String group,
            String registry, RegisterMode registerMode, String bind, int port, String protocol, String serialization,
            int threads, ExecutorService calls) {
        FrameworkModel framework = new FrameworkModel();
        DubboBootstrap bootstrap = DubboBootstrap.newInstance(framework);
        try {
            ApplicationConfig application = new ApplicationConfig(APPLICATION);
            // The QoS console would listen on 22222; a benchmark provider needs none.
            application.setQosEnable(false);
            // Prefer the exported protocol when Dubbo picks the address of the application instance it registers.
            application.setProtocol(protocol);
            // Caches under ~/.dubbo are locked per application name: a second provider on the host (tests, two
            // providers of seed 000's high-pressure case) would log a stack trace. A benchmark needs no cache.
            application.setEnableFileCache(false);
            // In-flight calls get this long to finish on stop (Dubbo's default is 10 s).
            application.setShutwait(SHUTDOWN_WAIT_MS);
            application.setRegisterMode(registerMode.dubboValue());
            if (calls != null) {
                // Only in this mode does Dubbo run a service's calls on the executor its ServiceConfig names.
                application.setExecutorManagementMode("isolation");
            }

            RegistryConfig registryConfig = new RegistryConfig(registry);
            registryConfig.setParameters(Map.of("file-cache", "false"));
            // Dubbo would also watch ZooKeeper for dynamic configuration; nothing writes any, and its watchers
            // log errors when the connection closes on stop.
            registryConfig.setUseAsConfigCenter(false);

            // The same ZooKeeper as metadata center, written before start() returns: Dubbo writes the definitions
            // asynchronously by default, so a sampler could read a provider that is ready and find no metadata yet.
            boolean registered = registry.startsWith("zookeeper://") || registry.startsWith("nacos://");
            MetadataReportConfig metadataReport = new MetadataReportConfig(registry);
            metadataReport.setSyncReport(true);
            metadataReport.setParameters(Map.of("file-cache", "false"));

            ProtocolConfig protocolConfig = new ProtocolConfig(protocol, port);
            protocolConfig.setSerialization(serialization);
            protocolConfig.setThreadpool("fixed");
            protocolConfig.setThreads(threads);

            bootstrap.application(application)
                    .registry(registryConfig)
                    .protocol(protocolConfig);
            if (registered) {
                bootstrap.metadataReport(metadataReport);
            }
            List<ServiceConfig<?>> configs = new ArrayList<>();
            for (ExportedService<?> exported : services) {
                ServiceConfig<?> service = serviceConfig(exported, version, group);
                if (calls != null) {
                    service.setExecutor(calls);
                }
                LoopbackHost.apply(bind, protocolConfig, service);
                bootstrap.service(service);
                configs.add(service);
            }
            bootstrap.start();
            // Triple's hessian2 wrapping and the generic filter's POJO realizing check classes against the JVM's
            // default model, which is not this endpoint's when another model came first (see the class).
            services.forEach(exported -> TripleWrappingAllowList.trust(exported.type()));
            List<URL> exportedUrls = new ArrayList<>();
            configs.forEach(c -> exportedUrls.addAll(c.getExportedUrls()));
            return new DubboEndpoint(framework, bootstrap, protocol, bind, port, List.copyOf(exportedUrls));
        } catch (RuntimeException e) {
            stop(bootstrap, framework);
            if (PortCheck.isAddressInUse(e)) {
                throw new PortInUseException("dubbo", bind, port, e);
            }
            throw e;
        }
    }

    private static <T> ServiceConfig<T> serviceConfig(ExportedService<T> exported, String version, String group) {
        ServiceConfig<T> service = new ServiceConfig<>();
        service.setInterface(exported.type());
        service.setRef(exported.implementation());
        service.setVersion(version);
        service.setGroup(group);
        return service;
    }

    /** {@code protocol://host:port} with the bind address, as the ready line shows it. */
    public String endpoint() {
        return protocol + "://" + host + ":" + port;
    }

    public int port() {
        return port;
    }

    /** The URLs Dubbo exported (and registered), one or more per service, for checking which host they name. */
    public List<URL> exportedUrls() {
        return exportedUrls;
    }

    @Override
    public void close() {
        stop(bootstrap, framework);
    }

    private static void stop(DubboBootstrap bootstrap, FrameworkModel framework) {
        bootstrap.stop();
        framework.destroy();
    }
}
