package io.rpcbench.agent;

import io.rpcbench.agent.MetricCatalog;
import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.logging.Logger;

/**
 * The running agent: its TCP and UDP listeners and the sessions of connected clients.
 *
 * <p>Order of calls: {@link #start()} binds the listeners (the ports are then known: {@link #readyLine()}),
 * {@link #awaitStop()} blocks until {@link #stop()} is called (by SIGTERM, an allowed {@code shutdown} command, or
 * {@code --auto-shutdown} when the last client leaves).
 */
final class Agent implements Control {
    private static final Logger LOG = Logger.getLogger(Agent.class.getName());

    private final AgentOptions options;
    private final MetricCatalog catalog;
    private final ClientAllowList allowList;
    private final Set<ClientSession> sessions =
            java.util.Collections.newSetFromMap(new ConcurrentHashMap<ClientSession, Boolean>());
    private final CountDownLatch stopped = new CountDownLatch(1);
    private InetAddress bind;
    private TcpListener tcp;
    private UdpListener udp;
    private volatile boolean anyClient;

    Agent(AgentOptions options, MetricCatalog catalog) {
        this.options = options;
        this.catalog = catalog;
        this.allowList = new ClientAllowList(options.allowClients);
    }

    void start() throws IOException {
        bind = InetAddress.getByName(options.bind);
        catalog.startCpuHistory();
        if (options.tcpPort != AgentOptions.OFF) {
            tcp = new TcpListener(bind, options.tcpPort, this, options.maxClients);
        }
        if (options.udpPort != AgentOptions.OFF) {
            try {
                udp = new UdpListener(bind, options.udpPort, this, options.maxUdpSessions,
                        options.udpIdleTimeoutSeconds * 1000L);
            } catch (IOException e) {
                if (tcp != null) {
                    tcp.close();
                }
                throw e;
            }
        }
        if (tcp != null) {
            tcp.start();
        }
        if (udp != null) {
            udp.start();
        }
    }

    /** {@code rpcbench-agent ready tcp=ADDR:PORT udp=ADDR:PORT}, without the key of a listener that is off. */
    String readyLine() {
        StringBuilder line = new StringBuilder("rpcbench-agent ready");
        if (tcp != null) {
            line.append(" tcp=").append(bind.getHostAddress()).append(':').append(tcp.port());
        }
        if (udp != null) {
            line.append(" udp=").append(bind.getHostAddress()).append(':').append(udp.port());
        }
        return line.toString();
    }

    int tcpPort() {
        return tcp == null ? -1 : tcp.port();
    }

    int udpPort() {
        return udp == null ? -1 : udp.port();
    }

    boolean allows(InetAddress client) {
        return allowList.allows(client);
    }

    ClientSession openSession(String client, Reply reply, Runnable onExit) {
        ClientSession session = new ClientSession(client, reply, catalog, options.permissions(), this,
                options.intervalSeconds, onExit);
        sessions.add(session);
        anyClient = true;
        return session;
    }

    void closeSession(ClientSession session) {
        session.close();
        if (sessions.remove(session) && options.autoShutdown && anyClient && sessions.isEmpty()) {
            LOG.info("last client left: stopping (--auto-shutdown)");
            stop();
        }
    }

    @Override
    public void shutdown() {
        stop();
    }

    @Override
    public void startTransmitter(InetSocketAddress target, String specs) throws IOException {
        final DatagramSocket out = new DatagramSocket();
        final InetSocketAddress to = target;
        ClientSession session = openSession("udp-transmitter " + target, new Reply() {
            @Override
            public void send(String line) throws IOException {
                byte[] bytes = (line + "\n").getBytes(StandardCharsets.UTF_8);
                out.send(new DatagramPacket(bytes, bytes.length, to));
            }
        }, new Runnable() {
            @Override
            public void run() {
                out.close();
            }
        });
        session.stream(specs);
    }

    void stop() {
        if (stopped.getCount() == 0) {
            return;
        }
        LOG.info("stopping");
        if (tcp != null) {
            tcp.close();
        }
        if (udp != null) {
            udp.close();
        }
        for (ClientSession session : sessions) {
            sessions.remove(session);
            session.disconnect();
        }
        stopped.countDown();
    }

    void awaitStop() throws InterruptedException {
        stopped.await();
    }

    static Thread daemon(String name, Runnable task) {
        Thread thread = new Thread(task, name);
        thread.setDaemon(true);
        return thread;
    }
}
