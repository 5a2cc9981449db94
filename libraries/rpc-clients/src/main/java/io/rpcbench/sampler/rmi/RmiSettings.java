package io.rpcbench.sampler.rmi;

import io.rpcbench.sampler.call.BadParameterException;
import io.rpcbench.sampler.call.SamplerParameters;

/**
 * Where an RMI sampler looks its service up, read from its parameters: the RMI registry at {@code host:port} and the
 * name the service is bound under there, which for Dubbo 2.7's rmi protocol is the interface name; and how long a
 * lookup or a call may take ({@code timeout_ms}, shared by every sampler, see {@link RmiEchoClient}).
 */
public record RmiSettings(String host, int port, String name, int timeoutMs) {

    public static final String HOST = "host";
    public static final String PORT = "port";
    public static final String NAME = "name";

    public static final String DEFAULT_HOST = "127.0.0.1";
    /** The RMI registry's standard port (also Dubbo 2.7's default for its rmi protocol). */
    public static final int DEFAULT_PORT = 1099;
    /** Dubbo 2.7's rmi protocol binds a service under its interface name. */
    public static final String DEFAULT_NAME = "io.rpcbench.echo.EchoService";

    /** @throws BadParameterException for the first invalid parameter */
    public static RmiSettings from(SamplerParameters parameters) {
        String host = parameters.text(HOST, DEFAULT_HOST);
        if (host.chars().anyMatch(c -> Character.isWhitespace(c) || c == '/' || c == '?' || c == ':')) {
            throw BadParameterException.of(HOST, host, "is not a host name",
                    "a host name or IPv4 address such as 127.0.0.1");
        }
        String name = parameters.text(NAME, DEFAULT_NAME);
        return new RmiSettings(host, parameters.integer(PORT, DEFAULT_PORT, 1, 65535), name, parameters.timeoutMs());
    }

    /** {@code rmi://host:port}: the registry, the sample's URL. */
    public String endpoint() {
        return "rmi://" + host + ":" + port;
    }

    /** {@code rmi://host:port/name}, for messages. */
    public String target() {
        return endpoint() + "/" + name;
    }
}
