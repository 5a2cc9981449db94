package io.rpcbench.sampler.thrift;

import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
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
 * One sampler thread's Thrift socket (its own while it holds it), with the transport and protocol layers {@link ThriftSettings} asks for and a
 * client object {@code C} built on the protocol (a generated {@code Client}, or the protocol itself). A Thrift
 * socket is not thread-safe, so each sampler thread owns one. Shared by {@link ThriftEchoClient} and
 * {@link ThriftServiceClient}.
 *
 * <p>Order of calls: {@link #prepare()} connects unless connected (untimed, before each sample; a provider that
 * is down fails it, and the next prepare tries again); {@link #call} runs one exchange on the open connection
 * and never connects; {@link #sentBytes()} and {@link #receivedBytes()} count that exchange; {@link #close()} at
 * the end, which gives the socket back for the run's next thread ({@link IdleSockets}; prepare takes an idle one
 * before it opens one). An exchange that fails in any way but a {@link TApplicationException} sent by the provider
 * drops the connection (a half-read stream or a late answer would be read as the next call's response), so the next
 * prepare reconnects and a restarted provider is picked up.
 *
 * <p>Threads: {@link #interrupt()} and {@link #close()} may come from another thread while a call blocks in a
 * read; they close the socket, so the read fails at once. The connection is therefore held in one atomic
 * reference, and a call works on the connection it took from it.
 *
 * <p>Bytes are exact: a {@link CountingTransport} sits on the socket, under the framing.
 *
 * @param <C> what an exchange works with, built once per connection from its protocol
 */
public final class ThriftConnection<C> implements AutoCloseable {

    /** One request and its answer on a connection's client. */
    @FunctionalInterface
    public interface Exchange<C, R> {
        R run(C client) throws Exception;
    }

    /** The sampler trusts its provider: accept any message and frame size the payload limits allow. */
    private static final TConfiguration LARGE_MESSAGES =
            new TConfiguration(Integer.MAX_VALUE, Integer.MAX_VALUE, TConfiguration.DEFAULT_RECURSION_DEPTH);

    /** One open socket with the layers on it, and this connection's client on its protocol. */
    private record Open<C>(IdleSockets.Socket socket, C client) {
        CountingTransport counter() {
            return socket.counter();
        }

        TTransport transport() {
            return socket.transport();
        }
    }

    private final ThriftSettings settings;
    private final Function<TProtocol, C> clients;

    private final AtomicReference<Open<C>> connection = new AtomicReference<>();
    private volatile boolean calling;
    private volatile boolean closed;
    /** The counter of the last call; read by the sampler thread only, after that call. */
    private CountingTransport lastCounter;

    /** Does not connect: {@link #prepare()} does. */
    public ThriftConnection(ThriftSettings settings, Function<TProtocol, C> clients) {
        this.settings = settings;
        this.clients = clients;
    }

    /** Connects unless connected: the untimed step before each call. */
    public void prepare() throws TTransportException {
        if (closed) {
            throw new TTransportException(TTransportException.NOT_OPEN, "the client for " + target() + " is closed");
        }
        if (connection.get() == null) {
            connect();
        }
    }

    /** Runs {@code exchange} on the open connection, dropping the connection when the exchange leaves it unusable. */
    public <R> R call(Exchange<C, R> exchange) throws Exception {
        Open<C> current = connection.get();
        if (current == null) { // interrupted or closed since prepare(): never connect inside the timer
            throw new TTransportException(TTransportException.NOT_OPEN, "not connected to " + target());
        }
        current.counter().reset();
        lastCounter = current.counter();
        calling = true;
        try {
            return exchange.run(current.client());
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
    public boolean interrupt() {
        Open<C> current = connection.get();
        if (!calling || current == null) {
            return false; // nothing blocked: leave an idle connection for the next sample
        }
        drop(current);
        return true;
    }

    /** True while a connection is open; for tests and logs. */
    public boolean connected() {
        return connection.get() != null;
    }

    /** Bytes written by the last call, framing included. */
    public long sentBytes() {
        return lastCounter == null ? 0 : lastCounter.written();
    }

    /** Bytes read by the last call, framing included. */
    public long receivedBytes() {
        return lastCounter == null ? 0 : lastCounter.read();
    }

    public String target() {
        return settings.target();
    }

    /** {@code thrift://host:port}. */
    public String endpoint() {
        return settings.endpoint();
    }

    /**
     * Gives an idle socket back for the next sampler thread of the run ({@link IdleSockets}), or closes it while a call
     * is blocked on it; safe from any thread; never throws.
     */
    @Override
    public void close() {
        closed = true;
        Open<C> current = connection.get();
        if (current == null) {
            return;
        }
        if (!calling && connection.compareAndSet(current, null)) {
            IdleSockets.give(settings, current.socket());
        } else {
            drop(current);
        }
    }

    private void connect() throws TTransportException {
        IdleSockets.Socket socket = IdleSockets.take(settings);
        if (socket == null) {
            socket = open();
        }
        Open<C> opened = new Open<>(socket, clients.apply(socket.protocol()));
        connection.set(opened);
        if (closed) { // close() ran while this connected: it could not see this socket
            drop(opened);
        }
    }

    private IdleSockets.Socket open() throws TTransportException {
        TSocket socket = new TSocket(LARGE_MESSAGES, settings.host(), settings.port(), settings.timeoutMs());
        CountingTransport counting = new CountingTransport(socket);
        TTransport top = "framed".equals(settings.transport()) ? new TFramedTransport(counting, Integer.MAX_VALUE) : counting;
        TProtocol protocol = "compact".equals(settings.protocol()) ? new TCompactProtocol(top) : new TBinaryProtocol(top);
        top.open();
        return new IdleSockets.Socket(counting, top, protocol);
    }

    /** Closes {@code dropped} and forgets it unless a newer connection took its place; safe from any thread. */
    private void drop(Open<C> dropped) {
        connection.compareAndSet(dropped, null);
        dropped.transport().close();
    }
}
