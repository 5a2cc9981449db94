package io.rpcbench.sampler.thrift;

import io.rpcbench.example.thrift.InventoryDesk;
import io.rpcbench.example.thrift.InventoryService;
import io.rpcbench.provider.thrift.ThriftServeThread;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import org.apache.thrift.TMultiplexedProcessor;
import org.apache.thrift.TProcessor;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.protocol.TCompactProtocol;
import org.apache.thrift.server.TThreadPoolServer;
import org.apache.thrift.transport.TServerSocket;
import org.apache.thrift.transport.TTransportException;
import org.apache.thrift.transport.TTransportFactory;
import org.apache.thrift.transport.layered.TFramedTransport;

/**
 * The example {@code InventoryService} alone on a plain (not multiplexed) {@link TThreadPoolServer}, on 127.0.0.1
 * and a free port, for tests of plain calls (or {@link #multiplexedOnly}). The constructor returns once the server serves, and only then may it
 * be closed (see the provider app's {@link ThriftServeThread}, which starts it). Close it.
 */
final class PlainThriftServer implements AutoCloseable {

    private final TServerSocket socket;
    private final TThreadPoolServer server;
    private final Thread thread;

    PlainThriftServer(String transport, String protocol) throws TTransportException {
        this(transport, protocol, new InventoryService.Processor<>(new InventoryDesk()));
    }

    /**
     * The example service multiplexed under {@code name} and nothing else (no default processor), as servers that
     * serve several services are often set up: a plain call finds no service and the server closes the connection.
     */
    static PlainThriftServer multiplexedOnly(String transport, String protocol, String name) throws TTransportException {
        TMultiplexedProcessor processor = new TMultiplexedProcessor();
        processor.registerProcessor(name, new InventoryService.Processor<>(new InventoryDesk()));
        return new PlainThriftServer(transport, protocol, processor);
    }

    private PlainThriftServer(String transport, String protocol, TProcessor processor) throws TTransportException {
        socket = new TServerSocket(new TServerSocket.ServerSocketTransportArgs()
                .bindAddr(new InetSocketAddress("127.0.0.1", 0)));
        server = new TThreadPoolServer(new TThreadPoolServer.Args(socket)
                .processor(processor)
                .transportFactory("framed".equals(transport) ? new TFramedTransport.Factory() : new TTransportFactory())
                .protocolFactory("compact".equals(protocol) ? new TCompactProtocol.Factory() : new TBinaryProtocol.Factory())
                .minWorkerThreads(1)
                .maxWorkerThreads(4)
                .stopTimeoutVal(2)
                .stopTimeoutUnit(TimeUnit.SECONDS));
        thread = ThriftServeThread.start(server, "plain-inventory-server", "the plain Thrift server", 10_000);
    }

    int port() {
        return socket.getServerSocket().getLocalPort();
    }

    @Override
    public void close() {
        server.stop();
        try {
            thread.join(5000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
