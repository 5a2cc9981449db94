package io.rpcbench.dubbo27;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketException;
import java.rmi.server.RMISocketFactory;

/**
 * Keeps the rmi protocol's sockets on the bind address: the one place where this provider changes JVM-wide state,
 * installed once before the rmi protocol exports (and only when it does).
 *
 * <p>Why JVM-wide: Dubbo 2.7's {@code RmiProtocol} builds Spring's {@code RmiServiceExporter} itself and gives it no
 * socket factories and no registry host, so the RMI registry ({@code LocateRegistry.createRegistry(port)}) and the
 * exported service (an anonymous port) would listen on every interface, and the stub handed to clients would name
 * the machine's host address. Java RMI takes both from JVM-wide settings only: the server sockets from
 * {@link RMISocketFactory#setSocketFactory} (this class, binding {@code bind}), the host in every stub from the
 * system property {@code java.rmi.server.hostname} (read once, when RMI first exports). This JVM runs nothing else
 * that uses RMI. Measured on JDK 17: {@code ss -ltnp} shows the registry port and the service's anonymous port on
 * {@code 127.0.0.1} only, and a client's stub connects to 127.0.0.1.
 *
 * <p>Client sockets: Spring looks the registry up before creating it, at {@code InetAddress.getLocalHost()} (the
 * machine's host name, often a network card's address). Sockets this JVM opens to one of its own addresses go to
 * {@code bind} instead, where the registry listens; without that, on a machine whose host name is not loopback,
 * Spring would not find its own registry when it exports the second (generic) service and would try to create a
 * second one on the same port.
 */
final class LoopbackRmiSockets extends RMISocketFactory {

    /** The JVM-wide property holding the host every RMI stub of this JVM names. */
    static final String HOSTNAME_PROPERTY = "java.rmi.server.hostname";

    private static boolean installed;

    private final InetAddress bind;

    private LoopbackRmiSockets(InetAddress bind) {
        this.bind = bind;
    }

    /**
     * Installs the factory and sets {@value #HOSTNAME_PROPERTY} to {@code bind} unless the user set it; once per JVM.
     *
     * @throws IllegalStateException when another RMI socket factory was installed first
     */
    static synchronized void install(String bind) {
        if (installed) {
            return;
        }
        if (System.getProperty(HOSTNAME_PROPERTY) == null) {
            System.setProperty(HOSTNAME_PROPERTY, bind);
        }
        try {
            RMISocketFactory.setSocketFactory(new LoopbackRmiSockets(InetAddress.getByName(bind)));
        } catch (IOException e) {
            throw new IllegalStateException("cannot keep RMI on " + bind + ": " + e.getMessage(), e);
        }
        installed = true;
    }

    @Override
    public ServerSocket createServerSocket(int port) throws IOException {
        ServerSocket socket = new ServerSocket();
        try {
            socket.bind(new InetSocketAddress(bind, port));
        } catch (IOException e) {
            socket.close();
            throw e;
        }
        return socket;
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        InetAddress address = InetAddress.getByName(host);
        return new Socket(isThisMachine(address) ? bind : address, port);
    }

    private static boolean isThisMachine(InetAddress address) {
        try {
            return address.isAnyLocalAddress() || address.isLoopbackAddress()
                    || NetworkInterface.getByInetAddress(address) != null;
        } catch (SocketException e) {
            return false;
        }
    }
}
