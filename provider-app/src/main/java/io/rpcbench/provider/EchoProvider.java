package io.rpcbench.provider;

import io.rpcbench.echo.EchoService;
import io.rpcbench.echo.PortInUseException;
import io.rpcbench.example.OrderDesk;
import io.rpcbench.example.OrderService;
import io.rpcbench.provider.dubbo.DubboEndpoint;
import io.rpcbench.provider.dubbo.ExportedService;
import io.rpcbench.provider.registry.EmbeddedZooKeeper;
import io.rpcbench.provider.rest.RestEndpoint;
import io.rpcbench.provider.thrift.ThriftEndpoint;
import io.rpcbench.provider.user.UserEndpoints;
import java.util.List;
import java.util.Optional;
import java.util.StringJoiner;

/**
 * The running provider: a registry (embedded ZooKeeper or an external one), the Dubbo export (the echo service and
 * the example {@code io.rpcbench.example.OrderService}, on one port), the Thrift server and, when asked for, the echo
 * over HTTP ({@link RestEndpoint}) and seed 004's user service over four Dubbo 3.3 stacks ({@link UserEndpoints}),
 * started in that order and stopped in reverse. The public API behind the command, also used by tests.
 *
 * <pre>{@code
 * JvmDefaults.apply();
 * try (EchoProvider provider = EchoProvider.start(ProviderCommand.settings("--dubbo-port", "0", "--thrift-port", "0",
 *         "--zookeeper-port", "0"))) {
 *     System.out.println(provider.readyLine());
 * }
 * }</pre>
 */
public final class EchoProvider implements AutoCloseable {

    /** The start of the ready line, which other tools wait for. */
    public static final String READY_PREFIX = "rpcbench-provider ready";

    /** The line printed once everything has stopped. */
    public static final String STOPPED_LINE = "rpcbench-provider stopped";

    private final String registryKind;
    private final String registry;
    private final EmbeddedZooKeeper zookeeper;
    private final DubboEndpoint dubbo;
    private final ThriftEndpoint thrift;
    private final RestEndpoint rest;
    private final UserEndpoints users;

    private EchoProvider(String registryKind, String registry, EmbeddedZooKeeper zookeeper, DubboEndpoint dubbo,
            ThriftEndpoint thrift, RestEndpoint rest, UserEndpoints users) {
        this.registryKind = registryKind;
        this.registry = registry;
        this.zookeeper = zookeeper;
        this.dubbo = dubbo;
        this.thrift = thrift;
        this.rest = rest;
        this.users = users;
    }

    /**
     * Starts every endpoint the settings ask for and returns once all of them accept connections.
     * On failure, whatever was started is stopped again before the exception leaves.
     *
     * @throws PortInUseException when a port is taken
     */
    public static EchoProvider start(ProviderSettings settings) {
        // Thrift and Dubbo (with the HTTP echo) each their own service workers: --threads is per endpoint too.
        DelayedEcho echo = new DelayedEcho(settings.delayMs(), settings.newServiceWorkers());
        DelayedEcho thriftEcho = new DelayedEcho(settings.delayMs(), settings.newServiceWorkers());
        EmbeddedZooKeeper zookeeper = null;
        ThriftEndpoint thrift = null;
        DubboEndpoint dubbo = null;
        RestEndpoint rest = null;
        try {
            String registry;
            String registryKind;
            String dubboRegistry;
            if (settings.registry().isPresent()) {
                registry = settings.registry().get().hostPort();
                registryKind = settings.registry().get().scheme();
                dubboRegistry = settings.registry().get().dubboAddress();
            } else {
                zookeeper = EmbeddedZooKeeper.start(settings.bind(), settings.zookeeperPort());
                registry = zookeeper.hostPort();
                registryKind = "zookeeper";
                dubboRegistry = "zookeeper://" + registry;
            }
            if (settings.thrift()) {
                thrift = ThriftEndpoint.start(thriftEcho, settings.bind(), settings.thriftPort(), settings.thriftTransport(),
                        settings.thriftProtocol(), settings.threads());
            }
            if (settings.dubbo()) {
                dubbo = DubboEndpoint.start(dubboServices(echo), dubboRegistry, settings.registerMode(),
                        settings.bind(),
                        settings.dubboPort(), settings.dubboProtocol(), settings.serialization(), settings.threads(),
                        null, null);
            }
            if (settings.rest()) {
                // On the I/O threads keep-alive answers stay whole (RestEndpoint); a delay would sleep there.
                rest = RestEndpoint.start(echo, settings.bind(), settings.restPort(), settings.threads(),
                        settings.delayMs() == 0 && settings.serviceWorkers() == 0 ? RestEndpoint.Calls.IO_THREADS : RestEndpoint.Calls.WORKER_POOL);
            }
            UserEndpoints users = null;
            if (settings.userService()) {
                users = UserEndpoints.start(dubboRegistry, settings.registerMode(), settings.bind(),
                        settings.userServicePort(),
                        settings.threads());
            }
            return new EchoProvider(registryKind, registry, zookeeper, dubbo, thrift, rest, users);
        } catch (RuntimeException e) {
            if (rest != null) {
                rest.close();
            }
            if (dubbo != null) {
                dubbo.close();
            }
            if (thrift != null) {
                thrift.close();
            }
            if (zookeeper != null) {
                zookeeper.close();
            }
            throw e;
        }
    }

    /** The echo and the example order service, exported side by side on the Dubbo port. */
    private static List<ExportedService<?>> dubboServices(EchoService echo) {
        return List.of(ExportedService.of(EchoService.class, echo),
                ExportedService.of(OrderService.class, new OrderDesk()));
    }

    /**
     * {@code rpcbench-provider ready zookeeper=127.0.0.1:2181 dubbo=dubbo://127.0.0.1:20880 thrift=127.0.0.1:9090}
     * ({@code nacos=host:port} in place of {@code zookeeper=} with {@code --registry nacos://...}; and {@code rest=http://127.0.0.1:<port>} with {@code --rest-port}, then with {@code --user-service} the four
     * stacks of the user service, {@code user-dubbo-hessian2=dubbo://127.0.0.1:20881
     * user-dubbo-protobuf=dubbo://127.0.0.1:20882 user-tri-protobuf=tri://127.0.0.1:20883
     * user-tri-hessian2=tri://127.0.0.1:20884}): key=value tokens separated by single spaces, a key left out when its
     * endpoint is disabled.
     */
    public String readyLine() {
        StringJoiner line = new StringJoiner(" ");
        line.add(READY_PREFIX);
        line.add(registryKind + "=" + registry); // zookeeper=host:port, or nacos=host:port with --registry nacos://
        dubbo().ifPresent(d -> line.add("dubbo=" + d.endpoint()));
        thrift().ifPresent(t -> line.add("thrift=" + t.hostPort()));
        rest().ifPresent(r -> line.add("rest=" + r.url()));
        users().ifPresent(u -> line.add(u.readyTokens()));
        return line.toString();
    }

    /** {@code host:port} of the registry in use, embedded or external. */
    public String registry() {
        return registry;
    }

    public Optional<DubboEndpoint> dubbo() {
        return Optional.ofNullable(dubbo);
    }

    public Optional<ThriftEndpoint> thrift() {
        return Optional.ofNullable(thrift);
    }

    /** The echo over HTTP, when {@code --rest-port} asked for it. */
    public Optional<RestEndpoint> rest() {
        return Optional.ofNullable(rest);
    }

    /** Seed 004's user service over its four stacks, when {@code --user-service} asked for it. */
    public Optional<UserEndpoints> users() {
        return Optional.ofNullable(users);
    }

    /**
     * Stops the user service's stacks and the HTTP endpoint, unexports Dubbo (while the registry still runs, so they
     * unregister), stops Thrift, stops ZooKeeper.
     */
    @Override
    public void close() {
        if (users != null) {
            users.close();
        }
        if (rest != null) {
            rest.close();
        }
        if (dubbo != null) {
            dubbo.close();
        }
        if (thrift != null) {
            thrift.close();
        }
        if (zookeeper != null) {
            zookeeper.close();
        }
    }
}
