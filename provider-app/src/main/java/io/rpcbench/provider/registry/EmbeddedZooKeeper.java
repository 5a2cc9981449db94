package io.rpcbench.provider.registry;

import io.rpcbench.echo.PortInUseException;
import io.rpcbench.provider.port.PortCheck;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.apache.zookeeper.server.ServerCnxnFactory;
import org.apache.zookeeper.server.ZooKeeperServer;

/**
 * A standalone ZooKeeper server (the real one, not a fake) running inside the provider's JVM, listening only
 * on the bind address, with its data in a temporary directory that {@link #close()} deletes.
 *
 * <pre>{@code
 * try (EmbeddedZooKeeper zk = EmbeddedZooKeeper.start("127.0.0.1", 0)) {
 *     String registry = zk.hostPort();   // 127.0.0.1:<the port it chose>
 * }
 * }</pre>
 *
 * The server is started without {@code ZooKeeperServerMain} so that no admin HTTP server and no second
 * listener are started: the client port is the only socket it opens.
 */
public final class EmbeddedZooKeeper implements AutoCloseable {

    private static final int TICK_TIME_MS = 2000;
    private static final int MAX_CONNECTIONS_PER_CLIENT = 1000;

    private final String host;
    private final Path dataDir;
    private final ZooKeeperServer server;
    private final ServerCnxnFactory connections;

    private EmbeddedZooKeeper(String host, Path dataDir, ZooKeeperServer server, ServerCnxnFactory connections) {
        this.host = host;
        this.dataDir = dataDir;
        this.server = server;
        this.connections = connections;
    }

    /**
     * @param port 0 to let the system choose
     * @throws PortInUseException when the port is taken
     */
    public static EmbeddedZooKeeper start(String host, int port) {
        PortCheck.requireFree("zookeeper", host, port);
        Path dataDir;
        try {
            dataDir = Files.createTempDirectory("rpcbench-zookeeper-");
        } catch (IOException e) {
            throw new UncheckedIOException("cannot create the embedded ZooKeeper's data directory", e);
        }
        ServerCnxnFactory connections = null;
        try {
            ZooKeeperServer server = new ZooKeeperServer(dataDir.toFile(), dataDir.toFile(), TICK_TIME_MS);
            connections = ServerCnxnFactory.createFactory(new InetSocketAddress(host, port), MAX_CONNECTIONS_PER_CLIENT);
            connections.startup(server);
            return new EmbeddedZooKeeper(host, dataDir, server, connections);
        } catch (IOException | InterruptedException | RuntimeException e) {
            if (connections != null) {
                connections.shutdown();
            }
            delete(dataDir);
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            if (PortCheck.isAddressInUse(e)) {
                throw new PortInUseException("zookeeper", host, port, e);
            }
            throw new IllegalStateException("the embedded ZooKeeper did not start on " + host + ":" + port + ": " + e, e);
        }
    }

    /** {@code host:port} clients connect to. */
    public String hostPort() {
        return host + ":" + connections.getLocalPort();
    }

    public int port() {
        return connections.getLocalPort();
    }

    @Override
    public void close() {
        connections.shutdown();
        server.shutdown();
        delete(dataDir);
    }

    private static void delete(Path dir) {
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // A leftover temporary directory is harmless; the provider still stops.
        }
    }
}
