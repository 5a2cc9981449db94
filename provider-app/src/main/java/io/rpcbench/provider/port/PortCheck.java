package io.rpcbench.provider.port;

import io.rpcbench.echo.PortInUseException;
import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;

/**
 * Port questions asked before a library binds: is a fixed port free, and which free port to use for port 0
 * when the library (Dubbo) must know the number before it binds. Probing first gives the user one clear line
 * instead of the stack trace ZooKeeper and Dubbo log when their own bind fails; the endpoints still turn a
 * failed bind into {@link PortInUseException} because another process may take the port in between.
 */
public final class PortCheck {

    private PortCheck() {}

    /**
     * @throws PortInUseException when something listens on {@code host:port} already
     */
    public static void requireFree(String endpoint, String host, int port) {
        if (port == 0) {
            return;
        }
        try (ServerSocket probe = new ServerSocket()) {
            probe.bind(new InetSocketAddress(host, port));
        } catch (BindException e) {
            throw new PortInUseException(endpoint, host, port, e);
        } catch (IOException e) {
            throw new IllegalStateException("cannot listen on " + host + ":" + port + " for " + endpoint + ": "
                    + e.getMessage(), e);
        }
    }

    /** A port that was free on {@code host} a moment ago. */
    public static int freePort(String host) {
        try (ServerSocket probe = new ServerSocket()) {
            probe.bind(new InetSocketAddress(host, 0));
            return probe.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException("cannot find a free port on " + host + ": " + e.getMessage(), e);
        }
    }

    /** Whether {@code failure} or one of its causes says that an address was in use. */
    public static boolean isAddressInUse(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof BindException
                    || (t.getMessage() != null && t.getMessage().contains("Address already in use"))) {
                return true;
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return false;
    }
}
