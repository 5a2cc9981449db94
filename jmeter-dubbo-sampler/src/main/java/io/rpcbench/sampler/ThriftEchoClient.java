package io.rpcbench.sampler;

import io.rpcbench.echo.Person;
import io.rpcbench.echo.ThriftPersons;
import io.rpcbench.echo.thrift.ThriftEchoService;
import io.rpcbench.echo.thrift.ThriftPerson;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.thrift.TConfiguration;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.protocol.TCompactProtocol;
import org.apache.thrift.protocol.TProtocol;
import org.apache.thrift.protocol.TProtocolException;
import org.apache.thrift.transport.TSocket;
import org.apache.thrift.transport.TTransport;
import org.apache.thrift.transport.TTransportException;
import org.apache.thrift.transport.layered.TFramedTransport;

/**
 * One thread's Thrift connection to the echo service. A Thrift socket is not thread-safe, so each
 * sampler thread owns one.
 *
 * <p>Order of calls: the constructor converts the argument to Thrift structs once and tries to connect;
 * if the provider is down it stays closed and the next {@link #call()} connects. A call that fails in the
 * transport or protocol layer drops the connection (a late answer would be read as the next call's
 * response), and the next call reconnects, so a restarted provider is picked up. {@link #close()} at the end.
 *
 * <p>Bytes are exact: a {@link CountingTransport} sits on the socket, under the framing.
 */
public final class ThriftEchoClient implements EchoClient {

    /** The sampler trusts its provider: accept any message and frame size the payload limits allow. */
    private static final TConfiguration LARGE_MESSAGES =
            new TConfiguration(Integer.MAX_VALUE, Integer.MAX_VALUE, TConfiguration.DEFAULT_RECURSION_DEPTH);

    private final ThriftSettings settings;
    private final EchoRequest request;
    private final Object thriftArgument;

    private CountingTransport counter;
    private TTransport transport;
    private ThriftEchoService.Client client;

    public ThriftEchoClient(ThriftSettings settings, EchoRequest request) {
        this.settings = settings;
        this.request = request;
        this.thriftArgument = toThrift(request.argument());
        try {
            connect();
        } catch (TTransportException e) {
            disconnect(); // provider down at start: the first call tries again and reports the failure
        }
    }

    @Override
    public Object call() throws Exception {
        if (client == null) {
            connect();
        }
        counter.reset();
        try {
            return invoke();
        } catch (TTransportException | TProtocolException e) {
            disconnect();
            throw e;
        }
    }

    @SuppressWarnings("unchecked")
    private Object invoke() throws Exception {
        switch (request.kind()) {
            case STRING:
                return client.echo((String) thriftArgument);
            case PERSON:
                return client.echoPerson((ThriftPerson) thriftArgument);
            case MAP:
                return client.echoPersons((Map<String, ThriftPerson>) thriftArgument);
            case LIST:
                return client.listPersons(request.listCount(), request.sizeBytes());
            case NONE:
                client.ping();
                return null;
            default:
                throw new IllegalStateException("payload kind " + request.kind() + " has no Thrift call");
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public String mismatch(Object response) {
        Object echoModel = response;
        if (response instanceof ThriftPerson) {
            echoModel = ThriftPersons.fromThrift((ThriftPerson) response);
        } else if (response instanceof Map) {
            Map<String, Person> persons = new LinkedHashMap<>();
            ((Map<String, ThriftPerson>) response).forEach((k, v) -> persons.put(k, ThriftPersons.fromThrift(v)));
            echoModel = persons;
        } else if (response instanceof List) {
            List<Person> persons = new ArrayList<>();
            ((List<ThriftPerson>) response).forEach(p -> persons.add(ThriftPersons.fromThrift(p)));
            echoModel = persons;
        }
        return request.mismatch(echoModel);
    }

    @Override
    public long sentBytes() {
        return counter == null ? 0 : counter.written();
    }

    @Override
    public long receivedBytes(Object response) {
        return counter == null ? 0 : counter.read();
    }

    @Override
    public String target() {
        return settings.target();
    }

    @Override
    public void close() {
        disconnect();
    }

    private void connect() throws TTransportException {
        TSocket socket = new TSocket(LARGE_MESSAGES, settings.host(), settings.port(), settings.timeoutMs());
        CountingTransport counting = new CountingTransport(socket);
        TTransport top = "framed".equals(settings.transport()) ? new TFramedTransport(counting, Integer.MAX_VALUE) : counting;
        TProtocol protocol = "compact".equals(settings.protocol()) ? new TCompactProtocol(top) : new TBinaryProtocol(top);
        counter = counting;
        transport = top;
        top.open();
        client = new ThriftEchoService.Client(protocol);
    }

    private void disconnect() {
        if (transport != null) {
            transport.close();
        }
        transport = null;
        client = null;
    }

    @SuppressWarnings("unchecked")
    private static Object toThrift(Object argument) {
        if (argument instanceof Person) {
            return ThriftPersons.toThrift((Person) argument);
        }
        if (argument instanceof Map) {
            return ThriftPersons.toThrift((Map<String, Person>) argument);
        }
        return argument;
    }
}
