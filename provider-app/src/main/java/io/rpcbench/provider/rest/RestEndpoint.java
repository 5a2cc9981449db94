package io.rpcbench.provider.rest;

import io.rpcbench.echo.EchoService;
import io.rpcbench.echo.PortInUseException;
import io.rpcbench.provider.dubbo.CallerRunsExecutor;
import io.rpcbench.provider.dubbo.DubboEndpoint;
import io.rpcbench.provider.dubbo.ExportedService;
import io.rpcbench.provider.dubbo.RegisterMode;
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
 * <p>Its calls run on Dubbo's Netty I/O threads ({@link Calls#IO_THREADS}), not on the worker pool, unless asked
 * ({@link Calls#WORKER_POOL}, the provider app's choice when {@code --delay-ms} would sleep on an I/O thread). Dubbo
 * 3.3.6's HTTP/1.1 server loses an answer's status line and headers now and then on a keep-alive connection when
 * the calls run on its pool (issue 29, defect 9; docs/upstream/dubbo-http1-keepalive.md): a worker writes the
 * answer's head, body and end ({@code LastHttpContent}) as three separate tasks for the I/O thread; the client has
 * the whole answer once the body is out (content-length) and sends the next request, whose worker can write its
 * head before the first worker wrote the end. Netty's encoder, still inside the first answer, refuses the head
 * (the write fails silently) and sends the second body bare: the client waits for a status line until its read
 * timeout (1 to 3 calls in 3,000 on one connection here). On the I/O thread the three writes are done, in order,
 * before the next request is read.
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

    /** Where the calls run. */
    public enum Calls {
        /** On the Netty I/O thread that read the request: keep-alive answers stay whole (see the class). */
        IO_THREADS,
        /** On Dubbo's pool of {@code threads} workers: a keep-alive answer now and then loses its head. */
        WORKER_POOL
    }

    /**
     * Serves {@code echo} over HTTP on {@code bind:port}, its calls on the I/O threads; returns once the port
     * accepts connections.
     *
     * @param port 0 to pick a free port
     * @throws PortInUseException (endpoint {@code rest}) when a fixed port is taken
     */
    public static RestEndpoint start(EchoService echo, String bind, int port, int threads) {
        return start(echo, bind, port, threads, Calls.IO_THREADS);
    }

    /**
     * As {@link #start(EchoService, String, int, int)}, the calls where {@code calls} says ({@code threads} is the
     * worker pool's size, unused with {@link Calls#IO_THREADS}).
     */
    public static RestEndpoint start(EchoService echo, String bind, int port, int threads, Calls calls) {
        try {
            return new RestEndpoint(DubboEndpoint.start(List.of(ExportedService.of(EchoService.class, echo)),
                    NO_REGISTRY, RegisterMode.ALL, bind, port, TRIPLE, SERIALIZATION, threads, null, null,
                    calls == Calls.IO_THREADS ? new CallerRunsExecutor() : null), bind);
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
