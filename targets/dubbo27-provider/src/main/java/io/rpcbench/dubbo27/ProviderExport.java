package io.rpcbench.dubbo27;

import io.rpcbench.echo.DubboLoopback;
import io.rpcbench.echo.EchoService;
import io.rpcbench.echo.PortInUseException;
import io.rpcbench.example.OrderDesk;
import io.rpcbench.example.OrderService;
import io.rpcbench.user.UserDesk;
import io.rpcbench.user.UserService;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.ServiceConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;

/**
 * What the Dubbo 2.7 provider exports, on loopback, optionally registered in ZooKeeper or Nacos: {@link EchoService}
 * ({@link PlainEcho}) over each {@link Dubbo27Protocol} asked for, each on a port of its own, and beside it over
 * {@code dubbo} the example {@link OrderService} ({@link OrderDesk}) and seed 004's {@link UserService}
 * ({@link UserDesk}, the matrix's "Dubbo + Hessian2 2.7" column; no group). One per JVM: Dubbo 2.7 keeps its
 * configuration in static state ({@code DubboBootstrap.getInstance()}).
 *
 * <pre>{@code
 * ProviderExport export = ProviderExport.start("zookeeper://127.0.0.1:2181", RegistryCredentials.NONE, "127.0.0.1",
 *         Map.of(Dubbo27Protocol.DUBBO, 0, Dubbo27Protocol.RMI, 0));
 * export.endpoints();  // {DUBBO=dubbo://127.0.0.1:<port>, RMI=rmi://127.0.0.1:<port>}: accepting and registered
 * export.close();      // unregisters, closes the servers and the registry client
 * }</pre>
 *
 * <h2>Loopback</h2>
 * Dubbo 2.7.23 has the same rule as Dubbo 3.3: {@code NetUtils.isInvalidLocalHost} takes every {@code 127.*}
 * host for "none given", and {@code ServiceConfig.findConfigedHosts} then sets {@code anyhost=true} (the server
 * binds 0.0.0.0) and registers the first network card's address. So the host handed to Dubbo is the project's
 * loopback literal ({@link DubboLoopback}): {@code [::ffff:127.0.0.1]}. It does not start with {@code 127.}, so
 * it is kept as {@code bind.ip} with {@code anyhost=false}; {@code ConfigValidationUtils.checkHost} accepts it as
 * a bracketed IPv6 literal; Netty ({@code dubbo}) and Jetty ({@code hessian}, {@code http}: Dubbo's
 * {@code JettyHttpServer} sets the connector's host to {@code bind.ip}) bind {@code new InetSocketAddress(bind.ip,
 * port)}, which Java resolves to the {@code Inet4Address} 127.0.0.1. The rmi protocol takes no host from Dubbo at
 * all: {@link LoopbackRmiSockets} keeps it on loopback. Measured on JDK 17 and 25: {@code ss -ltnp} shows this JVM
 * listening on {@code 127.0.0.1} only, and ZooKeeper holds
 * {@code /dubbo/io.rpcbench.example.OrderService/providers/dubbo://[::ffff:127.0.0.1]:<port>/...release=2.7.23...}.
 *
 * <h2>No other port</h2>
 * The services are exported with {@link ServiceConfig#export()} and the bootstrap is never started: in 2.7.23
 * {@code DubboBootstrap.start()} also exports a {@code MetadataService} over a second dubbo port
 * ({@code ConfigurableMetadataServiceExporter}: port -1, counted up from 20880, no host, so on every interface).
 * QoS (port 22222) is off. The registry is not used as a configuration centre (nothing writes one). It is still
 * Dubbo 2.7's default metadata report, which writes each service definition to
 * {@code /dubbo/metadata/<interface>/provider/rpcbench-dubbo27-provider}; its local cache file goes to a temporary
 * directory deleted on {@link #close()}, not to {@code ~/.dubbo}. The rmi protocol listens on one more, anonymous
 * port (the exported service's, besides its registry's), on loopback too.
 */
public final class ProviderExport implements AutoCloseable {

    /** The application name the provider registers under. */
    public static final String APPLICATION = "rpcbench-dubbo27-provider";

    /** {@code --registry none}: export without registering; consumers use a direct URL. */
    public static final String NO_REGISTRY = RegistryConfig.NO_AVAILABLE;

    /** When port 0 is asked for, a port found free may be taken before Dubbo binds it: try another. */
    private static final int FREE_PORT_ATTEMPTS = 3;

    /** Server threads of each protocol (Dubbo's fixed pool for dubbo, Jetty's pool for hessian and http). */
    private static final int THREADS = 50;

    private final DubboBootstrap bootstrap;
    private final List<ServiceConfig<?>> services;
    private final Map<Dubbo27Protocol, String> endpoints;
    private final Path cacheDirectory;

    private ProviderExport(DubboBootstrap bootstrap, List<ServiceConfig<?>> services,
            Map<Dubbo27Protocol, String> endpoints, Path cacheDirectory) {
        this.bootstrap = bootstrap;
        this.services = services;
        this.endpoints = endpoints;
        this.cacheDirectory = cacheDirectory;
    }

    /**
     * Returns once every service is exported (its server accepts connections) and registered.
     *
     * @param registry    {@code zookeeper://host:port}, {@code nacos://host:port[?namespace=ID&group=GROUP]}, or
     *                    {@link #NO_REGISTRY}
     * @param credentials the Nacos user and password, or {@link RegistryCredentials#NONE}
     * @param ports    the protocols to serve, each with its port (0 to pick a free one), in the order to export them
     * @throws PortInUseException when a port (a fixed one, or every free one tried) is taken; nothing stays exported
     */
    public static ProviderExport start(String registry, RegistryCredentials credentials, String bind,
            Map<Dubbo27Protocol, Integer> ports) {
        DubboBootstrap bootstrap = DubboBootstrap.getInstance();
        // Our shutdown hook stops the export and then prints the stopped line: Dubbo's own hook would race it.
        bootstrap.unRegisterShutdownHook();
        Path cacheDirectory = createCacheDirectory();
        if (registry.startsWith("nacos://")) {
            // The Nacos 1.4 client keeps snapshots of what it registered and read under ~/nacos/{naming,config}
            // (and would log under ~/logs/nacos with Logback or Log4j present): this run's directory instead, read
            // once when its classes load, so before the registry is made.
            System.setProperty("JM.SNAPSHOT.PATH", cacheDirectory.toString());
            System.setProperty("JM.LOG.PATH", cacheDirectory.resolve("logs").toString());
        }
        bootstrap.application(application()).registry(registry(registry, credentials, cacheDirectory));
        List<ServiceConfig<?>> services = new ArrayList<>();
        Map<Dubbo27Protocol, String> endpoints = new LinkedHashMap<>();
        try {
            for (Map.Entry<Dubbo27Protocol, Integer> entry : ports.entrySet()) {
                Dubbo27Protocol protocol = entry.getKey();
                int port = export(protocol, bind, entry.getValue(), services);
                endpoints.put(protocol, protocol.endpoint(bind, port));
            }
        } catch (RuntimeException e) {
            services.forEach(ServiceConfig::unexport);
            bootstrap.destroy();
            delete(cacheDirectory);
            throw e;
        }
        return new ProviderExport(bootstrap, services, endpoints, cacheDirectory);
    }

    /** Exports the services of {@code protocol} into {@code services}; returns the port they listen on. */
    private static int export(Dubbo27Protocol protocol, String bind, int port, List<ServiceConfig<?>> services) {
        if (protocol == Dubbo27Protocol.RMI) {
            LoopbackRmiSockets.install(bind);
        }
        int attempts = port == 0 ? FREE_PORT_ATTEMPTS : 1;
        for (int attempt = 1; ; attempt++) {
            int candidate = port == 0 ? freePort(bind) : port;
            ProtocolConfig config = protocol(protocol, bind, candidate);
            List<ServiceConfig<?>> exported = new ArrayList<>();
            try {
                exported.add(exported(service(EchoService.class, new PlainEcho(), config)));
                if (protocol == Dubbo27Protocol.DUBBO) {
                    exported.add(exported(service(OrderService.class, new OrderDesk(), config)));
                    exported.add(exported(service(UserService.class, new UserDesk(), config)));
                }
                services.addAll(exported);
                return candidate;
            } catch (ExportFailure e) {
                // A failed export keeps the in-JVM exporter it made first.
                e.service.unexport();
                exported.forEach(ServiceConfig::unexport);
                if (!isAddressInUse(e.getCause())) {
                    throw e.getCause();
                }
                if (attempt == attempts) {
                    throw new PortInUseException(protocol.userName(), bind, candidate, e.getCause());
                }
            }
        }
    }

    private static ServiceConfig<?> exported(ServiceConfig<?> service) {
        try {
            service.export();
            return service;
        } catch (RuntimeException e) {
            throw new ExportFailure(service, e);
        }
    }

    /** An export that failed, with the service to unexport again. */
    private static final class ExportFailure extends RuntimeException {
        private static final long serialVersionUID = 1L;
        private final transient ServiceConfig<?> service;

        ExportFailure(ServiceConfig<?> service, RuntimeException cause) {
            super(cause);
            this.service = service;
        }

        @Override
        public synchronized RuntimeException getCause() {
            return (RuntimeException) super.getCause();
        }
    }

    private static ApplicationConfig application() {
        ApplicationConfig application = new ApplicationConfig(APPLICATION);
        application.setQosEnable(false);
        return application;
    }

    private static RegistryConfig registry(String address, RegistryCredentials credentials, Path cacheDirectory) {
        RegistryConfig registry = new RegistryConfig(address);
        if (credentials.present()) {
            // Apart from the address, which Dubbo logs; Dubbo puts them into the registry's URL as its user info, and
            // its Nacos registry and metadata report hand them to the Nacos client.
            registry.setUsername(credentials.username());
            registry.setPassword(credentials.password());
        }
        // Dubbo would also watch ZooKeeper for dynamic configuration, which nothing writes.
        registry.setUseAsConfigCenter(false);
        // No registry cache file under ~/.dubbo. The metadata report (the registry doubles as it, and takes these
        // parameters) always keeps one, named after the registry's port, so every run would leave a file there:
        // "file" puts it in a directory of this run instead, deleted on close.
        // Added to the address's query (a Nacos namespace and group), which setParameters would replace.
        registry.updateParameters(Map.of(
                "file.cache", "false",
                "file", cacheDirectory.resolve("metadata.cache").toString()));
        return registry;
    }

    private static Path createCacheDirectory() {
        try {
            return Files.createTempDirectory("rpcbench-dubbo27-provider-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create a directory for Dubbo's metadata cache", e);
        }
    }

    private static void delete(Path directory) {
        try (Stream<Path> paths = Files.walk(directory)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException e) {
            // A cache file left in the temporary directory is harmless.
        }
    }

    private static ProtocolConfig protocol(Dubbo27Protocol protocol, String bind, int port) {
        ProtocolConfig config = new ProtocolConfig(protocol.userName(), port);
        config.setHost(DubboLoopback.host(bind));
        config.setThreads(THREADS);
        switch (protocol) {
            case DUBBO -> {
                config.setSerialization("hessian2");
                config.setThreadpool("fixed");
            }
            // Dubbo's Jetty binder (its default "server" for both), named so no other binder is picked up.
            case HESSIAN, HTTP -> config.setServer("jetty");
            case RMI -> { }
        }
        return config;
    }

    private static <T> ServiceConfig<T> service(Class<T> type, T implementation, ProtocolConfig protocol) {
        ServiceConfig<T> service = new ServiceConfig<>();
        service.setInterface(type);
        service.setRef(implementation);
        service.setProtocol(protocol);
        return service;
    }

    /** Each protocol served and where, {@code scheme://bind:port}, in export order, as the ready line shows them. */
    public Map<Dubbo27Protocol, String> endpoints() {
        return endpoints;
    }

    /**
     * Unregisters and unexports the services, then closes Dubbo's servers and registry clients. Takes about 5 s:
     * Dubbo 2.7's {@code NettyServer.doClose} waits for Netty's graceful shutdown (a 2 s quiet period) of its boss
     * and worker groups one after the other.
     */
    @Override
    public void close() {
        services.forEach(ServiceConfig::unexport);
        bootstrap.destroy();
        delete(cacheDirectory);
    }

    private static int freePort(String bind) {
        try (ServerSocket probe = new ServerSocket()) {
            probe.bind(new InetSocketAddress(bind, 0));
            return probe.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException("cannot find a free port on " + bind + ": " + e.getMessage(), e);
        }
    }

    private static boolean isAddressInUse(Throwable failure) {
        for (Throwable t = failure; t != null && t.getCause() != t; t = t.getCause()) {
            if (t instanceof BindException
                    || (t.getMessage() != null && t.getMessage().contains("Address already in use"))) {
                return true;
            }
        }
        return false;
    }
}
