package io.rpcbench.provider.registry;

import java.util.List;
import java.util.Locale;

/**
 * An external registry named by {@code --registry}: {@code zookeeper://host:port}, or {@code nacos://host:port} with
 * Nacos's own settings as the URL's query, as Dubbo reads them ({@code namespace}, the registry's {@code group}),
 * e.g. {@code nacos://127.0.0.1:8848?namespace=bench&group=RPC}. (Credentials are not taken here yet: in the URL they
 * would be printed wherever the address is.)
 *
 * @param scheme {@code zookeeper} or {@code nacos}
 * @param host   host name or address, as given
 * @param port   client port (Nacos: its HTTP port; its gRPC port is 1000 above)
 * @param query  the query after {@code ?}, as given, or empty
 */
public record RegistryAddress(String scheme, String host, int port, String query) {

    /** The registries Dubbo is given here. */
    public static final List<String> SCHEMES = List.of("zookeeper", "nacos");

    private static final String EXPECTED = "; expected zookeeper://host:port or nacos://host:port[?namespace=ID&"
            + "group=GROUP], e.g. zookeeper://127.0.0.1:2181";

    /**
     * @throws IllegalArgumentException naming the value and the expected form
     */
    public static RegistryAddress parse(String value) {
        int separator = value == null ? -1 : value.indexOf("://");
        String scheme = separator < 0 ? "" : value.substring(0, separator).toLowerCase(Locale.ROOT);
        if (!SCHEMES.contains(scheme)) {
            throw new IllegalArgumentException("'" + value + "' is not a registry address" + EXPECTED);
        }
        String rest = value.substring(separator + 3);
        int question = rest.indexOf('?');
        String query = question < 0 ? "" : rest.substring(question + 1);
        String hostPort = question < 0 ? rest : rest.substring(0, question);
        int colon = hostPort.lastIndexOf(':');
        if (colon <= 0 || colon == hostPort.length() - 1) {
            throw new IllegalArgumentException("'" + value + "' has no host or no port" + EXPECTED);
        }
        int port;
        try {
            port = Integer.parseInt(hostPort.substring(colon + 1));
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("'" + value + "' has a port that is not a number" + EXPECTED);
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("'" + value + "' has port " + port + " out of range 1..65535" + EXPECTED);
        }
        return new RegistryAddress(scheme, hostPort.substring(0, colon), port, query);
    }

    /** {@code host:port}, as the ready line shows it. */
    public String hostPort() {
        return host + ":" + port;
    }

    /** The address Dubbo's registry configuration takes, its query included. */
    public String dubboAddress() {
        return scheme + "://" + hostPort() + (query.isEmpty() ? "" : "?" + query);
    }
}
