package io.rpcbench.discovery;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Listeners on a few fake instances' addresses (each bound to its 127.0.x.y address only), so that a consumer dialling
 * a fake instance is seen: without a listener the dial is refused at once and leaves no socket for {@code ss} to show.
 * Each connection accepted is counted and closed at once. An address that cannot be bound (another process holds the
 * port on every address) is left out and named on stderr; {@link #figures} says how many listen.
 *
 * <p>Order of calls: {@link #start}, {@link #figures} from any thread, {@link #close}.
 */
final class FakeInstanceListeners implements AutoCloseable {

    private final List<ServerSocket> sockets;
    private final AtomicLong connections = new AtomicLong();

    private FakeInstanceListeners(List<ServerSocket> sockets) {
        this.sockets = sockets;
    }

    /** The first instance of the shape on each protocol's port: the addresses a dial would reach first. */
    static List<InetSocketAddress> firstInstancePerProtocol(RegistryShape shape) {
        List<InetSocketAddress> addresses = new ArrayList<>();
        for (int p = 0; p < shape.protocols(); p++) {
            addresses.add(new InetSocketAddress(shape.host(0), shape.port(p)));
        }
        return addresses;
    }

    static FakeInstanceListeners start(List<InetSocketAddress> addresses) {
        List<ServerSocket> bound = new ArrayList<>();
        for (InetSocketAddress address : addresses) {
            try {
                ServerSocket socket = new ServerSocket();
                socket.bind(address);
                bound.add(socket);
            } catch (IOException e) {
                System.err.println("fake instance " + address + " does not listen: " + e);
            }
        }
        FakeInstanceListeners listeners = new FakeInstanceListeners(List.copyOf(bound));
        for (ServerSocket socket : bound) {
            Thread accepting = new Thread(() -> listeners.accept(socket), "fake-" + socket.getLocalSocketAddress());
            accepting.setDaemon(true);
            accepting.start();
        }
        return listeners;
    }

    private void accept(ServerSocket socket) {
        while (!socket.isClosed()) {
            try (Socket dialled = socket.accept()) {
                connections.incrementAndGet();
            } catch (IOException e) {
                // closed: the farm stops
            }
        }
    }

    /** The addresses listened on, e.g. for the log. */
    List<InetSocketAddress> addresses() {
        return sockets.stream().map(s -> (InetSocketAddress) s.getLocalSocketAddress()).toList();
    }

    /** {@code fake_listeners} (addresses listened on) and {@code fake_connections} (connections accepted on them). */
    Map<String, String> figures() {
        Map<String, String> figures = new LinkedHashMap<>();
        figures.put(DiscoveryFigure.FAKE_LISTENERS.key(), Integer.toString(sockets.size()));
        figures.put(DiscoveryFigure.FAKE_CONNECTIONS.key(), Long.toString(connections.get()));
        return figures;
    }

    @Override
    public void close() {
        for (ServerSocket socket : sockets) {
            try {
                socket.close();
            } catch (IOException e) {
                // closing anyway
            }
        }
    }
}
