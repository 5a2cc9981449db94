package io.rpcbench.agent;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Receives UDP commands; each client address has its own {@link ClientSession}, answered by datagrams sent back
 * to that address. Datagrams from addresses outside the allow-list are dropped (and logged), never answered.
 *
 * <p>UDP has no disconnect, so a session ends when its client has sent nothing for the idle timeout and for at
 * least {@link #IDLE_INTERVALS} of its intervals (a collector that is gone must not be streamed to forever); at most
 * {@code maxSessions} addresses have a session at once, datagrams from further addresses get one {@code ERROR}
 * line each and no session. Order of calls: construct (binds), {@link #start()}, {@link #close()}.
 */
final class UdpListener {
    private static final Logger LOG = Logger.getLogger(UdpListener.class.getName());
    /** Intervals without a datagram after which a client counts as gone, however long its interval is. */
    static final int IDLE_INTERVALS = 3;
    private static final long SWEEP_MILLIS = 500;

    private final DatagramSocket socket;
    private final Agent agent;
    private final int maxSessions;
    private final long idleTimeoutMillis;
    private final Map<SocketAddress, Heard> sessions = new ConcurrentHashMap<SocketAddress, Heard>();
    private final ScheduledExecutorService sweeper = Executors.newSingleThreadScheduledExecutor(new ThreadFactory() {
        @Override
        public Thread newThread(Runnable task) {
            return Agent.daemon("udp-idle-sweep", task);
        }
    });

    UdpListener(InetAddress bind, int port, Agent agent, int maxSessions, long idleTimeoutMillis) throws IOException {
        this.agent = agent;
        this.maxSessions = maxSessions;
        this.idleTimeoutMillis = idleTimeoutMillis;
        this.socket = new DatagramSocket(null);
        socket.setReuseAddress(true);
        socket.bind(new InetSocketAddress(bind, port));
    }

    int port() {
        return socket.getLocalPort();
    }

    void start() {
        Agent.daemon("udp-receive", new Runnable() {
            @Override
            public void run() {
                receiveLoop();
            }
        }).start();
        sweeper.scheduleWithFixedDelay(new Runnable() {
            @Override
            public void run() {
                endIdleSessions();
            }
        }, SWEEP_MILLIS, SWEEP_MILLIS, TimeUnit.MILLISECONDS);
    }

    void close() {
        sweeper.shutdownNow();
        socket.close();
    }

    private void receiveLoop() {
        byte[] buffer = new byte[65536];
        while (!socket.isClosed()) {
            DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
            try {
                socket.receive(packet);
            } catch (IOException e) {
                if (!socket.isClosed()) {
                    LOG.log(Level.WARNING, "receiving a UDP datagram failed", e);
                }
                continue;
            }
            if (!agent.allows(packet.getAddress())) {
                LOG.warning("dropped a datagram from " + packet.getSocketAddress() + ": not in --allow-clients");
                continue;
            }
            String text = new String(packet.getData(), packet.getOffset(), packet.getLength(), StandardCharsets.UTF_8);
            Heard heard = sessionFor(packet.getSocketAddress());
            if (heard == null) {
                continue;
            }
            heard.lastMillis = System.currentTimeMillis();
            for (String line : text.split("\n")) {
                heard.session.handle(line);
            }
        }
    }

    /** The address's session, opened if there is room, or null (refused and logged) if there is not. */
    private Heard sessionFor(final SocketAddress address) {
        Heard heard = sessions.get(address);
        if (heard != null) {
            return heard;
        }
        Reply reply = new Reply() {
            @Override
            public void send(String line) throws IOException {
                byte[] bytes = (line + "\n").getBytes(StandardCharsets.UTF_8);
                socket.send(new DatagramPacket(bytes, bytes.length, address));
            }
        };
        if (sessions.size() >= maxSessions) {
            LOG.warning("refused UDP client " + address + ": already " + maxSessions
                    + " UDP sessions (--max-udp-sessions)");
            try {
                reply.send("ERROR too many UDP clients");
            } catch (IOException e) {
                LOG.log(Level.FINE, "telling a refused UDP client", e);
            }
            return null;
        }
        LOG.info("new UDP client " + address);
        ClientSession session = agent.openSession("udp " + address, reply, new Runnable() {
            @Override
            public void run() {
                end(address);
            }
        });
        heard = new Heard(session);
        sessions.put(address, heard);
        return heard;
    }

    private void endIdleSessions() {
        long now = System.currentTimeMillis();
        for (Map.Entry<SocketAddress, Heard> entry : sessions.entrySet()) {
            Heard heard = entry.getValue();
            long limit = Math.max(idleTimeoutMillis, IDLE_INTERVALS * heard.session.intervalMillis());
            if (now - heard.lastMillis > limit) {
                LOG.info("UDP client " + entry.getKey() + " sent nothing for " + (now - heard.lastMillis)
                        + " ms (limit " + limit + " ms, --udp-idle-timeout): ending its session");
                end(entry.getKey());
            }
        }
    }

    private void end(SocketAddress address) {
        Heard gone = sessions.remove(address);
        if (gone != null) {
            agent.closeSession(gone.session);
        }
    }

    /** A session and when its client last sent a datagram. */
    private static final class Heard {
        final ClientSession session;
        volatile long lastMillis = System.currentTimeMillis();

        Heard(ClientSession session) {
            this.session = session;
        }
    }
}
