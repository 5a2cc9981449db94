package io.rpcbench.echo;

/**
 * An endpoint of a provider (the provider app's, the Dubbo 2.7 provider's) could not listen because its port is
 * taken. The message is the one line the user sees, {@code port 20880 (dubbo) on 127.0.0.1 is already in use}.
 */
public final class PortInUseException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String endpoint;
    private final int port;

    public PortInUseException(String endpoint, String host, int port, Throwable cause) {
        super("port " + port + " (" + endpoint + ") on " + host + " is already in use", cause);
        this.endpoint = endpoint;
        this.port = port;
    }

    /** The endpoint or protocol, e.g. {@code zookeeper}, {@code dubbo} or {@code thrift}: the key of the ready line. */
    public String endpoint() {
        return endpoint;
    }

    public int port() {
        return port;
    }
}
