package io.rpcbench.benchmark;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The endpoints a provider announces in its ready line,
 * {@code rpcbench-provider ready zookeeper=127.0.0.1:2181 dubbo=dubbo://127.0.0.1:20880 thrift=127.0.0.1:9090},
 * with {@code rest=http://127.0.0.1:<port>} at the end when the provider was started with {@code --rest-port}.
 */
public record ProviderEndpoints(Map<String, String> endpoints) {

    /** The first word pair of the ready line. */
    public static final String READY_PREFIX = "rpcbench-provider ready";

    /**
     * @throws IllegalArgumentException when {@code line} is not a ready line
     */
    public static ProviderEndpoints parse(String line) {
        if (!line.startsWith(READY_PREFIX)) {
            throw new IllegalArgumentException("'" + line + "' is not a provider ready line; expected '"
                    + READY_PREFIX + " key=value ...'");
        }
        Map<String, String> endpoints = new LinkedHashMap<>();
        for (String token : line.substring(READY_PREFIX.length()).trim().split("\\s+")) {
            int equals = token.indexOf('=');
            if (equals > 0) {
                endpoints.put(token.substring(0, equals), token.substring(equals + 1));
            }
        }
        return new ProviderEndpoints(Map.copyOf(endpoints));
    }

    /** The registry's {@code host:port}. */
    public Optional<String> zookeeper() {
        return Optional.ofNullable(endpoints.get("zookeeper"));
    }

    /** The Dubbo endpoint as {@code protocol://host:port}. */
    public Optional<String> dubbo() {
        return Optional.ofNullable(endpoints.get("dubbo"));
    }

    /** The Thrift endpoint as {@code host:port}. */
    public Optional<String> thrift() {
        return Optional.ofNullable(endpoints.get("thrift"));
    }

    /** The echo over HTTP as {@code http://host:port} (provider option {@code --rest-port}). */
    public Optional<String> rest() {
        return Optional.ofNullable(endpoints.get("rest"));
    }

    /** The port of a {@code host:port} or {@code scheme://host:port} endpoint. */
    public static int port(String endpoint) {
        return Integer.parseInt(endpoint.substring(endpoint.lastIndexOf(':') + 1));
    }
}
