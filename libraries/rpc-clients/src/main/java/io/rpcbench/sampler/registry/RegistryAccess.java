package io.rpcbench.sampler.registry;

import io.rpcbench.echo.CredentialsInAddress;
import io.rpcbench.sampler.call.BadParameterException;
import io.rpcbench.sampler.call.SamplerParameters;
import java.net.URI;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * How a consumer reads a Nacos registry beside its address: the namespace (its id), the registry group (Nacos's group
 * of the registrations, not the service's {@code group}) and, when Nacos authenticates, a user and password. Each is a
 * sampler parameter; the namespace and registry group may also be written in a {@code nacos://} address's query
 * ({@code ?namespace=ID&group=GROUP}), as Dubbo reads it. The password is never printed: {@link #toString} masks it, no
 * message names it, and an address that carries it in its query is refused (an address is printed in messages).
 *
 * @param namespace the Nacos namespace's id, empty for Nacos's default ({@code public})
 * @param group     the registry group, empty for Nacos's default ({@code DEFAULT_GROUP})
 * @param username  the Nacos user, empty when Nacos does not authenticate
 * @param password  that user's password
 */
public record RegistryAccess(String namespace, String group, String username, String password) {

    /** The sampler parameter of the registry's address, named in the refusal of one carrying credentials. */
    public static final String ADDRESS = "address";
    public static final String NAMESPACE = "namespace";
    public static final String REGISTRY_GROUP = "registry_group";
    public static final String USERNAME = "username";
    public static final String PASSWORD = "password";
    /** The sampler parameters, in the order the GUI shows them. */
    public static final List<String> PARAMETERS = List.of(NAMESPACE, REGISTRY_GROUP, USERNAME, PASSWORD);

    /** No namespace, group or credentials: a ZooKeeper registry, a direct URL, or Nacos's defaults. */
    public static final RegistryAccess NONE = new RegistryAccess("", "", "", "");

    /** The query keys of a registry address that this holds instead: Dubbo reads them from a Nacos URL. */
    private static final List<String> QUERY_KEYS = List.of("namespace", "group", "username", "password");

    /**
     * Reads the parameters against {@code address} (already validated as a URL).
     *
     * @throws BadParameterException when one is set for an address that is not {@code nacos://}, when the address's
     *                               query says otherwise than the parameter, or carries credentials
     */
    public static RegistryAccess of(SamplerParameters parameters, URI address, boolean nacos) {
        Map<String, String> query = query(address);
        if (CredentialsInAddress.inQuery(address.toString())) {
            String shown = CredentialsInAddress.masked(address.toString());
            throw BadParameterException.of(ADDRESS, shown, "carries credentials in its query, where logs "
                    + "and results would show them", "the address without them, and the sampler's parameters "
                    + USERNAME + " and " + PASSWORD + " (never printed)");
        }
        String namespace = agreeing(NAMESPACE, parameters.optionalText(NAMESPACE), query.get("namespace"), address);
        String group = agreeing(REGISTRY_GROUP, parameters.optionalText(REGISTRY_GROUP), query.get("group"),
                address);
        String username = parameters.optionalText(USERNAME);
        String password = parameters.optionalText(PASSWORD);
        RegistryAccess access = new RegistryAccess(namespace, group, username, password);
        if (!nacos) {
            for (String name : PARAMETERS) {
                String value = access.value(name);
                if (!value.isEmpty()) {
                    throw BadParameterException.of(name, name.equals(PASSWORD) ? "****" : value,
                            "is a setting of a Nacos registry, and the address is " + address, "empty, or a nacos:// "
                                    + "address");
                }
            }
        }
        if (password.isEmpty() != username.isEmpty()) {
            throw BadParameterException.of(username.isEmpty() ? USERNAME : PASSWORD, "",
                    "is empty while " + (username.isEmpty() ? PASSWORD : USERNAME) + " is set",
                    "both set (Nacos with authentication on), or both empty");
        }
        return access;
    }

    private String value(String parameter) {
        return switch (parameter) {
            case NAMESPACE -> namespace;
            case REGISTRY_GROUP -> group;
            case USERNAME -> username;
            default -> password;
        };
    }

    /**
     * This access with the namespace and registry group the address's query names where this names none.
     *
     * @throws BadParameterException when the query names another than this
     */
    public RegistryAccess withQueryOf(URI address) {
        Map<String, String> query = query(address);
        return new RegistryAccess(agreeing(NAMESPACE, namespace, query.get("namespace"), address),
                agreeing(REGISTRY_GROUP, group, query.get("group"), address), username, password);
    }

    /**
     * The value, else the address query's, which must not differ from a value given.
     *
     * @throws BadParameterException naming the setting when they differ
     */
    private static String agreeing(String name, String value, String fromQuery, URI address) {
        if (fromQuery == null || fromQuery.equals(value)) {
            return value;
        }
        if (value.isEmpty()) {
            return fromQuery;
        }
        throw BadParameterException.of(name, value, "differs from the address " + address + ", whose query says '"
                + fromQuery + "'", "one of them only, or the same value");
    }

    /** Whether Nacos is asked with a user and password. */
    public boolean authenticated() {
        return !username.isEmpty();
    }

    /** Where a look-up went, for messages: e.g. {@code namespace 'bench', registry group 'RPC'}; never the password. */
    public String describe() {
        return "namespace '" + (namespace.isEmpty() ? "public" : namespace) + "', registry group '"
                + (group.isEmpty() ? "DEFAULT_GROUP" : group) + "'" + (authenticated() ? ", user '" + username + "'"
                : "");
    }

    /** The address without the query keys this holds: what the registry URL keeps of its own. */
    public static String withoutAccessKeys(URI address) {
        List<String> kept = new ArrayList<>();
        query(address).forEach((key, value) -> {
            if (!QUERY_KEYS.contains(key)) {
                kept.add(key + "=" + value);
            }
        });
        return address.getScheme() + "://" + address.getHost() + ":" + address.getPort()
                + (kept.isEmpty() ? "" : "?" + String.join("&", kept));
    }

    @Override
    public String toString() {
        return "RegistryAccess[" + describe() + (password.isEmpty() ? "" : ", password ****") + "]";
    }

    private static Map<String, String> query(URI address) {
        Map<String, String> values = new LinkedHashMap<>();
        String raw = address.getRawQuery();
        if (raw == null || raw.isEmpty()) {
            return values;
        }
        for (String pair : raw.split("&")) {
            int equals = pair.indexOf('=');
            values.put(equals < 0 ? pair : pair.substring(0, equals), equals < 0 ? "" : pair.substring(equals + 1));
        }
        return values;
    }

}
