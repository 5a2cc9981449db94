package io.rpcbench.sampler.dubbo;

import io.rpcbench.echo.DubboLoopback;
import io.rpcbench.sampler.call.BadParameterException;
import io.rpcbench.sampler.call.SamplerParameters;
import io.rpcbench.sampler.json.JavaNames;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Locale;

/**
 * The whole configuration of a Dubbo consumer, read from a sampler's parameters. It is the key of the
 * shared reference cache ({@link DubboReferences}): two samplers share a client only when every field is
 * equal, so a change of interface, invocation, group, version, timeout, protocol, serialization, cluster,
 * load balance, retries or connections never reuses the wrong one.
 *
 * <p>{@link #from} reads the echo sampler's parameters (interface {@code EchoService}, typed, Dubbo's cluster and
 * load balance, no retry, the shared connection); {@link #forService} reads those of the service sampler.
 *
 * @param address       {@code zookeeper://host:port} (a registry) or {@code dubbo://host:port} / {@code tri://host:port} (direct)
 * @param protocol      {@code dubbo} or {@code tri}
 * @param serialization e.g. {@code hessian2}
 * @param version       the provider's version, empty for none
 * @param group         the provider's group, empty for none
 * @param interfaceName the service interface, e.g. {@code io.rpcbench.example.OrderService}
 * @param generic       true for generic invocation ({@code GenericService.$invoke}), false to call through the
 *                      interface class itself
 * @param cluster       Dubbo's cluster (fault tolerance) extension, e.g. {@code failover}
 * @param loadbalance   Dubbo's load balance extension, e.g. {@code random}
 * @param retries       further tries after a failed call (only the failover cluster retries)
 * @param connections   0 for Dubbo's one connection shared per provider, else this many of the reference's own
 */
public record DubboSettings(String address, String protocol, String serialization, int timeoutMs, String version,
                            String group, String interfaceName, boolean generic, String cluster, String loadbalance,
                            int retries, int connections) {

    public static final String ADDRESS = "address";
    public static final String PROTOCOL = "protocol";
    public static final String SERIALIZATION = "serialization";
    public static final String VERSION = "version";
    public static final String GROUP = "group";
    public static final String INTERFACE = "interface";
    public static final String INVOCATION = "invocation";
    public static final String CLUSTER = "cluster";
    public static final String LOADBALANCE = "loadbalance";
    public static final String RETRIES = "retries";
    public static final String CONNECTIONS = "connections";

    public static final String DEFAULT_ADDRESS = "zookeeper://127.0.0.1:2181";
    public static final String DEFAULT_PROTOCOL = "dubbo";
    public static final String DEFAULT_SERIALIZATION = "hessian2";
    public static final List<String> PROTOCOLS = List.of("dubbo", "tri");
    /** Serializations that carry the echo POJOs as they are (protobuf would need generated messages). */
    public static final List<String> SERIALIZATIONS = List.of("hessian2", "fastjson2");
    public static final List<String> REGISTRIES = List.of("zookeeper");
    /** {@code generic}: {@code GenericService.$invoke}, no API jar needed; {@code typed}: the interface class. */
    public static final List<String> INVOCATIONS = List.of("generic", "typed");
    public static final String DEFAULT_INVOCATION = "generic";
    /** The cluster extensions of Dubbo 3.3. */
    public static final List<String> CLUSTERS = List.of("failover", "failfast", "failsafe", "failback", "forking",
            "broadcast", "available", "mergeable", "zone-aware");
    public static final String DEFAULT_CLUSTER = "failover";
    /** The load balance extensions of Dubbo 3.3. */
    public static final List<String> LOADBALANCES = List.of("random", "roundrobin", "leastactive", "consistenthash",
            "shortestresponse", "adaptive");
    public static final String DEFAULT_LOADBALANCE = "random";
    /** No retry by default: a retry would hide a failure and time two calls as one. */
    public static final int DEFAULT_RETRIES = 0;
    public static final int MAX_RETRIES = 10;
    /** 0: the one connection per provider that Dubbo shares between references. */
    public static final int DEFAULT_CONNECTIONS = 0;
    public static final int MAX_CONNECTIONS = 64;
    private static final String ECHO_INTERFACE = "io.rpcbench.echo.EchoService";

    private static final String EXPECTED_ADDRESS =
            "zookeeper://host:port for a registry, or dubbo://host:port or tri://host:port for a direct connection";

    /** The echo sampler's consumer. @throws BadParameterException for the first invalid parameter */
    public static DubboSettings from(SamplerParameters parameters) {
        Target target = target(parameters);
        return new DubboSettings(target.address, target.protocol,
                parameters.choice(SERIALIZATION, DEFAULT_SERIALIZATION, SERIALIZATIONS),
                parameters.timeoutMs(), parameters.optionalText(VERSION), parameters.optionalText(GROUP),
                ECHO_INTERFACE, false, DEFAULT_CLUSTER, DEFAULT_LOADBALANCE, DEFAULT_RETRIES, DEFAULT_CONNECTIONS);
    }

    /** The service sampler's consumer. @throws BadParameterException for the first invalid parameter */
    public static DubboSettings forService(SamplerParameters parameters) {
        Target target = target(parameters);
        String serialization = parameters.choice(SERIALIZATION, DEFAULT_SERIALIZATION, SERIALIZATIONS);
        String interfaceName = parameters.optionalText(INTERFACE);
        if (!JavaNames.isClassName(interfaceName)) {
            throw BadParameterException.of(INTERFACE, interfaceName, "is not a Java interface name",
                    "the service's fully qualified interface, e.g. com.example.OrderService");
        }
        boolean generic = parameters.choice(INVOCATION, DEFAULT_INVOCATION, INVOCATIONS).equals("generic");
        return new DubboSettings(target.address, target.protocol, serialization, parameters.timeoutMs(),
                parameters.optionalText(VERSION), parameters.optionalText(GROUP), interfaceName, generic,
                parameters.choice(CLUSTER, DEFAULT_CLUSTER, CLUSTERS),
                parameters.choice(LOADBALANCE, DEFAULT_LOADBALANCE, LOADBALANCES),
                parameters.integer(RETRIES, DEFAULT_RETRIES, 0, MAX_RETRIES),
                parameters.integer(CONNECTIONS, DEFAULT_CONNECTIONS, 0, MAX_CONNECTIONS));
    }

    private record Target(String address, String protocol) {}

    private static Target target(SamplerParameters parameters) {
        String address = parameters.text(ADDRESS, DEFAULT_ADDRESS);
        String protocol = parameters.choice(PROTOCOL, DEFAULT_PROTOCOL, PROTOCOLS);
        URI uri = parseAddress(address);
        String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
        if (PROTOCOLS.contains(scheme) && !scheme.equals(protocol)) {
            throw BadParameterException.of(PROTOCOL, protocol, "does not match the direct address " + address,
                    scheme + ", the scheme of the address");
        }
        return new Target(address, protocol);
    }

    private static URI parseAddress(String address) {
        URI uri;
        try {
            uri = new URI(address);
        } catch (URISyntaxException e) {
            throw BadParameterException.of(ADDRESS, address, "is not a URL", EXPECTED_ADDRESS);
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!REGISTRIES.contains(scheme) && !PROTOCOLS.contains(scheme)) {
            throw BadParameterException.of(ADDRESS, address, "has no supported scheme", EXPECTED_ADDRESS);
        }
        if (uri.getHost() == null || uri.getPort() < 1) {
            throw BadParameterException.of(ADDRESS, address, "has no host and port", EXPECTED_ADDRESS);
        }
        return uri;
    }

    /** True for {@code dubbo://} and {@code tri://} addresses, which skip the registry. */
    public boolean direct() {
        return !address.toLowerCase(Locale.ROOT).startsWith("zookeeper://");
    }

    /** {@code host:port} of the registry of a {@code zookeeper://} address. */
    public String registryHostPort() {
        URI uri = URI.create(address);
        return uri.getHost() + ":" + uri.getPort();
    }

    /**
     * The address as handed to Dubbo: a loopback host is written in its IPv4-mapped form (see
     * {@link DubboLoopback}); the registry URL keeps its host, since only provider addresses are rewritten. The
     * addresses of providers found in the registry get the same form in the consumer itself
     * ({@link io.rpcbench.sampler.dubbo.RegistryLoopback}).
     */
    public String dubboAddress() {
        if (!direct()) {
            return address;
        }
        URI uri = URI.create(address);
        String path = uri.getRawPath() == null ? "" : uri.getRawPath();
        String query = uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery();
        return uri.getScheme() + "://" + DubboLoopback.host(uri.getHost()) + ":" + uri.getPort() + path + query;
    }
}
