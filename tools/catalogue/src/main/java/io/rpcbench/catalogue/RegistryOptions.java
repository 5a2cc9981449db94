package io.rpcbench.catalogue;

import io.rpcbench.echo.CredentialsInAddress;
import io.rpcbench.sampler.registry.RegistryAccess;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.function.UnaryOperator;
import picocli.CommandLine.Option;

/**
 * The options that say which Dubbo registry to read and how: its address, and for Nacos the namespace, the registry
 * group and a user. The password comes from the environment variable {@value #PASSWORD_VARIABLE} alone, so that it is
 * never on a command line (which {@code ps} shows) and never printed.
 */
final class RegistryOptions {

    static final String PASSWORD_VARIABLE = CredentialsInAddress.PASSWORD_VARIABLE;
    static final String REGISTRY = "--registry";

    @Option(names = REGISTRY, paramLabel = "URL",
            description = "the registry: zookeeper://host:port or nacos://host:port")
    String address;

    @Option(names = "--namespace", paramLabel = "ID", defaultValue = "",
            description = "a Nacos registry's namespace id (default: public)")
    String namespace;

    @Option(names = "--registry-group", paramLabel = "GROUP", defaultValue = "",
            description = "a Nacos registry's group of the registrations, not the service's (default: DEFAULT_GROUP)")
    String group;

    @Option(names = "--username", paramLabel = "USER", defaultValue = "",
            description = "a Nacos user, when Nacos authenticates; the password is read from " + PASSWORD_VARIABLE)
    String username;

    @Option(names = "--timeout-ms", paramLabel = "MS", defaultValue = "10000",
            description = "how long to wait for the registry (default: ${DEFAULT-VALUE})")
    int timeoutMs;

    /** The address, checked: a zookeeper:// or nacos:// URL with a host and port, without credentials in it. */
    String address() {
        String expected = "zookeeper://host:port or nacos://host:port";
        if (address == null || address.isBlank()) {
            throw BadOptionException.of(REGISTRY, "", "is missing", expected);
        }
        URI uri;
        try {
            uri = new URI(address);
        } catch (URISyntaxException e) {
            throw BadOptionException.of(REGISTRY, address, "is not a URL (" + e.getReason() + ")", expected);
        }
        if (!"zookeeper".equals(uri.getScheme()) && !"nacos".equals(uri.getScheme())
                || uri.getHost() == null || uri.getPort() < 0) {
            throw BadOptionException.of(REGISTRY, address, "is not a ZooKeeper or Nacos registry address", expected);
        }
        if (CredentialsInAddress.inQuery(address)) {
            throw BadOptionException.of(REGISTRY, CredentialsInAddress.masked(address),
                    "carries credentials, which would be printed and written into the plan",
                    "the address without them, --username, and the password in " + PASSWORD_VARIABLE);
        }
        return address;
    }

    /**
     * The namespace, group and user with the password from {@code environment}.
     *
     * @throws BadOptionException when a Nacos option is given for ZooKeeper, or a user without a password
     */
    RegistryAccess access(UnaryOperator<String> environment) {
        String password = environment.apply(PASSWORD_VARIABLE);
        password = password == null ? "" : password;
        boolean nacos = address().startsWith("nacos:");
        if (!nacos) {
            for (String[] option : new String[][] {{"--namespace", namespace}, {"--registry-group", group},
                    {"--username", username}}) {
                if (!option[1].isEmpty()) {
                    throw BadOptionException.of(option[0], option[1], "is a setting of a Nacos registry, and "
                            + REGISTRY + " is " + address, "no " + option[0] + ", or a nacos:// address");
                }
            }
            return RegistryAccess.NONE;
        }
        if (!username.isEmpty() && password.isEmpty()) {
            throw BadOptionException.of("--username", username, "is given and " + PASSWORD_VARIABLE
                    + " is not set", "the user's password in the environment variable " + PASSWORD_VARIABLE);
        }
        return new RegistryAccess(namespace, group, username, username.isEmpty() ? "" : password);
    }
}
