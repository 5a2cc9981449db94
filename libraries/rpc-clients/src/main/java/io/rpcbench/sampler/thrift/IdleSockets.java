package io.rpcbench.sampler.thrift;

import io.rpcbench.sampler.call.RunScope;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import org.apache.thrift.protocol.TProtocol;
import org.apache.thrift.transport.TTransport;

/**
 * Open Thrift sockets that no sampler thread holds, per {@link ThriftSettings}, kept for the next thread of the same
 * run: under JMeter's Open Model Thread Group each arrival is a thread of its own, and a socket per arrival would
 * open a connection per call (at 2,000 arrivals a second, hundreds at once, until the provider's worker pool ran out).
 * A thread takes an idle socket when it connects and gives it back when it closes, so a run holds as many sockets as
 * it has calls in flight at once. Outside a run a socket given back is closed at once; the idle sockets of a run are
 * closed when it ends ({@link RunScope}).
 *
 * <p>A socket is given back only after a whole exchange (see {@link ThriftConnection}): its stream is at a message
 * boundary. One whose provider went away meanwhile fails its next call as a connection failure and is dropped, as a
 * thread's own socket would.
 */
final class IdleSockets {

    /** An open socket with its layers: what a {@link ThriftConnection} builds its client on. */
    record Socket(CountingTransport counter, TTransport transport, TProtocol protocol) {}

    /** The idle sockets of one settings, and the run whose end closes them. */
    private static final class Idle {
        final Deque<Socket> sockets = new ArrayDeque<>();
        long closedAtEndOf;
    }

    private static final Map<ThriftSettings, Idle> IDLE = new HashMap<>();

    private IdleSockets() {}

    /** An idle socket for {@code settings}, the one given back last, or null when there is none. */
    static synchronized Socket take(ThriftSettings settings) {
        Idle idle = IDLE.get(settings);
        return idle == null ? null : idle.sockets.pollFirst();
    }

    /** Keeps {@code socket} for the next thread of the run, or closes it outside a run. */
    static void give(ThriftSettings settings, Socket socket) {
        long run = RunScope.current();
        if (run == 0) {
            socket.transport().close();
            return;
        }
        boolean closeAtEnd;
        synchronized (IdleSockets.class) {
            Idle idle = IDLE.computeIfAbsent(settings, s -> new Idle());
            idle.sockets.addFirst(socket);
            closeAtEnd = idle.closedAtEndOf != run;
            idle.closedAtEndOf = run;
        }
        if (closeAtEnd) {
            RunScope.whenEnded(run, () -> closeIdle(settings));
        }
    }

    /** How many sockets are idle for {@code settings}: for tests. */
    static synchronized int idle(ThriftSettings settings) {
        Idle idle = IDLE.get(settings);
        return idle == null ? 0 : idle.sockets.size();
    }

    private static void closeIdle(ThriftSettings settings) {
        Deque<Socket> closing;
        synchronized (IdleSockets.class) {
            Idle idle = IDLE.remove(settings);
            closing = idle == null ? new ArrayDeque<>() : idle.sockets;
        }
        closing.forEach(socket -> socket.transport().close());
    }
}
