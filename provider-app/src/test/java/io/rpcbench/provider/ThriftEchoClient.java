package io.rpcbench.provider;

import io.rpcbench.echo.thrift.ThriftEchoService;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.protocol.TCompactProtocol;
import org.apache.thrift.protocol.TProtocol;
import org.apache.thrift.transport.TSocket;
import org.apache.thrift.transport.TTransport;
import org.apache.thrift.transport.TTransportException;
import org.apache.thrift.transport.layered.TFramedTransport;

/** A plain libthrift client of the provider's Thrift endpoint, as a load generator would open it. */
final class ThriftEchoClient implements AutoCloseable {

    private final TTransport transport;
    final ThriftEchoService.Client echo;

    ThriftEchoClient(String hostPort, boolean framed, boolean compact) throws TTransportException {
        int colon = hostPort.lastIndexOf(':');
        TTransport socket = new TSocket(hostPort.substring(0, colon), Integer.parseInt(hostPort.substring(colon + 1)),
                10_000);
        transport = framed ? new TFramedTransport(socket) : socket;
        transport.open();
        TProtocol protocol = compact ? new TCompactProtocol(transport) : new TBinaryProtocol(transport);
        echo = new ThriftEchoService.Client(protocol);
    }

    static ThriftEchoClient buffered(String hostPort) throws TTransportException {
        return new ThriftEchoClient(hostPort, false, false);
    }

    @Override
    public void close() {
        transport.close();
    }
}
