package io.rpcbench.provider;

import io.rpcbench.echo.CredentialsInAddress;
import io.rpcbench.echo.PortInUseException;
import io.rpcbench.provider.dubbo.RegisterMode;
import io.rpcbench.provider.registry.RegistryAddress;
import io.rpcbench.provider.thrift.ThriftProtocol;
import io.rpcbench.provider.thrift.ThriftTransport;
import io.rpcbench.provider.user.UserEndpoints;
import io.rpcbench.provider.user.UserStack;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/**
 * The {@code rpcbench-provider} command line: parses and checks the options ({@link #settings(String...)}),
 * starts the {@link EchoProvider}, prints the ready line on stdout, and on SIGTERM stops everything and prints
 * {@value EchoProvider#STOPPED_LINE}.
 *
 * <p>Exit codes: 0 after a stop by SIGTERM, 1 when the provider cannot start (a port taken, the registry
 * unreachable), 2 for a bad option.
 */
@Command(name = "rpcbench-provider", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Starts ZooKeeper (embedded unless --registry names one, or a Nacos), exports io.rpcbench.echo.EchoService and "
                + "io.rpcbench.example.OrderService over "
                + "Dubbo and serves ThriftEchoService over Thrift (and the echo over HTTP with --rest-port, and seed "
                + "004's user service over four Dubbo 3.3 stacks with --user-service), then prints one ready line.")
public final class ProviderCommand implements Callable<Integer> {

    /** Dubbo protocols the provider can export. */
    public static final List<String> DUBBO_PROTOCOLS = List.of("dubbo", "tri");

    /** The environment variable holding the password of {@code --registry-username}. */
    public static final String PASSWORD_VARIABLE = CredentialsInAddress.PASSWORD_VARIABLE;

    /** Dubbo serializations shipped in org.apache.dubbo:dubbo 3.3. */
    public static final List<String> SERIALIZATIONS = List.of("hessian2", "fastjson2");

    @Spec
    private CommandSpec spec;

    @Option(names = "--bind", defaultValue = "127.0.0.1", description = "Address every endpoint listens on (default: ${DEFAULT-VALUE}).")
    private String bind;

    @Option(names = "--registry", description = "External registry: zookeeper://host:port, or nacos://host:port with "
            + "Nacos's namespace and registry group as the query, e.g. nacos://127.0.0.1:8848?namespace=bench&group=RPC "
            + "(default: start an embedded ZooKeeper).")
    private String registry;

    @Option(names = "--registry-username", description = "The --registry Nacos's user, when it authenticates; the "
            + "password comes from the environment variable " + PASSWORD_VARIABLE + " (a command line is visible to "
            + "every user of the machine).")
    private String registryUsername;

    @Option(names = "--register-mode", defaultValue = "all", description = "What the Dubbo services write into the "
            + "registry, Dubbo's application register-mode: interface (one entry per service, as Dubbo 2.7), instance "
            + "(the application instance only, with its mapping and metadata), or all (both, Dubbo 3's default) "
            + "(default: ${DEFAULT-VALUE}).")
    private String registerMode;

    @Option(names = "--zookeeper-port", defaultValue = "2181", description = "Embedded ZooKeeper port; 0 picks a free one (default: ${DEFAULT-VALUE}).")
    private int zookeeperPort;

    @Option(names = "--dubbo-port", defaultValue = "20880", description = "Dubbo port; 0 picks a free one (default: ${DEFAULT-VALUE}).")
    private int dubboPort;

    @Option(names = "--dubbo-protocol", defaultValue = "dubbo", description = "dubbo or tri (default: ${DEFAULT-VALUE}).")
    private String dubboProtocol;

    @Option(names = "--serialization", defaultValue = "hessian2", description = "hessian2 or fastjson2 (default: ${DEFAULT-VALUE}).")
    private String serialization;

    @Option(names = "--thrift-port", defaultValue = "9090", description = "Thrift port; 0 picks a free one (default: ${DEFAULT-VALUE}).")
    private int thriftPort;

    @Option(names = "--thrift-transport", defaultValue = "buffered", description = "buffered or framed (default: ${DEFAULT-VALUE}).")
    private String thriftTransport;

    @Option(names = "--thrift-protocol", defaultValue = "binary", description = "binary or compact (default: ${DEFAULT-VALUE}).")
    private String thriftProtocol;

    @Option(names = "--threads", defaultValue = "200", description = "Worker threads of the Dubbo and of the Thrift server (default: ${DEFAULT-VALUE}).")
    private int threads;

    @Option(names = "--delay-ms", defaultValue = "0", description = "Sleep before answering each call, in ms (default: ${DEFAULT-VALUE}).")
    private int delayMs;

    @Option(names = "--service-workers", description = "A provider of known capacity: this many workers serve the "
            + "calls of each endpoint, each call waiting its turn in arrival order and taking --service-time-us at a "
            + "worker; capacity workers / service time (default: off, calls served at once).")
    private Integer serviceWorkers;

    @Option(names = "--service-time-us", description = "With --service-workers: each call's time at a worker, in µs.")
    private Long serviceTimeUs;

    @Option(names = "--rest-port", description = "Also serve the echo over HTTP/1.1 (plain text or JSON, Dubbo's triple "
            + "protocol) on this port; 0 picks a free one (default: off).")
    private Integer restPort;

    @Option(names = "--user-service", description = "Also serve seed 004's user service over four Dubbo 3.3 stacks, "
            + "each on its own port and registered under its key as group: user-dubbo-hessian2, user-dubbo-protobuf, "
            + "user-tri-protobuf, user-tri-hessian2 (default: off).")
    private boolean userService;

    @Option(names = "--user-service-port", description = "Port of the user service's first stack, the other three on "
            + "the next ports; 0 picks a free port for each (default: " + UserEndpoints.DEFAULT_FIRST_PORT + ").")
    private Integer userServicePort;

    @Option(names = "--no-dubbo", description = "Do not export over Dubbo.")
    private boolean noDubbo;

    @Option(names = "--no-thrift", description = "Do not serve over Thrift.")
    private boolean noThrift;

    /**
     * Parses and checks command-line words, as {@code java -jar} would, without starting anything.
     *
     * @throws ParameterException naming the bad option and what was expected
     */
    public static ProviderSettings settings(String... args) {
        ProviderCommand command = new ProviderCommand();
        new CommandLine(command).parseArgs(args);
        return command.toSettings();
    }

    @Override
    public Integer call() {
        ProviderSettings settings = toSettings();
        EchoProvider provider;
        try {
            provider = EchoProvider.start(settings);
        } catch (PortInUseException e) {
            err().println("rpcbench-provider: " + e.getMessage());
            return 1;
        } catch (RuntimeException e) {
            err().println("rpcbench-provider: cannot start: " + rootMessage(e));
            return 1;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(provider), "rpcbench-provider-stop"));
        out().println(provider.readyLine());
        out().flush();
        try {
            // Runs until SIGTERM: the shutdown hook stops the provider and ends the JVM.
            new CountDownLatch(1).await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 0;
    }

    private void stop(EchoProvider provider) {
        try {
            provider.close();
        } catch (RuntimeException e) {
            err().println("rpcbench-provider: error while stopping: " + rootMessage(e));
        }
        out().println(EchoProvider.STOPPED_LINE);
        out().flush();
        err().flush();
        // A JVM ended by SIGTERM exits 143 even when every hook succeeds; a clean stop is exit 0.
        Runtime.getRuntime().halt(0);
    }

    ProviderSettings toSettings() {
        checkPort("--zookeeper-port", zookeeperPort);
        checkPort("--dubbo-port", dubboPort);
        checkPort("--thrift-port", thriftPort);
        if (restPort != null) {
            checkPort("--rest-port", restPort);
        }
        if (threads < 1) {
            throw bad("--threads", threads + " is out of range; expected 1 or more");
        }
        if (delayMs < 0) {
            throw bad("--delay-ms", delayMs + " is out of range; expected 0 or more milliseconds");
        }
        checkServiceWorkers();
        if (!DUBBO_PROTOCOLS.contains(dubboProtocol)) {
            throw bad("--dubbo-protocol", "unknown protocol '" + dubboProtocol + "'; expected one of "
                    + String.join(", ", DUBBO_PROTOCOLS));
        }
        if (!SERIALIZATIONS.contains(serialization)) {
            throw bad("--serialization", "unknown serialization '" + serialization + "'; expected one of "
                    + String.join(", ", SERIALIZATIONS));
        }
        int firstUserPort = checkUserService();
        try {
            InetAddress.getByName(bind);
        } catch (UnknownHostException e) {
            throw bad("--bind", "'" + bind + "' cannot be resolved; expected an IP address of this machine such as 127.0.0.1");
        }
        RegisterMode mode;
        try {
            mode = RegisterMode.parse(registerMode);
        } catch (IllegalArgumentException e) {
            throw bad("--register-mode", e.getMessage());
        }
        ThriftTransport transport;
        ThriftProtocol protocol;
        Optional<RegistryAddress> external;
        try {
            transport = ThriftTransport.parse(thriftTransport);
        } catch (IllegalArgumentException e) {
            throw bad("--thrift-transport", e.getMessage());
        }
        try {
            protocol = ThriftProtocol.parse(thriftProtocol);
        } catch (IllegalArgumentException e) {
            throw bad("--thrift-protocol", e.getMessage());
        }
        try {
            external = registry == null ? Optional.empty() : Optional.of(RegistryAddress.parse(registry));
        } catch (IllegalArgumentException e) {
            throw bad("--registry", e.getMessage());
        }
        if (registryUsername != null && !registryUsername.isEmpty()) {
            String password = System.getenv(PASSWORD_VARIABLE);
            if (external.isEmpty()) {
                throw bad("--registry-username", "'" + registryUsername + "' is a user of an external registry, and "
                        + "no --registry is given; expected --registry nacos://host:port with it");
            }
            if (password == null || password.isEmpty()) {
                throw bad("--registry-username", "'" + registryUsername + "' needs its password in the environment "
                        + "variable " + PASSWORD_VARIABLE + ", which is not set");
            }
            external = Optional.of(external.get().withCredentials(registryUsername, password));
        }
        return new ProviderSettings(bind, external, mode, zookeeperPort, !noDubbo, dubboPort, dubboProtocol, serialization,
                !noThrift, thriftPort, transport, protocol, threads, delayMs,
                serviceWorkers == null ? 0 : serviceWorkers, serviceTimeUs == null ? 0 : serviceTimeUs, restPort != null,
                restPort == null ? 0 : restPort, userService, firstUserPort);
    }

    /** The most service workers: each call in service or waiting holds a thread of the endpoint's. */
    static final int MAX_SERVICE_WORKERS = 100_000;
    /** The longest service time, µs: a minute, well past any client's timeout. */
    static final long MAX_SERVICE_TIME_US = 60_000_000;

    /** --service-workers and --service-time-us: both or neither, in range, and not with --delay-ms. */
    private void checkServiceWorkers() {
        if (serviceWorkers == null && serviceTimeUs == null) {
            return;
        }
        if (serviceWorkers == null) {
            throw bad("--service-time-us", "given without --service-workers; expected both (e.g. --service-workers 4 "
                    + "--service-time-us 5000: 4 workers x 5 ms, 800 calls a second)");
        }
        if (serviceTimeUs == null) {
            throw bad("--service-workers", "given without --service-time-us; expected both (e.g. --service-workers 4 "
                    + "--service-time-us 5000: 4 workers x 5 ms, 800 calls a second)");
        }
        if (serviceWorkers < 1 || serviceWorkers > MAX_SERVICE_WORKERS) {
            throw bad("--service-workers", serviceWorkers + " is out of range; expected 1 to " + MAX_SERVICE_WORKERS);
        }
        if (serviceTimeUs < 1 || serviceTimeUs > MAX_SERVICE_TIME_US) {
            throw bad("--service-time-us", serviceTimeUs + " is out of range; expected 1 to " + MAX_SERVICE_TIME_US
                    + " microseconds");
        }
        if (delayMs != 0) {
            throw bad("--delay-ms", delayMs + " with --service-workers; expected one of them: the delay would come "
                    + "before the queue and change the provider's known capacity");
        }
    }

    /** The user service's first port, checked: in range, and none of its four ports another endpoint's. */
    private int checkUserService() {
        if (!userService) {
            if (userServicePort != null) {
                throw bad("--user-service-port", "given without --user-service; expected --user-service too "
                        + "(the user service is off by default)");
            }
            return 0;
        }
        int first = userServicePort == null ? UserEndpoints.DEFAULT_FIRST_PORT : userServicePort;
        int stacks = UserStack.values().length;
        int highestFirst = 65535 - (stacks - 1);
        if (first < 0 || first > highestFirst) {
            throw bad("--user-service-port", first + " is out of range; expected 0 (a free port for each stack) or "
                    + "1 to " + highestFirst + " (the " + stacks + " stacks take this port and the next "
                    + (stacks - 1) + ")");
        }
        if (first == 0) {
            return 0;
        }
        int last = first + stacks - 1;
        for (Map.Entry<String, Integer> other : fixedPorts().entrySet()) {
            int port = other.getValue();
            if (port >= first && port <= last) {
                throw bad("--user-service-port", "the user service's ports " + first + " to " + last + " include "
                        + port + " of " + other.getKey() + "; expected " + stacks + " ports of their own");
            }
        }
        return first;
    }

    /** The fixed (non-zero) ports of the other endpoints that will be started, by option. */
    private Map<String, Integer> fixedPorts() {
        Map<String, Integer> ports = new LinkedHashMap<>();
        if (registry == null) {
            ports.put("--zookeeper-port", zookeeperPort);
        }
        if (!noDubbo) {
            ports.put("--dubbo-port", dubboPort);
        }
        if (!noThrift) {
            ports.put("--thrift-port", thriftPort);
        }
        if (restPort != null) {
            ports.put("--rest-port", restPort);
        }
        ports.values().removeIf(port -> port == 0);
        return ports;
    }

    private void checkPort(String option, int port) {
        if (port < 0 || port > 65535) {
            throw bad(option, port + " is out of range; expected 0 (pick a free port) to 65535");
        }
    }

    private ParameterException bad(String option, String problem) {
        return new ParameterException(spec.commandLine(), "Invalid value for option '" + option + "': " + problem);
    }

    private PrintWriter out() {
        return spec.commandLine().getOut();
    }

    private PrintWriter err() {
        return spec.commandLine().getErr();
    }

    private static String rootMessage(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root == e ? String.valueOf(e.getMessage()) : e.getMessage() + " (" + root + ")";
    }
}
