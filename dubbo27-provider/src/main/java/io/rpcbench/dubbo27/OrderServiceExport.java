package io.rpcbench.dubbo27;

import io.rpcbench.echo.DubboLoopback;
import io.rpcbench.example.OrderDesk;
import io.rpcbench.example.OrderService;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.ServiceConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;

/**
 * {@link OrderService} ({@link OrderDesk}) exported by Dubbo 2.7 over protocol {@code dubbo} with hessian2, on
 * loopback, optionally registered in ZooKeeper. One per JVM: Dubbo 2.7 keeps its configuration in static state
 * ({@code DubboBootstrap.getInstance()}).
 *
 * <pre>{@code
 * OrderServiceExport export = OrderServiceExport.start("zookeeper://127.0.0.1:2181", "127.0.0.1", 0);
 * export.endpoint();  // dubbo://127.0.0.1:<port>, accepting connections and registered
 * export.close();     // unregisters, closes the server and the registry client
 * }</pre>
 *
 * <h2>Loopback</h2>
 * Dubbo 2.7.23 has the same rule as Dubbo 3.3: {@code NetUtils.isInvalidLocalHost} takes every {@code 127.*}
 * host for "none given", and {@code ServiceConfig.findConfigedHosts} then sets {@code anyhost=true} (the server
 * binds 0.0.0.0) and registers the first network card's address. So the host handed to Dubbo is the project's
 * loopback literal ({@link DubboLoopback}): {@code [::ffff:127.0.0.1]}. It does not start with {@code 127.}, so
 * it is kept as {@code bind.ip} with {@code anyhost=false}; {@code ConfigValidationUtils.checkHost} accepts it as
 * a bracketed IPv6 literal; {@code AbstractServer} binds {@code new InetSocketAddress(bind.ip, port)}, which Java
 * resolves to the {@code Inet4Address} 127.0.0.1. Measured on JDK 17 and 25: {@code ss -ltnp} shows this JVM
 * listening on {@code 127.0.0.1:<port>} only, and ZooKeeper holds
 * {@code /dubbo/io.rpcbench.example.OrderService/providers/dubbo://[::ffff:127.0.0.1]:<port>/...release=2.7.23...}.
 *
 * <h2>No other port</h2>
 * The service is exported with {@link ServiceConfig#export()} and the bootstrap is never started: in 2.7.23
 * {@code DubboBootstrap.start()} also exports a {@code MetadataService} over a second dubbo port
 * ({@code ConfigurableMetadataServiceExporter}: port -1, counted up from 20880, no host, so on every interface).
 * QoS (port 22222) is off. The registry is not used as a configuration centre (nothing writes one). It is still
 * Dubbo 2.7's default metadata report, which writes the service definition to
 * {@code /dubbo/metadata/io.rpcbench.example.OrderService/provider/rpcbench-dubbo27-provider}; its local cache file
 * goes to a temporary directory deleted on {@link #close()}, not to {@code ~/.dubbo}.
 */
public final class OrderServiceExport implements AutoCloseable {

    /** The application name the provider registers under. */
    public static final String APPLICATION = "rpcbench-dubbo27-provider";

    /** {@code --registry none}: export without registering; consumers use a direct URL. */
    public static final String NO_REGISTRY = RegistryConfig.NO_AVAILABLE;

    /** When port 0 is asked for, a port found free may be taken before Dubbo binds it: try another. */
    private static final int FREE_PORT_ATTEMPTS = 3;

    private static final int THREADS = 50;

    private final DubboBootstrap bootstrap;
    private final ServiceConfig<OrderService> service;
    private final String bind;
    private final int port;
    private final Path cacheDirectory;

    private OrderServiceExport(DubboBootstrap bootstrap, ServiceConfig<OrderService> service, String bind, int port,
            Path cacheDirectory) {
        this.bootstrap = bootstrap;
        this.service = service;
        this.bind = bind;
        this.port = port;
        this.cacheDirectory = cacheDirectory;
    }

    /**
     * Returns once the service is exported (its server accepts connections) and registered.
     *
     * @param registry {@code zookeeper://host:port}, or {@link #NO_REGISTRY}
     * @param port     0 to pick a free port
     * @throws PortInUseException when the port (a fixed one, or every free one tried) is taken
     */
    public static OrderServiceExport start(String registry, String bind, int port) {
        DubboBootstrap bootstrap = DubboBootstrap.getInstance();
        // Our shutdown hook stops the export and then prints the stopped line: Dubbo's own hook would race it.
        bootstrap.unRegisterShutdownHook();
        Path cacheDirectory = createCacheDirectory();
        bootstrap.application(application()).registry(registry(registry, cacheDirectory));
        int attempts = port == 0 ? FREE_PORT_ATTEMPTS : 1;
        for (int attempt = 1; ; attempt++) {
            int candidate = port == 0 ? freePort(bind) : port;
            ServiceConfig<OrderService> service = service(bind, candidate);
            try {
                service.export();
                return new OrderServiceExport(bootstrap, service, bind, candidate, cacheDirectory);
            } catch (RuntimeException e) {
                // A failed export keeps the in-JVM exporter it made first.
                service.unexport();
                if (!isAddressInUse(e) || attempt == attempts) {
                    bootstrap.destroy();
                    delete(cacheDirectory);
                }
                if (!isAddressInUse(e)) {
                    throw e;
                }
                if (attempt == attempts) {
                    throw new PortInUseException(bind, candidate, e);
                }
            }
        }
    }

    private static ApplicationConfig application() {
        ApplicationConfig application = new ApplicationConfig(APPLICATION);
        application.setQosEnable(false);
        return application;
    }

    private static RegistryConfig registry(String address, Path cacheDirectory) {
        RegistryConfig registry = new RegistryConfig(address);
        // Dubbo would also watch ZooKeeper for dynamic configuration, which nothing writes.
        registry.setUseAsConfigCenter(false);
        // No registry cache file under ~/.dubbo. The metadata report (the registry doubles as it, and takes these
        // parameters) always keeps one, named after the registry's port, so every run would leave a file there:
        // "file" puts it in a directory of this run instead, deleted on close.
        registry.setParameters(Map.of(
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

    private static ServiceConfig<OrderService> service(String bind, int port) {
        ProtocolConfig protocol = new ProtocolConfig("dubbo", port);
        protocol.setHost(DubboLoopback.host(bind));
        protocol.setSerialization("hessian2");
        protocol.setThreadpool("fixed");
        protocol.setThreads(THREADS);

        ServiceConfig<OrderService> service = new ServiceConfig<>();
        service.setInterface(OrderService.class);
        service.setRef(new OrderDesk());
        service.setProtocol(protocol);
        return service;
    }

    /** {@code dubbo://bind:port}, as the ready line shows it. */
    public String endpoint() {
        return "dubbo://" + bind + ":" + port;
    }

    /**
     * Unregisters and unexports the service, then closes Dubbo's servers and registry clients. Takes about 5 s:
     * Dubbo 2.7's {@code NettyServer.doClose} waits for Netty's graceful shutdown (a 2 s quiet period) of its boss
     * and worker groups one after the other.
     */
    @Override
    public void close() {
        service.unexport();
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
