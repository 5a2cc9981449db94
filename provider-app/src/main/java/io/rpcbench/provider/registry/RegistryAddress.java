package io.rpcbench.provider.registry;

import io.rpcbench.echo.CredentialsInAddress;
import java.util.List;
import java.util.Locale;

/**
 * An external registry named by {@code --registry}: {@code zookeeper://host:port}, or {@code nacos://host:port} with
 * Nacos's own settings as the URL's query, as Dubbo reads them ({@code namespace}, the registry's {@code group}),
 * e.g. {@code nacos://127.0.0.1:8848?namespace=bench&group=RPC}; a Nacos that authenticates gets a user and password
 * apart ({@link #withCredentials}), never in the address, which is printed.
 *
 * @param scheme   {@code zookeeper} or {@code nacos}
 * @param host     host name or address, as given
 * @param port     client port (Nacos: its HTTP port; its gRPC port is 1000 above)
 * @param query    the query after {@code ?}, as given, or empty
 * @param username the registry's user, empty for none
 * @param password that user's password (never printed: {@link #toString} masks it)
 */
public record RegistryAddress(String scheme, String host, int port, String query, String username, String password) {

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
        if (CredentialsInAddress.inQuery(value)) {
            throw new IllegalArgumentException("'" + CredentialsInAddress.masked(value)
                    + "' carries credentials in its query, where they would be printed; expected them apart "
                    + "(--registry-username and the environment variable " + CredentialsInAddress.PASSWORD_VARIABLE + ")");
        }
        return new RegistryAddress(scheme, hostPort.substring(0, colon), port, query, "", "");
    }

    /** This address with a user and password for a registry that authenticates. */
    public RegistryAddress withCredentials(String user, String secret) {
        return new RegistryAddress(scheme, host, port, query, user, secret);
    }

    /** {@code host:port}, as the ready line shows it. */
    public String hostPort() {
        return host + ":" + port;
    }

    /**
     * The address Dubbo's registry configuration takes, its query included, and the credentials as its user
     * information ({@code user:password@}), which Dubbo hands to the registry's client: for Dubbo only, never printed.
     */
    public String dubboAddress() {
        String credentials = username.isEmpty() ? "" : encode(username) + ":" + encode(password) + "@";
        return scheme + "://" + credentials + hostPort() + (query.isEmpty() ? "" : "?" + query);
    }

    private static String encode(String text) {
        return java.net.URLEncoder.encode(text, java.nio.charset.StandardCharsets.UTF_8);
    }

    @Override
    public String toString() {
        return "RegistryAddress[" + scheme + "://" + hostPort() + (query.isEmpty() ? "" : "?" + query)
                + (username.isEmpty() ? "" : ", user " + username + ", password ****") + "]";
    }
}
