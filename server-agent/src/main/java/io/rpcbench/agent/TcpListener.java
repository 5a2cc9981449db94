package io.rpcbench.agent;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Accepts TCP clients; each gets a reader thread that feeds its {@link ClientSession} line by line.
 * A client outside the allow-list, beyond {@code --max-clients}, or sending a line longer than
 * {@link BoundedLineReader#MAX_LINE_BYTES} gets one {@code ERROR} line and is disconnected.
 */
final class TcpListener {
    private static final Logger LOG = Logger.getLogger(TcpListener.class.getName());

    /** Pause after a failed accept(): a persistent failure (out of file descriptors) must not spin a core. */
    private static final long ACCEPT_BACKOFF_MILLIS = 100;

    private final ServerSocket server;
    private final Agent agent;
    private final int maxClients;
    private final AtomicInteger connected = new AtomicInteger();

    TcpListener(InetAddress bind, int port, Agent agent, int maxClients) throws IOException {
        this.agent = agent;
        this.maxClients = maxClients;
        this.server = new ServerSocket();
        server.setReuseAddress(true);
        server.bind(new InetSocketAddress(bind, port), 50);
    }

    int port() {
        return server.getLocalPort();
    }

    void start() {
        Agent.daemon("tcp-accept", new Runnable() {
            @Override
            public void run() {
                acceptLoop();
            }
        }).start();
    }

    void close() {
        try {
            server.close();
        } catch (IOException e) {
            LOG.log(Level.FINE, "closing the TCP listener", e);
        }
    }

    private void acceptLoop() {
        while (!server.isClosed()) {
            final Socket socket;
            try {
                socket = server.accept();
            } catch (IOException e) {
                if (!server.isClosed()) {
                    LOG.log(Level.WARNING, "accepting a TCP client failed; retrying in " + ACCEPT_BACKOFF_MILLIS
                            + " ms", e);
                    backOff();
                }
                continue;
            }
            if (connected.incrementAndGet() > maxClients) {
                connected.decrementAndGet();
                turnAway(socket);
                continue;
            }
            Agent.daemon("tcp-read " + socket.getRemoteSocketAddress(), new Runnable() {
                @Override
                public void run() {
                    try {
                        serve(socket);
                    } finally {
                        connected.decrementAndGet();
                    }
                }
            }).start();
        }
    }

    private void serve(final Socket socket) {
        String client = "tcp " + socket.getRemoteSocketAddress();
        try {
            final OutputStream out = socket.getOutputStream();
            Reply reply = new Reply() {
                @Override
                public void send(String line) throws IOException {
                    synchronized (out) {
                        out.write((line + "\n").getBytes(StandardCharsets.UTF_8));
                        out.flush();
                    }
                }
            };
            if (!agent.allows(socket.getInetAddress())) {
                LOG.warning("refused " + client + ": not in --allow-clients");
                reply.send("ERROR client " + socket.getInetAddress().getHostAddress()
                        + " is not in this agent's --allow-clients list");
                return;
            }
            LOG.info("accepted " + client);
            ClientSession session = agent.openSession(client, reply, new Runnable() {
                @Override
                public void run() {
                    closeQuietly(socket);
                }
            });
            try {
                BoundedLineReader in = new BoundedLineReader(socket.getInputStream(),
                        BoundedLineReader.MAX_LINE_BYTES);
                String line;
                while ((line = in.readLine()) != null) {
                    session.handle(line);
                }
            } catch (BoundedLineReader.LineTooLongException e) {
                LOG.warning(client + ": " + e.getMessage() + "; closing");
                reply.send("ERROR " + e.getMessage() + "; closing the connection");
            } catch (SocketException e) {
                LOG.fine(client + " connection ended: " + e.getMessage());
            } finally {
                agent.closeSession(session);
            }
            LOG.info(client + " disconnected");
        } catch (IOException e) {
            LOG.log(Level.INFO, client + " failed", e);
        } finally {
            closeQuietly(socket);
        }
    }

    /** Over --max-clients: one ERROR line (small, so the write cannot block the accept thread), then closed. */
    private void turnAway(Socket socket) {
        LOG.warning("refused tcp " + socket.getRemoteSocketAddress() + ": already " + maxClients
                + " clients (--max-clients)");
        try {
            OutputStream out = socket.getOutputStream();
            out.write("ERROR too many clients\n".getBytes(StandardCharsets.UTF_8));
            out.flush();
        } catch (IOException e) {
            LOG.log(Level.FINE, "telling a refused client", e);
        } finally {
            closeQuietly(socket);
        }
    }

    private static void backOff() {
        try {
            TimeUnit.MILLISECONDS.sleep(ACCEPT_BACKOFF_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            LOG.log(Level.FINE, "closing a client socket", e);
        }
    }
}
