package io.rpcbench.sampler.thrift;

import io.rpcbench.example.thrift.InventoryDesk;
import io.rpcbench.example.thrift.InventoryService;
import io.rpcbench.provider.thrift.ThriftServeThread;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.thrift.TMultiplexedProcessor;
import org.apache.thrift.TProcessor;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.protocol.TCompactProtocol;
import org.apache.thrift.protocol.TProtocolUtil;
import org.apache.thrift.protocol.TType;
import org.apache.thrift.server.TThreadPoolServer;
import org.apache.thrift.transport.TServerSocket;
import org.apache.thrift.transport.TTransportException;
import org.apache.thrift.transport.TTransportFactory;
import org.apache.thrift.transport.layered.TFramedTransport;

/**
 * The example {@code InventoryService} alone on a plain (not multiplexed) {@link TThreadPoolServer}, on 127.0.0.1
 * and a free port, for tests of plain calls (or {@link #multiplexedOnly}). The constructor returns once the server serves, and only then may it
 * be closed (see the provider app's {@link ThriftServeThread}, which starts it), or {@link #goneAfter} some answers.
 * Close it.
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

    /**
     * The example service, plain, that answers its first {@code answers} calls and then goes away mid-run as a killed
     * server does: each later call is read whole and its connection closed without an answer (the peer sees the
     * end of the stream, as when the kernel closes a killed process's sockets), and so is every connection after.
     */
    static PlainThriftServer goneAfter(int answers, String transport, String protocol) throws TTransportException {
        TProcessor inventory = new InventoryService.Processor<>(new InventoryDesk());
        AtomicInteger calls = new AtomicInteger();
        return new PlainThriftServer(transport, protocol, (in, out) -> {
            if (calls.incrementAndGet() <= answers) {
                inventory.process(in, out);
                return;
            }
            // Read the request to its end first: closing with unread bytes would reset the connection instead.
            in.readMessageBegin();
            TProtocolUtil.skip(in, TType.STRUCT);
            in.readMessageEnd();
            in.getTransport().close();
            throw new TTransportException(TTransportException.END_OF_FILE, "gone after " + answers + " answers");
        });
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
