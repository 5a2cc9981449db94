package io.rpcbench.sampler;

import io.rpcbench.echo.Person;
import io.rpcbench.echo.ThriftPersons;
import io.rpcbench.echo.thrift.ThriftEchoService;
import io.rpcbench.echo.thrift.ThriftPerson;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.thrift.TApplicationException;
import org.apache.thrift.TConfiguration;
import org.apache.thrift.protocol.TBinaryProtocol;
import org.apache.thrift.protocol.TCompactProtocol;
import org.apache.thrift.protocol.TProtocol;
import org.apache.thrift.transport.TSocket;
import org.apache.thrift.transport.TTransport;
import org.apache.thrift.transport.TTransportException;
import org.apache.thrift.transport.layered.TFramedTransport;

/**
 * One thread's Thrift connection to the echo service. A Thrift socket is not thread-safe, so each
 * sampler thread owns one.
 *
 * <p>Order of calls: the constructor converts the argument to Thrift structs once and tries to connect;
 * if the provider is down it stays unconnected and the next {@link #prepare()} connects, before the sample's
 * timer starts. A call that fails in any way but a {@link TApplicationException} sent by the provider drops
 * the connection (a half-read stream or a late answer would be read as the next call's response), and the
 * next {@code prepare()} reconnects, so a restarted provider is picked up. {@link #close()} at the end.
 *
 * <p>Threads: {@link #interrupt()} and {@link #close()} may come from another thread while a call blocks in a
 * read; they close the socket, so the read fails at once. The connection is therefore held in one atomic
 * reference, and a call works on the connection it took from it.
 *
 * <p>Bytes are exact: a {@link CountingTransport} sits on the socket, under the framing.
 */
public final class ThriftEchoClient implements RpcClient {

    /** The sampler trusts its provider: accept any message and frame size the payload limits allow. */
    private static final TConfiguration LARGE_MESSAGES =
            new TConfiguration(Integer.MAX_VALUE, Integer.MAX_VALUE, TConfiguration.DEFAULT_RECURSION_DEPTH);

    /** One open socket with the layers on it. */
    private record Connection(CountingTransport counter, TTransport transport, ThriftEchoService.Client client) {}

    private final ThriftSettings settings;
    private final EchoRequest request;
    private final Object thriftArgument;

    private final AtomicReference<Connection> connection = new AtomicReference<>();
    private volatile boolean calling;
    private volatile boolean closed;
    /** The counter of the last call; read by the sampler thread only, after that call. */
    private CountingTransport lastCounter;

    public ThriftEchoClient(ThriftSettings settings, EchoRequest request) {
        this.settings = settings;
        this.request = request;
        this.thriftArgument = toThrift(request.argument());
        try {
            prepare();
        } catch (TTransportException e) {
            // provider down at start: the first sample tries again and reports the failure
        }
    }

    /** Connects unless connected: the untimed step before each call. */
    @Override
    public void prepare() throws TTransportException {
        if (closed) {
            throw new TTransportException(TTransportException.NOT_OPEN, "the client for " + target() + " is closed");
        }
        if (connection.get() == null) {
            connect();
        }
    }

    @Override
    public Object call() throws Exception {
        Connection current = connection.get();
        if (current == null) { // interrupted or closed since prepare(): never connect inside the timer
            throw new TTransportException(TTransportException.NOT_OPEN, "not connected to " + target());
        }
        current.counter().reset();
        lastCounter = current.counter();
        calling = true;
        try {
            return invoke(current.client());
        } catch (TApplicationException e) {
            if (e.getType() == TApplicationException.BAD_SEQUENCE_ID) {
                drop(current); // thrown by the client after reading only the message header: the rest is unread
            }
            throw e; // otherwise sent by the provider and read whole: the stream is consistent
        } catch (Throwable t) { // transport, protocol, or anything else mid-read: the stream's position is unknown
            drop(current);
            throw t;
        } finally {
            calling = false;
        }
    }

    /** Closes the socket of a call in progress, so its blocked read fails now; the next prepare() reconnects. */
    @Override
    public boolean interrupt() {
        Connection current = connection.get();
        if (!calling || current == null) {
            return false; // nothing blocked: leave an idle connection for the next sample
        }
        drop(current);
        return true;
    }

    /** True while a connection is open; for tests and logs. */
    boolean connected() {
        return connection.get() != null;
    }

    @SuppressWarnings("unchecked")
    private Object invoke(ThriftEchoService.Client client) throws Exception {
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
        return lastCounter == null ? 0 : lastCounter.written();
    }

    @Override
    public long receivedBytes(Object response) {
        return lastCounter == null ? 0 : lastCounter.read();
    }

    @Override
    public String target() {
        return settings.target();
    }

    @Override
    public void close() {
        closed = true;
        Connection current = connection.get();
        if (current != null) {
            drop(current);
        }
    }

    private void connect() throws TTransportException {
        TSocket socket = new TSocket(LARGE_MESSAGES, settings.host(), settings.port(), settings.timeoutMs());
        CountingTransport counting = new CountingTransport(socket);
        TTransport top = "framed".equals(settings.transport()) ? new TFramedTransport(counting, Integer.MAX_VALUE) : counting;
        TProtocol protocol = "compact".equals(settings.protocol()) ? new TCompactProtocol(top) : new TBinaryProtocol(top);
        top.open();
        Connection opened = new Connection(counting, top, new ThriftEchoService.Client(protocol));
        connection.set(opened);
        if (closed) { // close() ran while this connected: it could not see this socket
            drop(opened);
        }
    }

    /** Closes {@code dropped} and forgets it unless a newer connection took its place; safe from any thread. */
    private void drop(Connection dropped) {
        connection.compareAndSet(dropped, null);
        dropped.transport().close();
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
