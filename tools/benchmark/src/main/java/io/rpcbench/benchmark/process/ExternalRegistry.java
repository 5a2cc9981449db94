package io.rpcbench.benchmark.process;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A registry the user runs ({@code run-benchmark --registry}): the providers register there instead of in an embedded
 * ZooKeeper, and the Dubbo plans find them through it, as they would find the user's own services. A Nacos that
 * authenticates gets a user ({@code --registry-username}) and the password from the environment variable
 * {@value #PASSWORD_VARIABLE}: the providers get it in their environment and JMeter in a properties file
 * ({@code -q}, JMeter logs every {@code -J}); it is never printed ({@link #toString} masks it).
 *
 * @param address  {@code zookeeper://host:port} or {@code nacos://host:port[?namespace=ID&group=GROUP]}
 * @param username the registry's user, empty for none
 * @param password that user's password, empty for none
 */
public record ExternalRegistry(String address, String username, String password) {

    public static final String PASSWORD_VARIABLE = "RPCBENCH_REGISTRY_PASSWORD";
    private static final List<String> SCHEMES = List.of("zookeeper", "nacos");
    private static final String EXPECTED = "zookeeper://host:port or nacos://host:port[?namespace=ID&group=GROUP], "
            + "e.g. nacos://127.0.0.1:8848?namespace=bench";

    /**
     * Reads {@code --registry} and {@code --registry-username}, the password from {@code environment}.
     *
     * @throws IllegalArgumentException naming the option and what was expected
     */
    public static ExternalRegistry parse(String address, String username, Map<String, String> environment) {
        URI uri;
        try {
            uri = new URI(address);
        } catch (URISyntaxException e) {
            throw new IllegalArgumentException("--registry '" + address + "' is not a URL; expected " + EXPECTED);
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!SCHEMES.contains(scheme) || uri.getHost() == null || uri.getPort() < 1) {
            throw new IllegalArgumentException("--registry '" + address + "' is not a registry address; expected "
                    + EXPECTED);
        }
        String query = uri.getRawQuery() == null ? "" : uri.getRawQuery();
        if (query.matches("(.*&)?(username|password)=.*")) {
            throw new IllegalArgumentException("--registry carries credentials in its query, where they would be "
                    + "printed; expected --registry-username and the environment variable " + PASSWORD_VARIABLE);
        }
        String user = username == null ? "" : username;
        String password = environment.getOrDefault(PASSWORD_VARIABLE, "");
        if (!user.isEmpty() && password.isEmpty()) {
            throw new IllegalArgumentException("--registry-username '" + user + "' needs its password in the "
                    + "environment variable " + PASSWORD_VARIABLE + ", which is not set");
        }
        if (!user.isEmpty() && !scheme.equals("nacos")) {
            throw new IllegalArgumentException("--registry-username is for a Nacos that authenticates, and --registry "
                    + "is " + address + "; expected a nacos:// address with it");
        }
        return new ExternalRegistry(address, user, user.isEmpty() ? "" : password);
    }

    /** The provider app's options that register it there. */
    public List<String> providerOptions() {
        List<String> options = new ArrayList<>(List.of("--registry", address));
        if (!username.isEmpty()) {
            options.addAll(List.of("--registry-username", username));
        }
        return options;
    }

    /** The provider app's environment: the password, when there is one. */
    Map<String, String> providerEnvironment() {
        return password.isEmpty() ? Map.of() : Map.of(PASSWORD_VARIABLE, password);
    }

    /**
     * The JMeter properties file's text that gives the shipped Dubbo plans the user and password ({@code -q}), or
     * empty when there are none.
     */
    public Optional<String> jmeterCredentials() {
        return username.isEmpty() ? Optional.empty()
                : Optional.of("dubbo.username=" + escape(username) + "\ndubbo.password=" + escape(password) + "\n");
    }

    /** A value as a properties file reads it back: backslashes and line ends escaped. */
    private static String escape(String value) {
        return value.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r");
    }

    @Override
    public String toString() {
        return address + (username.isEmpty() ? "" : " (user " + username + ", password ****)");
    }
}
