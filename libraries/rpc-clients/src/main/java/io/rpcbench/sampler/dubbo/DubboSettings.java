package io.rpcbench.sampler.dubbo;

import io.rpcbench.echo.DubboLoopback;
import io.rpcbench.sampler.call.BadParameterException;
import io.rpcbench.sampler.call.SamplerParameters;
import io.rpcbench.sampler.call.ServiceCallParameters;
import io.rpcbench.sampler.json.JavaNames;
import io.rpcbench.sampler.protobuf.ProtoDescriptorSet;
import io.rpcbench.sampler.registry.RegistryAccess;
import io.rpcbench.sampler.registry.ServiceKey;
import io.rpcbench.sampler.registry.consumer.ConsumerTarget;
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
 * @param address       {@code zookeeper://host:port} or {@code nacos://host:port[?query]} (a registry), or
 *                      {@code dubbo://host:port} / {@code tri://host:port} (direct)
 * @param protocol      {@code dubbo} or {@code tri}
 * @param serialization e.g. {@code hessian2}
 * @param version       the provider's version, empty for none
 * @param group         the provider's group, empty for none
 * @param interfaceName the service interface, e.g. {@code io.rpcbench.example.OrderService}
 * @param invocation    how the service is called: {@code generic} ({@code GenericService.$invoke}, Dubbo's maps),
 *                      {@code typed} (the interface class itself), {@code protobuf-json} (Dubbo's generic invocation
 *                      whose argument and result are protobuf JSON) or {@code proto-descriptor} (triple, the methods
 *                      of a {@code .proto} read from a descriptor set, see {@link ProtoStub})
 * @param descriptorSet the descriptor set file of {@code proto-descriptor}, else empty
 * @param cluster       Dubbo's cluster (fault tolerance) extension, e.g. {@code failover}
 * @param loadbalance   Dubbo's load balance extension, e.g. {@code random}
 * @param retries       further tries after a failed call (only the failover cluster retries)
 * @param connections   0 for Dubbo's one connection shared per provider, else this many of the reference's own
 * @param access        a Nacos registry's namespace, registry group and credentials ({@link RegistryAccess#NONE}
 *                      otherwise)
 */
public record DubboSettings(String address, String protocol, String serialization, int timeoutMs, String version,
                            String group, String interfaceName, String invocation, String descriptorSet,
                            String cluster, String loadbalance, int retries, int connections,
                            RegistryAccess access) {

    public static final String ADDRESS = RegistryAccess.ADDRESS;
    public static final String PROTOCOL = "protocol";
    public static final String SERIALIZATION = "serialization";
    public static final String VERSION = "version";
    public static final String GROUP = "group";
    public static final String INTERFACE = ServiceCallParameters.INTERFACE;
    public static final String INVOCATION = "invocation";
    public static final String CLUSTER = "cluster";
    public static final String LOADBALANCE = "loadbalance";
    public static final String RETRIES = "retries";
    public static final String CONNECTIONS = "connections";
    /** The descriptor set file ({@code protoc --include_imports --descriptor_set_out=FILE}) of {@code proto-descriptor}. */
    public static final String PROTO_DESCRIPTOR_SET = ProtoDescriptorSet.PARAMETER;

    public static final String DEFAULT_ADDRESS = "zookeeper://127.0.0.1:2181";
    public static final String DEFAULT_PROTOCOL = "dubbo";
    public static final String DEFAULT_SERIALIZATION = "hessian2";
    public static final List<String> PROTOCOLS = List.of("dubbo", "tri");
    /** Serializations that carry the echo POJOs as they are (protobuf would need generated messages). */
    public static final List<String> SERIALIZATIONS = List.of("hessian2", "fastjson2");
    /**
     * The service sampler's: also {@code protobuf} (dubbo-serialization-protobuf), which carries protobuf messages
     * only, so a typed call of a method whose parameters and result are messages.
     */
    public static final List<String> SERVICE_SERIALIZATIONS = List.of("hessian2", "fastjson2", "protobuf");
    /** The registries a consumer finds its providers in: ZooKeeper, or Nacos (its settings as the address's query). */
    public static final List<String> REGISTRIES = List.of("zookeeper", "nacos");
    public static final String GENERIC = "generic";
    public static final String TYPED = "typed";
    public static final String PROTOBUF_JSON = "protobuf-json";
    public static final String PROTO_DESCRIPTOR = "proto-descriptor";
    /**
     * {@code generic}: {@code GenericService.$invoke}, no API jar needed; {@code typed}: the interface class;
     * {@code protobuf-json}: Dubbo's generic invocation of a protobuf method with the message as JSON (the provider
     * needs dubbo-serialization-protobuf); {@code proto-descriptor}: triple, the {@code .proto}'s methods from a
     * descriptor set, unary and server-streaming, no class of the service needed anywhere in JMeter.
     */
    public static final List<String> INVOCATIONS = List.of(GENERIC, TYPED, PROTOBUF_JSON, PROTO_DESCRIPTOR);
    public static final String DEFAULT_INVOCATION = GENERIC;
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
            "zookeeper://host:port or nacos://host:port (its namespace, registry group and credentials as the "
                    + "sampler's parameters) for a "
                    + "registry, or dubbo://host:port or tri://host:port for a direct connection";

    /** The echo sampler's consumer. @throws BadParameterException for the first invalid parameter */
    public static DubboSettings from(SamplerParameters parameters) {
        Target target = target(parameters);
        return new DubboSettings(target.address, target.protocol,
                parameters.choice(SERIALIZATION, DEFAULT_SERIALIZATION, SERIALIZATIONS),
                parameters.timeoutMs(), parameters.optionalText(VERSION), parameters.optionalText(GROUP),
                ECHO_INTERFACE, TYPED, "", DEFAULT_CLUSTER, DEFAULT_LOADBALANCE, DEFAULT_RETRIES, DEFAULT_CONNECTIONS,
                target.access);
    }

    /** The service sampler's consumer. @throws BadParameterException for the first invalid parameter */
    public static DubboSettings forService(SamplerParameters parameters) {
        Target target = target(parameters);
        String serialization = parameters.choice(SERIALIZATION, DEFAULT_SERIALIZATION, SERVICE_SERIALIZATIONS);
        String interfaceName = parameters.optionalText(INTERFACE);
        if (!JavaNames.isClassName(interfaceName)) {
            throw BadParameterException.of(INTERFACE, interfaceName, "is not a Java interface name",
                    "the service's fully qualified interface, e.g. com.example.OrderService");
        }
        String invocation = parameters.choice(INVOCATION, DEFAULT_INVOCATION, INVOCATIONS);
        String descriptorSet = parameters.optionalText(PROTO_DESCRIPTOR_SET);
        // proto-descriptor without a set: the server's reflection gives it (ServerReflection, in the sampler's setup)
        checkSerialization(invocation, serialization, target.protocol);
        if (!invocation.equals(PROTO_DESCRIPTOR)) {
            descriptorSet = ""; // not part of the consumer: samplers differing only in it share one
        }
        return new DubboSettings(target.address, target.protocol, serialization, parameters.timeoutMs(),
                parameters.optionalText(VERSION), parameters.optionalText(GROUP), interfaceName, invocation,
                descriptorSet,
                parameters.choice(CLUSTER, DEFAULT_CLUSTER, CLUSTERS),
                parameters.choice(LOADBALANCE, DEFAULT_LOADBALANCE, LOADBALANCES),
                parameters.integer(RETRIES, DEFAULT_RETRIES, 0, MAX_RETRIES),
                parameters.integer(CONNECTIONS, DEFAULT_CONNECTIONS, 0, MAX_CONNECTIONS), target.access);
    }

    /** The combinations of invocation, serialization and protocol that cannot carry a call, refused up front. */
    private static void checkSerialization(String invocation, String serialization, String protocol) {
        if (invocation.equals(PROTO_DESCRIPTOR) && !protocol.equals("tri")) {
            throw BadParameterException.of(PROTOCOL, protocol, "cannot carry invocation=proto-descriptor, which "
                    + "calls the .proto's methods as triple (gRPC) does", "tri");
        }
        if (serialization.equals("protobuf") && !invocation.equals(TYPED)) {
            throw BadParameterException.of(SERIALIZATION, serialization, "carries protobuf messages only, and "
                    + "invocation=" + invocation + " sends " + (invocation.equals(PROTO_DESCRIPTOR)
                    ? "protobuf over triple whatever the serialization" : "GenericService.$invoke's strings and arrays"),
                    invocation.equals(PROTO_DESCRIPTOR) ? "hessian2 (triple's own, unused by .proto methods)"
                            : "hessian2 (a provider accepts it beside its own serialization), or invocation=typed "
                                    + "with the service's API jar");
        }
    }

    /** These settings with the descriptor set {@code file} (read from the server's reflection). */
    public DubboSettings withDescriptorSet(String file) {
        return new DubboSettings(address, protocol, serialization, timeoutMs, version, group, interfaceName, invocation,
                file, cluster, loadbalance, retries, connections, access);
    }

    /** True when calls go through {@code GenericService.$invoke} ({@code generic} and {@code protobuf-json}). */
    public boolean generic() {
        return invocation.equals(GENERIC) || invocation.equals(PROTOBUF_JSON);
    }

    /** True when the calls go through the interface class itself, which must be on the class path. */
    public boolean typed() {
        return invocation.equals(TYPED);
    }

    /** True for {@code proto-descriptor}: the methods come from a descriptor set ({@link ProtoStub}). */
    public boolean protoDescriptor() {
        return invocation.equals(PROTO_DESCRIPTOR);
    }

    private record Target(String address, String protocol, RegistryAccess access) {}

    private static Target target(SamplerParameters parameters) {
        String address = parameters.text(ADDRESS, DEFAULT_ADDRESS);
        String protocol = parameters.choice(PROTOCOL, DEFAULT_PROTOCOL, PROTOCOLS);
        URI uri = parseAddress(address);
        String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
        if (PROTOCOLS.contains(scheme) && !scheme.equals(protocol)) {
            throw BadParameterException.of(PROTOCOL, protocol, "does not match the direct address " + address,
                    scheme + ", the scheme of the address");
        }
        return new Target(address, protocol, RegistryAccess.of(parameters, uri, scheme.equals("nacos")));
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
        return !REGISTRIES.contains(scheme());
    }

    /** True for a {@code nacos://} address. */
    public boolean nacos() {
        return scheme().equals("nacos");
    }

    private String scheme() {
        int separator = address.indexOf("://");
        return separator < 0 ? "" : address.substring(0, separator).toLowerCase(Locale.ROOT);
    }

    /** {@code host:port} of the registry of a {@code zookeeper://} or {@code nacos://} address. */
    public String registryHostPort() {
        URI uri = URI.create(address);
        return uri.getHost() + ":" + uri.getPort();
    }

    /** What the consumer's registry look-ups need: the registry as Dubbo is given it, the access, the service. */
    public ConsumerTarget registryTarget() {
        return new ConsumerTarget(dubboAddress(), registryHostPort(), access(), timeoutMs(),
                new ServiceKey(interfaceName(), version(), group()));
    }

    /**
     * The address as handed to Dubbo: a loopback host is written in its IPv4-mapped form (see
     * {@link DubboLoopback}); the registry URL keeps its host, since only provider addresses are rewritten. The
     * addresses of providers found in the registry get the same form in the consumer itself
     * ({@link io.rpcbench.sampler.registry.consumer.RegistryLoopback}).
     */
    public String dubboAddress() {
        if (!direct()) {
            // the namespace, group and credentials go to Dubbo from the access (see DubboReferences), not the URL
            return RegistryAccess.withoutAccessKeys(URI.create(address));
        }
        URI uri = URI.create(address);
        String path = uri.getRawPath() == null ? "" : uri.getRawPath();
        String query = uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery();
        return uri.getScheme() + "://" + DubboLoopback.host(uri.getHost()) + ":" + uri.getPort() + path + query;
    }
}
