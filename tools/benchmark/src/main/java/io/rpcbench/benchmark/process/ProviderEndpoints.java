package io.rpcbench.benchmark.process;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The endpoints a provider announces in its ready line,
 * {@code rpcbench-provider ready zookeeper=127.0.0.1:2181 dubbo=dubbo://127.0.0.1:20880 thrift=127.0.0.1:9090},
 * with {@code rest=http://127.0.0.1:<port>} when the provider was started with {@code --rest-port}, and the stacks of
 * seed 004's user service ({@code user-dubbo-hessian2=dubbo://127.0.0.1:20881 ... user-tri-hessian2=tri://...}) when
 * it was started with {@code --user-service}.
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

    /** The prefix of the user service's stacks in the ready line, e.g. {@code user-tri-protobuf}. */
    public static final String USER_SERVICE_PREFIX = "user-";

    /**
     * The stacks of seed 004's user service (provider option {@code --user-service}) by name, each as its direct URL,
     * e.g. {@code user-tri-protobuf -> tri://127.0.0.1:20883}, in name order; empty when it serves none.
     */
    public Map<String, String> userServiceStacks() {
        Map<String, String> stacks = new TreeMap<>();
        endpoints.forEach((key, url) -> {
            if (key.startsWith(USER_SERVICE_PREFIX)) {
                stacks.put(key, url);
            }
        });
        return stacks;
    }

    /** The port of a {@code host:port} or {@code scheme://host:port} endpoint. */
    public static int port(String endpoint) {
        return Integer.parseInt(endpoint.substring(endpoint.lastIndexOf(':') + 1));
    }
}
