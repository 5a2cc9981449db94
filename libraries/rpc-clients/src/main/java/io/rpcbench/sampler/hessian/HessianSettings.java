package io.rpcbench.sampler.hessian;

import io.rpcbench.sampler.call.BadParameterException;
import io.rpcbench.sampler.call.SamplerParameters;

/**
 * Where a Hessian sampler posts its calls, read from its parameters: {@code http://host:port/path}, the path being the
 * service's, which Dubbo 2.7's hessian protocol serves under the interface name.
 */
public record HessianSettings(String host, int port, String path, int timeoutMs) {

    public static final String HOST = "host";
    public static final String PORT = "port";
    public static final String PATH = "path";

    public static final String DEFAULT_HOST = "127.0.0.1";
    public static final int DEFAULT_PORT = 8080;
    /** Dubbo 2.7's hessian protocol serves a service at its interface name. */
    public static final String DEFAULT_PATH = "/io.rpcbench.echo.EchoService";

    /** @throws BadParameterException for the first invalid parameter */
    public static HessianSettings from(SamplerParameters parameters) {
        String host = parameters.text(HOST, DEFAULT_HOST);
        if (host.chars().anyMatch(c -> Character.isWhitespace(c) || c == '/' || c == '?' || c == ':')) {
            throw BadParameterException.of(HOST, host, "is not a host name",
                    "a host name or IPv4 address such as 127.0.0.1");
        }
        String path = parameters.text(PATH, DEFAULT_PATH);
        if (!path.startsWith("/") || path.chars().anyMatch(Character::isWhitespace)) {
            throw BadParameterException.of(PATH, path, "is not a URL path",
                    "a path starting with /, e.g. " + DEFAULT_PATH);
        }
        return new HessianSettings(host, parameters.integer(PORT, DEFAULT_PORT, 1, 65535), path,
                parameters.timeoutMs());
    }

    /** {@code http://host:port/path}: where the calls are posted. */
    public String url() {
        return "http://" + host + ":" + port + path;
    }

    /** {@code hessian://host:port}: the sample's URL, as the Dubbo 2.7 provider's ready line names the endpoint. */
    public String endpoint() {
        return "hessian://" + host + ":" + port;
    }
}
