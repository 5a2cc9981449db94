package io.rpcbench.provider.dubbo;

import io.rpcbench.echo.DubboLoopback;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.ServiceConfig;

/**
 * Keeps a Dubbo provider on loopback: listening on 127.0.0.1 only, and registering an address that every
 * consumer connects to over loopback. Call {@link #apply(String, ProtocolConfig, ServiceConfig)} before exporting.
 *
 * <h2>Why this is needed</h2>
 * Dubbo 3.3 treats every {@code 127.*} host as "no host given" ({@code NetUtils.isInvalidLocalHost}): with
 * {@code host=127.0.0.1} it binds 0.0.0.0 ({@code anyhost=true}) and registers the first non-loopback address
 * of the machine. Consumers do the same to a registered or direct {@code 127.0.0.1}: {@code AbstractClient}
 * passes it through {@code NetUtils.filterLocalHost}, which replaces it with that card address, so the
 * connection leaves loopback (measured here: {@code dubbo://127.0.0.1:port} as a direct URL made the consumer
 * dial 192.0.2.2:port 31 times, refused). {@code -Ddubbo.network.interface.ignored=.*} stops the rewrite
 * but not the 0.0.0.0 bind, and leaves {@code NetUtils.getLocalHost()} uncached, so every call that reaches
 * it re-lists the network cards.
 *
 * <h2>What is done instead</h2>
 * The host given to Dubbo is the IPv4-mapped IPv6 literal in brackets, {@code [::ffff:127.0.0.1]}
 * ({@link DubboLoopback}, the rule the samplers apply to direct URLs too):
 * <ul>
 *   <li>it does not start with {@code 127.}, so Dubbo keeps it as {@code bind.ip} and {@code anyhost=false};
 *   <li>Java parses it to the {@code Inet4Address} 127.0.0.1, so the server binds 127.0.0.1 only (with
 *       {@code java.net.preferIPv4Stack=true}, set by {@code JvmDefaults}, {@code ss} shows
 *       {@code 127.0.0.1:port}; without it {@code [::ffff:127.0.0.1]:port}, the same address);
 *   <li>the brackets pass Dubbo's host syntax check ({@code ConfigValidationUtils.checkHost} logs an ERROR for
 *       the bare {@code ::ffff:127.0.0.1}), and Dubbo's URL parser splits host and port at the last colon;
 *   <li>it is registered as is, both at interface level
 *       ({@code /dubbo/io.rpcbench.echo.EchoService/providers/dubbo://[::ffff:127.0.0.1]:port/...}) and at
 *       application level ({@code /services/rpcbench-provider/[::ffff:127.0.0.1]:port}), and consumers'
 *       {@code filterLocalHost} leaves it alone, so they connect to 127.0.0.1.
 * </ul>
 * The provider's default {@code profiler-server} filter is removed as well: per request it asks for the
 * caller's address through {@code filterLocalHost}, which calls {@code NetUtils.getLocalHost()}. That result
 * is cached when the machine has a non-loopback card (the value then only appears in log lines as
 * "current host"), but re-computed on every request when it has none or when cards are ignored.
 *
 * <h2>Measured (Dubbo 3.3.6, JDK 17, this 2-CPU machine)</h2>
 * {@code ss -ltnp}: the provider's listeners are {@code 127.0.0.1:<zookeeper>}, {@code 127.0.0.1:<dubbo>},
 * {@code 127.0.0.1:<thrift>} and nothing else (no QoS port, no metadata-service port for protocol dubbo);
 * a consumer in another JVM, through ZooKeeper (register=false) or a direct
 * {@code dubbo://[::ffff:127.0.0.1]:port} or {@code tri://[::ffff:127.0.0.1]:port} URL, showed in
 * {@code ss -tnp} only connections with 127.0.0.1 at both ends; no network-card warnings per request.
 *
 * <p>A bind address that is not IPv4 loopback (e.g. {@code --bind 10.0.0.5}) is passed to Dubbo unchanged.
 */
public final class LoopbackHost {

    /** The filter removed from the provider; see the class comment. */
    static final String NO_PROFILER_FILTER = "-profiler-server";

    private LoopbackHost() {}

    /** Sets the protocol's host for {@code bind} and removes the per-request address lookup from the service. */
    public static void apply(String bind, ProtocolConfig protocol, ServiceConfig<?> service) {
        protocol.setHost(DubboLoopback.host(bind));
        service.setFilter(NO_PROFILER_FILTER);
    }
}
