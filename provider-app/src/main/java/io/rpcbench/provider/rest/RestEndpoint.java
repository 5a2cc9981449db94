package io.rpcbench.provider.rest;

import io.rpcbench.echo.EchoService;
import io.rpcbench.provider.port.PortInUseException;
import io.rpcbench.provider.dubbo.DubboEndpoint;
import io.rpcbench.provider.dubbo.ExportedService;
import java.util.List;

/**
 * The echo over HTTP/1.1, for seed 003's REST case (JMeter's HTTP Request and ApacheBench against one URL):
 * Dubbo 3.3's triple protocol, which answers plain HTTP/1.1 on its port besides HTTP/2 (Dubbo 3.3 moved the old
 * {@code rest} protocol out to dubbo-spi-extensions; triple's own REST support took its place). Each call is
 * {@code POST http://127.0.0.1:<port>/io.rpcbench.echo.EchoService/echo}, with either
 * <ul>
 *   <li>{@code Content-Type: text/plain} and the string itself as the body: the answer is {@code text/plain} with
 *       the same bytes (4 bytes in, 4 bytes out, like the seed's 4-byte body), or
 *   <li>{@code Content-Type: application/json} and a JSON array of the arguments, {@code ["abcd"]}: the answer is
 *       {@code application/json}, {@code "abcd"}.
 * </ul>
 * GET with a query parameter ({@code ?text=abcd}) is not served: triple needs the parameter's name, which
 * {@code EchoService} (compiled without {@code -parameters}) does not carry; it answers 500 naming that flag.
 *
 * <p>It is a Dubbo endpoint of its own (own port, own {@code FrameworkModel}, own worker pool of {@code threads}),
 * not registered in ZooKeeper: the registry's echo providers stay the {@code dubbo} ones, so registry consumers
 * never pick the HTTP port, and the provider only carries this second server when asked to
 * ({@code --rest-port}). It keeps to loopback as the Dubbo endpoint does ({@code LoopbackHost}).
 *
 * <pre>{@code
 * try (RestEndpoint rest = RestEndpoint.start(echo, "127.0.0.1", 0, 200)) {
 *     rest.url();      // http://127.0.0.1:<port>, accepting connections
 *     rest.echoUrl();  // http://127.0.0.1:<port>/io.rpcbench.echo.EchoService/echo
 * }
 * }</pre>
 */
public final class RestEndpoint implements AutoCloseable {

    /** The path of the echo method: triple's {@code /<interface>/<method>}. */
    public static final String ECHO_PATH = "/" + EchoService.class.getName() + "/echo";

    /** The name in messages and the key of the ready line. */
    static final String NAME = "rest";

    private static final String TRIPLE = "tri";
    /** Serialization of triple's binary (non-HTTP/1) calls; HTTP/1.1 calls are plain text or JSON whatever it is. */
    private static final String SERIALIZATION = "hessian2";
    /** Export without a registry: nothing in ZooKeeper points at this port. */
    private static final String NO_REGISTRY = "N/A";

    private final DubboEndpoint triple;
    private final String host;

    private RestEndpoint(DubboEndpoint triple, String host) {
        this.triple = triple;
        this.host = host;
    }

    /**
     * Serves {@code echo} over HTTP on {@code bind:port}; returns once the port accepts connections.
     *
     * @param port 0 to pick a free port
     * @throws PortInUseException (endpoint {@code rest}) when a fixed port is taken
     */
    public static RestEndpoint start(EchoService echo, String bind, int port, int threads) {
        try {
            return new RestEndpoint(DubboEndpoint.start(List.of(ExportedService.of(EchoService.class, echo)),
                    NO_REGISTRY, bind, port, TRIPLE, SERIALIZATION, threads, null, null), bind);
        } catch (PortInUseException e) {
            throw new PortInUseException(NAME, bind, e.port(), e.getCause());
        }
    }

    /** {@code http://host:port}, as the ready line shows it. */
    public String url() {
        return "http://" + host + ":" + triple.port();
    }

    /** {@code http://host:port/io.rpcbench.echo.EchoService/echo}: where to POST the string. */
    public String echoUrl() {
        return url() + ECHO_PATH;
    }

    public int port() {
        return triple.port();
    }

    @Override
    public void close() {
        triple.close();
    }
}
