package io.rpcbench.provider.registry;

/**
 * An external ZooKeeper named by {@code --registry zookeeper://host:port}.
 *
 * @param host host name or address, as given
 * @param port client port
 */
public record RegistryAddress(String host, int port) {

    private static final String SCHEME = "zookeeper://";

    /**
     * @throws IllegalArgumentException naming the value and the expected form
     */
    public static RegistryAddress parse(String value) {
        String expected = "; expected zookeeper://host:port, e.g. zookeeper://127.0.0.1:2181";
        if (value == null || !value.startsWith(SCHEME)) {
            throw new IllegalArgumentException("'" + value + "' is not a registry address" + expected);
        }
        String hostPort = value.substring(SCHEME.length());
        int colon = hostPort.lastIndexOf(':');
        if (colon <= 0 || colon == hostPort.length() - 1) {
            throw new IllegalArgumentException("'" + value + "' has no host or no port" + expected);
        }
        int port;
        try {
            port = Integer.parseInt(hostPort.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + value + "' has a port that is not a number" + expected);
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("'" + value + "' has port " + port + " out of range 1..65535" + expected);
        }
        return new RegistryAddress(hostPort.substring(0, colon), port);
    }

    /** {@code host:port}, as the ready line shows it. */
    public String hostPort() {
        return host + ":" + port;
    }

    /** The address Dubbo's registry configuration takes. */
    public String dubboAddress() {
        return SCHEME + hostPort();
    }
}
