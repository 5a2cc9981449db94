package io.rpcbench.sampler.thrift;

import io.rpcbench.sampler.call.BadParameterException;
import io.rpcbench.sampler.call.SamplerParameters;
import java.util.List;

/**
 * Where and how a Thrift sampler connects, read from its parameters.
 *
 * @param transport {@code buffered} (a plain socket, as TThreadPoolServer serves by default) or {@code framed}
 * @param protocol  {@code binary} or {@code compact}
 */
public record ThriftSettings(String host, int port, String transport, String protocol, int timeoutMs) {

    public static final String HOST = "host";
    public static final String PORT = "port";
    public static final String TRANSPORT = "transport";
    public static final String PROTOCOL = "protocol";

    public static final String DEFAULT_HOST = "127.0.0.1";
    public static final int DEFAULT_PORT = 9090;
    public static final String DEFAULT_TRANSPORT = "buffered";
    public static final String DEFAULT_PROTOCOL = "binary";
    public static final List<String> TRANSPORTS = List.of("buffered", "framed");
    public static final List<String> PROTOCOLS = List.of("binary", "compact");

    /** @throws BadParameterException for the first invalid parameter */
    public static ThriftSettings from(SamplerParameters parameters) {
        String host = parameters.text(HOST, DEFAULT_HOST);
        if (host.chars().anyMatch(c -> Character.isWhitespace(c) || c == '/' || c == '?')) {
            throw BadParameterException.of(HOST, host, "is not a host name", "a host name or IP address such as 127.0.0.1");
        }
        return new ThriftSettings(
                host,
                parameters.integer(PORT, DEFAULT_PORT, 1, 65535),
                parameters.choice(TRANSPORT, DEFAULT_TRANSPORT, TRANSPORTS),
                parameters.choice(PROTOCOL, DEFAULT_PROTOCOL, PROTOCOLS),
                parameters.timeoutMs());
    }

    /** e.g. {@code thrift://127.0.0.1:9090 (buffered, binary)}. */
    /** {@code thrift://host:port}: the sample's URL. */
    public String endpoint() {
        return "thrift://" + host + ":" + port;
    }

    public String target() {
        return "thrift://" + host + ":" + port + " (" + transport + ", " + protocol + ")";
    }
}
