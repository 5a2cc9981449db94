package io.rpcbench.sampler.registry;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;

/**
 * The registry of a Dubbo consumer does not accept connections, found out before Dubbo tries: Dubbo, told not to
 * check (the samplers never fail a thread start), would instead fail with a long message that never names the
 * registry, or with none at all. DubboFailureRules counts it as a connection failure.
 *
 * <p>Use: {@link #requireReachable} before building a consumer that looks its providers up in a registry.
 */
public final class RegistryUnreachableException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private RegistryUnreachableException(String message, IOException cause) {
        super(message, cause);
    }

    /**
     * Opens and closes one TCP connection to the registry.
     *
     * @param address   the registry as the user wrote it, e.g. {@code zookeeper://127.0.0.1:2181}, for the message
     * @param host      its host
     * @param port      its port
     * @param timeoutMs how long the connection may take
     * @throws RegistryUnreachableException naming {@code address} when it cannot be opened in time
     */
    public static void requireReachable(String address, String host, int port, int timeoutMs) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), timeoutMs);
        } catch (IOException e) {
            throw new RegistryUnreachableException("registry " + address + " not reachable", e);
        }
    }
}
