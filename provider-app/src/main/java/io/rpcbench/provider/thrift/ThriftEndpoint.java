package io.rpcbench.provider.thrift;

import io.rpcbench.echo.EchoService;
import io.rpcbench.echo.PortInUseException;
import io.rpcbench.echo.thrift.ThriftEchoService;
import io.rpcbench.example.thrift.InventoryDesk;
import io.rpcbench.example.thrift.InventoryService;
import io.rpcbench.provider.port.PortCheck;
import java.net.InetSocketAddress;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.thrift.TMultiplexedProcessor;
import org.apache.thrift.protocol.TProtocol;
import org.apache.thrift.server.ServerContext;
import org.apache.thrift.server.TServerEventHandler;
import org.apache.thrift.server.TThreadPoolServer;
import org.apache.thrift.transport.TServerSocket;
import org.apache.thrift.transport.TTransport;
import org.apache.thrift.transport.TTransportException;

/**
 * {@code ThriftEchoService} served by a {@link TThreadPoolServer} (one worker thread per connection, as in
 * seed 003) on a {@link TServerSocket} bound to one address. Beside it, on the same port, the example
 * {@code InventoryService} for the generic Thrift sampler: a {@link TMultiplexedProcessor} sends calls named
 * {@code InventoryService:method} (a client's {@code TMultiplexedProtocol}) to the inventory and every plain call
 * to the echo, its default processor, so plain echo clients and the benchmark call exactly as before.
 *
 * <pre>{@code
 * ThriftEndpoint thrift = ThriftEndpoint.start(echo, "127.0.0.1", 0, ThriftTransport.BUFFERED, ThriftProtocol.BINARY, 200);
 * thrift.port();   // accepting connections now
 * thrift.close();  // stops accepting, closes open connections, ends the workers
 * }</pre>
 */
public final class ThriftEndpoint implements AutoCloseable {

    /** The name the inventory service is multiplexed under: a client's {@code TMultiplexedProtocol} service name. */
    public static final String INVENTORY_SERVICE = "InventoryService";

    private static final long START_DEADLINE_MS = 10_000;
    private static final long STOP_DEADLINE_MS = 5_000;

    private final String host;
    private final TServerSocket socket;
    private final TThreadPoolServer server;
    private final Thread acceptor;
    private final ThreadPoolExecutor workers;
    private final Set<TTransport> connections;

    private ThriftEndpoint(String host, TServerSocket socket, TThreadPoolServer server, Thread acceptor,
            ThreadPoolExecutor workers, Set<TTransport> connections) {
        this.host = host;
        this.socket = socket;
        this.server = server;
        this.acceptor = acceptor;
        this.workers = workers;
        this.connections = connections;
    }

    /**
     * Returns once the server accepts connections.
     *
     * @param port 0 to let the system choose
     * @throws PortInUseException when the port is taken
     */
    public static ThriftEndpoint start(EchoService echo, String host, int port, ThriftTransport transport,
            ThriftProtocol protocol, int threads) {
        PortCheck.requireFree("thrift", host, port);
        TServerSocket socket;
        try {
            socket = new TServerSocket(new TServerSocket.ServerSocketTransportArgs()
                    .bindAddr(new InetSocketAddress(host, port)));
        } catch (TTransportException e) {
            if (PortCheck.isAddressInUse(e)) {
                throw new PortInUseException("thrift", host, port, e);
            }
            throw new IllegalStateException("the Thrift server cannot listen on " + host + ":" + port + ": "
                    + e.getMessage(), e);
        }
        ThreadPoolExecutor workers = new ThreadPoolExecutor(threads, threads, 60, TimeUnit.SECONDS,
                new SynchronousQueue<>(), daemonThreads("rpcbench-thrift-worker-"));
        TThreadPoolServer server = new TThreadPoolServer(new TThreadPoolServer.Args(socket)
                .processor(processor(echo))
                .transportFactory(transport.factory())
                .protocolFactory(protocol.factory())
                .executorService(workers));
        Set<TTransport> connections = ConcurrentHashMap.newKeySet();
        server.setServerEventHandler(new ConnectionTracker(connections));
        // Started once the server says it is serving, not when it signals its event handler: a stop() in between
        // would be undone (see ThriftServeThread).
        Thread acceptor = ThriftServeThread.start(server, "rpcbench-thrift-acceptor",
                "the Thrift server on " + host + ":" + port, START_DEADLINE_MS);
        return new ThriftEndpoint(host, socket, server, acceptor, workers, connections);
    }

    /**
     * The echo for plain calls; the inventory for calls multiplexed under {@link #INVENTORY_SERVICE}. A plain call
     * costs the echo one look for a ':' in the method name and one wrapper of the protocol that replays the
     * message header already read.
     */
    private static TMultiplexedProcessor processor(EchoService echo) {
        TMultiplexedProcessor processor = new TMultiplexedProcessor();
        processor.registerDefault(new ThriftEchoService.Processor<>(new ThriftEchoHandler(echo)));
        processor.registerProcessor(INVENTORY_SERVICE, new InventoryService.Processor<>(new InventoryDesk()));
        return processor;
    }

    /** {@code host:port}, as the ready line shows it. */
    public String hostPort() {
        return host + ":" + port();
    }

    public int port() {
        return socket.getServerSocket().getLocalPort();
    }

    @Override
    public void close() {
        server.stop();
        // Workers block reading from their client until it hangs up: close the connections so they end now.
        connections.forEach(TTransport::close);
        workers.shutdownNow();
        try {
            acceptor.join(STOP_DEADLINE_MS);
            workers.awaitTermination(STOP_DEADLINE_MS, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static java.util.concurrent.ThreadFactory daemonThreads(String prefix) {
        AtomicInteger count = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, prefix + count.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }

    /** Keeps the open connections so that stop can close them. */
    private static final class ConnectionTracker implements TServerEventHandler {
        private final Set<TTransport> connections;

        ConnectionTracker(Set<TTransport> connections) {
            this.connections = connections;
        }

        @Override
        public void preServe() {
            // Too early to say the server started (see ThriftServeThread).
        }

        @Override
        public ServerContext createContext(TProtocol input, TProtocol output) {
            TTransport connection = input.getTransport();
            connections.add(connection);
            return new Connection(connection);
        }

        @Override
        public void deleteContext(ServerContext context, TProtocol input, TProtocol output) {
            connections.remove(((Connection) context).transport);
        }

        @Override
        public void processContext(ServerContext context, TTransport input, TTransport output) {
            // Nothing per call: the tracker only follows connections.
        }
    }

    private static final class Connection implements ServerContext {
        final TTransport transport;

        Connection(TTransport transport) {
            this.transport = transport;
        }

        @Override
        public <T> T unwrap(Class<T> iface) {
            return iface.isInstance(this) ? iface.cast(this) : null;
        }

        @Override
        public boolean isWrapperFor(Class<?> iface) {
            return iface.isInstance(this);
        }
    }
}
