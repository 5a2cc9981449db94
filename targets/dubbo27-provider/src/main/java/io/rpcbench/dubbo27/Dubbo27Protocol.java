package io.rpcbench.dubbo27;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * A protocol of Dubbo 2.7 the provider serves {@code io.rpcbench.echo.EchoService} over, each on a port of its own.
 * The name is Dubbo's protocol name, the one users write in {@code --protocols} and the key of the ready line.
 *
 * <ul>
 *   <li>{@code dubbo}: Dubbo's own protocol, hessian2 serialization (2.7's default), Netty; also serves the example
 *       {@code OrderService}.</li>
 *   <li>{@code rmi}: Spring's RMI remoting ({@code RmiServiceExporter}): an RMI registry on the port, the service
 *       bound in it under its interface name as a Spring {@code RmiInvocationHandler}, Java serialization.</li>
 *   <li>{@code hessian}: Caucho's Hessian over HTTP POST to {@code /io.rpcbench.echo.EchoService}, in Dubbo's Jetty
 *       server.</li>
 *   <li>{@code http}: JSON-RPC 2.0 (jsonrpc4j) over HTTP POST to {@code /io.rpcbench.echo.EchoService}, in Dubbo's
 *       Jetty server.</li>
 * </ul>
 */
public enum Dubbo27Protocol {
    DUBBO("dubbo", "dubbo"),
    RMI("rmi", "rmi"),
    HESSIAN("hessian", "hessian"),
    HTTP("http", "http");

    private final String userName;
    private final String scheme;

    Dubbo27Protocol(String userName, String scheme) {
        this.userName = userName;
        this.scheme = scheme;
    }

    /** Dubbo's name of the protocol, e.g. {@code rmi}. */
    public String userName() {
        return userName;
    }

    /** {@code scheme://host:port}, as the ready line shows where the protocol listens. */
    public String endpoint(String host, int port) {
        return scheme + "://" + host + ":" + port;
    }

    /**
     * Parses a comma-separated list such as {@code dubbo,rmi}, in any order and case; the result keeps this enum's
     * order, each protocol once.
     *
     * @throws IllegalArgumentException naming the value and the accepted names
     */
    public static List<Dubbo27Protocol> parseList(String value) {
        List<String> names = Arrays.stream(value == null ? new String[0] : value.split(","))
                .map(name -> name.trim().toLowerCase(Locale.ROOT))
                .toList();
        if (names.isEmpty() || names.stream().anyMatch(String::isEmpty)) {
            throw new IllegalArgumentException("'" + value + "' is not a list of protocols; expected names from "
                    + names() + " separated by commas");
        }
        for (String name : names) {
            if (Arrays.stream(values()).noneMatch(protocol -> protocol.userName.equals(name))) {
                throw new IllegalArgumentException("'" + name + "' in '" + value + "' is not a protocol of this "
                        + "provider; expected names from " + names() + " separated by commas");
            }
        }
        return Arrays.stream(values()).filter(protocol -> names.contains(protocol.userName)).toList();
    }

    /** Every protocol's name, comma separated: also the default of {@code --protocols}. */
    public static String names() {
        return Arrays.stream(values()).map(Dubbo27Protocol::userName).collect(Collectors.joining(","));
    }
}
