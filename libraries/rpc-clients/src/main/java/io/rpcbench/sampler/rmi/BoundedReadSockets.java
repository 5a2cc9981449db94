package io.rpcbench.sampler.rmi;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.rmi.server.RMIClientSocketFactory;

/**
 * The client sockets of one sampler's registry lookups ({@code LocateRegistry.getRegistry(host, port, factory)}):
 * connecting within {@code timeoutMs}, and no read waiting longer than {@code timeoutMs}, so a registry that accepts
 * and never answers fails the lookup with a {@code SocketTimeoutException} and Java RMI closes that socket.
 *
 * <p>Why every read is bounded, not only set once: Java RMI sets its own read timeout while it shakes hands on a new
 * connection ({@code sun.rmi.transport.tcp.handshakeTimeout}, one minute) and then restores the factory's; a socket
 * here keeps any timeout it is given at most {@code timeoutMs}. Only this sampler's lookups use it: JMeter's own RMI
 * (a controller and its engines) and every other stub keep Java's sockets. Equal for an equal timeout, so Java RMI
 * reuses an idle connection of the same registry.
 */
record BoundedReadSockets(int timeoutMs) implements RMIClientSocketFactory {

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        Socket socket = new BoundedReadSocket(timeoutMs);
        try {
            socket.connect(new InetSocketAddress(host, port), timeoutMs);
            socket.setSoTimeout(timeoutMs);
        } catch (IOException e) {
            socket.close();
            throw e;
        }
        return socket;
    }

    /** A socket whose read timeout is never 0 (forever) nor longer than its bound. */
    private static final class BoundedReadSocket extends Socket {
        private final int boundMs;

        BoundedReadSocket(int boundMs) {
            this.boundMs = boundMs;
        }

        @Override
        public void setSoTimeout(int timeout) throws SocketException {
            super.setSoTimeout(timeout == 0 ? boundMs : Math.min(timeout, boundMs));
        }
    }
}
