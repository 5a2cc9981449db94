package io.rpcbench.agent;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Accepts TCP clients; each gets a reader thread that feeds its {@link ClientSession} line by line.
 * A client outside the allow-list gets one {@code ERROR} line and is disconnected.
 */
final class TcpListener {
    private static final Logger LOG = Logger.getLogger(TcpListener.class.getName());

    private final ServerSocket server;
    private final Agent agent;

    TcpListener(InetAddress bind, int port, Agent agent) throws IOException {
        this.agent = agent;
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
                    LOG.log(Level.WARNING, "accepting a TCP client failed", e);
                }
                continue;
            }
            Agent.daemon("tcp-read " + socket.getRemoteSocketAddress(), new Runnable() {
                @Override
                public void run() {
                    serve(socket);
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
                BufferedReader in = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                        StandardCharsets.UTF_8));
                String line;
                while ((line = in.readLine()) != null) {
                    session.handle(line);
                }
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

    private static void closeQuietly(Socket socket) {
        try {
            socket.close();
        } catch (IOException e) {
            LOG.log(Level.FINE, "closing a client socket", e);
        }
    }
}
