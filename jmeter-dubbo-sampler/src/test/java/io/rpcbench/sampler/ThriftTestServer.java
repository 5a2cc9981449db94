package io.rpcbench.sampler;

import io.rpcbench.echo.Person;
import io.rpcbench.echo.ThriftPersons;
import io.rpcbench.echo.thrift.ThriftEchoService;
import io.rpcbench.echo.thrift.ThriftPerson;
import java.net.InetSocketAddress;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.protocol.TCompactProtocol;
import org.apache.thrift.protocol.TProtocol;
import org.apache.thrift.server.ServerContext;
import org.apache.thrift.server.TServer;
import org.apache.thrift.server.TServerEventHandler;
import org.apache.thrift.transport.TTransport;
import org.apache.thrift.server.TThreadPoolServer;
import org.apache.thrift.transport.TServerSocket;
import org.apache.thrift.transport.layered.TFramedTransport;

/**
 * A Thrift echo server on a free port of 127.0.0.1 for tests: TThreadPoolServer, like the provider app.
 * Start with {@link #start}, read {@link #port()}, stop with {@link #close()}.
 */
public final class ThriftTestServer implements AutoCloseable {

    private final TServer server;
    private final TServerSocket socket;
    private final Thread thread;
    /** Open client connections, closed on {@link #close()} so that clients see the provider go down. */
    private final Set<TTransport> connections = ConcurrentHashMap.newKeySet();

    private ThriftTestServer(TServer server, TServerSocket socket) {
        this.server = server;
        this.socket = socket;
        this.thread = new Thread(server::serve, "thrift-test-server");
        thread.setDaemon(true);
    }

    public static ThriftTestServer start(String transport, String protocol, TestEchoService handler) throws Exception {
        return start(transport, protocol, handler, 0);
    }

    /** @param port 0 for a free port */
    public static ThriftTestServer start(String transport, String protocol, TestEchoService handler, int port)
            throws Exception {
        TServerSocket socket = new TServerSocket(new TServerSocket.ServerSocketTransportArgs()
                .bindAddr(new InetSocketAddress("127.0.0.1", port)));
        TThreadPoolServer.Args args = new TThreadPoolServer.Args(socket)
                .processor(new ThriftEchoService.Processor<>(new Handler(handler)))
                .minWorkerThreads(2);
        args.protocolFactory("compact".equals(protocol) ? new TCompactProtocol.Factory() : new TBinaryProtocol.Factory());
        if ("framed".equals(transport)) {
            args.transportFactory(new TFramedTransport.Factory(Integer.MAX_VALUE));
        }
        args.stopTimeoutVal(1);
        ThriftTestServer running = new ThriftTestServer(new TThreadPoolServer(args), socket);
        running.server.setServerEventHandler(running.new ConnectionTracker());
        running.thread.start();
        long deadline = System.nanoTime() + 10_000_000_000L;
        while (!running.server.isServing()) {
            if (System.nanoTime() > deadline) {
                running.close();
                throw new IllegalStateException("Thrift test server did not start within 10 s");
            }
            Thread.onSpinWait();
        }
        return running;
    }

    public int port() {
        return socket.getServerSocket().getLocalPort();
    }

    @Override
    public void close() throws InterruptedException {
        server.stop();
        socket.close();
        connections.forEach(TTransport::close);
        thread.join(10_000);
    }

    /** Remembers each accepted connection until it ends. */
    private final class ConnectionTracker implements TServerEventHandler {
        @Override
        public void preServe() {}

        @Override
        public ServerContext createContext(TProtocol input, TProtocol output) {
            connections.add(input.getTransport());
            return null;
        }

        @Override
        public void deleteContext(ServerContext context, TProtocol input, TProtocol output) {
            connections.remove(input.getTransport());
        }

        @Override
        public void processContext(ServerContext context, TTransport input, TTransport output) {}
    }

    /** Adapts the Java echo service to the generated Thrift interface. */
    private static final class Handler implements ThriftEchoService.Iface {
        private final TestEchoService echo;

        Handler(TestEchoService echo) {
            this.echo = echo;
        }

        @Override
        public String echo(String text) {
            return echo.echo(text);
        }

        @Override
        public ThriftPerson echoPerson(ThriftPerson person) {
            return ThriftPersons.toThrift(echo.echoPerson(ThriftPersons.fromThrift(person)));
        }

        @Override
        public Map<String, ThriftPerson> echoPersons(Map<String, ThriftPerson> persons) {
            Map<String, Person> map = new LinkedHashMap<>();
            persons.forEach((k, v) -> map.put(k, ThriftPersons.fromThrift(v)));
            return ThriftPersons.toThrift(echo.echoPersons(map));
        }

        @Override
        public void ping() {
            echo.ping();
        }

        @Override
        public List<ThriftPerson> listPersons(int count, int sizeBytes) {
            return ThriftPersons.toThrift(echo.listPersons(count, sizeBytes));
        }
    }

}
