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
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Receives UDP commands; each client address has its own {@link ClientSession}, answered by datagrams sent back
 * to that address. Datagrams from addresses outside the allow-list are dropped (and logged), never answered.
 */
final class UdpListener {
    private static final Logger LOG = Logger.getLogger(UdpListener.class.getName());

    private final DatagramSocket socket;
    private final Agent agent;
    private final Map<SocketAddress, ClientSession> sessions = new ConcurrentHashMap<SocketAddress, ClientSession>();

    UdpListener(InetAddress bind, int port, Agent agent) throws IOException {
        this.agent = agent;
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
    }

    void close() {
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
            ClientSession session = sessionFor(packet.getSocketAddress());
            for (String line : text.split("\n")) {
                session.handle(line);
            }
        }
    }

    private ClientSession sessionFor(final SocketAddress address) {
        ClientSession session = sessions.get(address);
        if (session == null) {
            LOG.info("new UDP client " + address);
            Reply reply = new Reply() {
                @Override
                public void send(String line) throws IOException {
                    byte[] bytes = (line + "\n").getBytes(StandardCharsets.UTF_8);
                    socket.send(new DatagramPacket(bytes, bytes.length, address));
                }
            };
            session = agent.openSession("udp " + address, reply, new Runnable() {
                @Override
                public void run() {
                    ClientSession gone = sessions.remove(address);
                    if (gone != null) {
                        agent.closeSession(gone);
                    }
                }
            });
            sessions.put(address, session);
        }
        return session;
    }
}
