package io.rpcbench.sampler;

import io.rpcbench.echo.DubboLoopback;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import java.util.Locale;

/**
 * The whole configuration of a Dubbo consumer, read from a sampler's parameters. It is the key of the
 * shared reference cache ({@link DubboReferences}): two samplers share a client only when every field is
 * equal, so a change of group, version, timeout, protocol or serialization never reuses the wrong one.
 *
 * @param address       {@code zookeeper://host:port} (a registry) or {@code dubbo://host:port} / {@code tri://host:port} (direct)
 * @param protocol      {@code dubbo} or {@code tri}
 * @param serialization e.g. {@code hessian2}
 * @param version       the provider's version, empty for none
 * @param group         the provider's group, empty for none
 */
public record DubboSettings(String address, String protocol, String serialization, int timeoutMs, String version,
                            String group) {

    public static final String ADDRESS = "address";
    public static final String PROTOCOL = "protocol";
    public static final String SERIALIZATION = "serialization";
    public static final String VERSION = "version";
    public static final String GROUP = "group";

    public static final String DEFAULT_ADDRESS = "zookeeper://127.0.0.1:2181";
    public static final String DEFAULT_PROTOCOL = "dubbo";
    public static final String DEFAULT_SERIALIZATION = "hessian2";
    public static final List<String> PROTOCOLS = List.of("dubbo", "tri");
    /** Serializations that carry the echo POJOs as they are (protobuf would need generated messages). */
    public static final List<String> SERIALIZATIONS = List.of("hessian2", "fastjson2");
    public static final List<String> REGISTRIES = List.of("zookeeper");

    private static final String EXPECTED_ADDRESS =
            "zookeeper://host:port for a registry, or dubbo://host:port or tri://host:port for a direct connection";

    /** @throws BadParameterException for the first invalid parameter */
    public static DubboSettings from(SamplerParameters parameters) {
        String address = parameters.text(ADDRESS, DEFAULT_ADDRESS);
        String protocol = parameters.choice(PROTOCOL, DEFAULT_PROTOCOL, PROTOCOLS);
        URI uri = parseAddress(address);
        String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
        if (PROTOCOLS.contains(scheme) && !scheme.equals(protocol)) {
            throw BadParameterException.of(PROTOCOL, protocol, "does not match the direct address " + address,
                    scheme + ", the scheme of the address");
        }
        return new DubboSettings(address, protocol,
                parameters.choice(SERIALIZATION, DEFAULT_SERIALIZATION, SERIALIZATIONS),
                parameters.timeoutMs(), parameters.optionalText(VERSION), parameters.optionalText(GROUP));
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

    /**
     * The address as handed to Dubbo: a loopback host is written in its IPv4-mapped form (see
     * {@link DubboLoopback}); the registry URL keeps its host, since only provider addresses are rewritten.
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
