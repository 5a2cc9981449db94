package io.rpcbench.dubbo27;

import io.rpcbench.echo.CredentialsInAddress;
import io.rpcbench.echo.PortInUseException;
import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.regex.Pattern;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/**
 * The {@code rpcbench-dubbo27-provider} command line: checks the options, starts the {@link ProviderExport}, prints
 * one ready line on stdout naming where each protocol listens, in the order dubbo, rmi, hessian, http (those
 * served), e.g. {@code rpcbench-dubbo27-provider ready dubbo=dubbo://127.0.0.1:20880 rmi=rmi://127.0.0.1:41003
 * hessian=hessian://127.0.0.1:41005 http=http://127.0.0.1:41007}, and on SIGTERM stops it and prints
 * {@value #STOPPED_LINE}.
 *
 * <p>Exit codes: 0 after a stop by SIGTERM, 1 when the provider cannot start (port taken, registry unreachable),
 * 2 for a bad option.
 */
@Command(name = "rpcbench-dubbo27-provider", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Exports io.rpcbench.echo.EchoService with Dubbo 2.7 over the protocols asked for (dubbo with "
                + "hessian2, rmi, hessian, http with JSON-RPC), each on its own port, and io.rpcbench.example."
                + "OrderService and io.rpcbench.user.UserService over dubbo, then prints one ready line.")
public final class Dubbo27ProviderCommand implements Callable<Integer> {

    static final String READY_PREFIX = "rpcbench-dubbo27-provider ready";
    static final String STOPPED_LINE = "rpcbench-dubbo27-provider stopped";

    /** The environment variable holding the password of {@code --registry-username}, as the provider app's. */
    static final String PASSWORD_VARIABLE = CredentialsInAddress.PASSWORD_VARIABLE;

    private static final String NONE = "none";
    private static final Pattern ZOOKEEPER = Pattern.compile("zookeeper://[^:/?]+:\\d{1,5}");
    /** Nacos with its settings as the query, as Dubbo 2.7 reads them: {@code namespace}, the registry's {@code group}. */
    private static final Pattern NACOS = Pattern.compile("nacos://[^:/?@]+:\\d{1,5}(\\?[^?]*)?");

    @Spec
    private CommandSpec spec;

    @Option(names = "--registry", defaultValue = NONE,
            description = "zookeeper://host:port, nacos://host:port with Nacos's namespace and registry group as the "
                    + "query (e.g. nacos://127.0.0.1:8848?namespace=bench&group=RPC), or none to export for direct "
                    + "URLs only (default: ${DEFAULT-VALUE}).")
    private String registry;

    @Option(names = "--registry-username", description = "The --registry Nacos's user, when it authenticates; the "
            + "password comes from the environment variable " + PASSWORD_VARIABLE + " (a command line is visible to "
            + "every user of the machine).")
    private String registryUsername;

    @Option(names = "--protocols", defaultValue = "dubbo,rmi,hessian,http",
            description = "Protocols to serve, comma separated, from dubbo, rmi, hessian, http (default: "
                    + "${DEFAULT-VALUE}).")
    private String protocols;

    @Option(names = "--port", defaultValue = "20880",
            description = "Port of protocol dubbo; 0 picks a free one (default: ${DEFAULT-VALUE}).")
    private int port;

    @Option(names = "--rmi-port", defaultValue = "0",
            description = "Port of protocol rmi (its RMI registry); 0 picks a free one (default: ${DEFAULT-VALUE}).")
    private int rmiPort;

    @Option(names = "--hessian-port", defaultValue = "0",
            description = "Port of protocol hessian; 0 picks a free one (default: ${DEFAULT-VALUE}).")
    private int hessianPort;

    @Option(names = "--http-port", defaultValue = "0",
            description = "Port of protocol http (JSON-RPC); 0 picks a free one (default: ${DEFAULT-VALUE}).")
    private int httpPort;

    @Option(names = "--bind", defaultValue = "127.0.0.1",
            description = "Address every port listens on and is registered with (default: ${DEFAULT-VALUE}).")
    private String bind;

    @Override
    public Integer call() {
        Map<Dubbo27Protocol, Integer> ports = checkOptions();
        RegistryCredentials credentials = checkCredentials();
        ProviderExport export;
        try {
            export = ProviderExport.start(NONE.equals(registry) ? ProviderExport.NO_REGISTRY : registry, credentials,
                    bind, ports);
        } catch (PortInUseException e) {
            err().println("rpcbench-dubbo27-provider: " + e.getMessage());
            return 1;
        } catch (RuntimeException e) {
            err().println("rpcbench-dubbo27-provider: cannot start: " + rootMessage(e));
            return 1;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(export), "rpcbench-dubbo27-provider-stop"));
        out().println(readyLine(export.endpoints()));
        out().flush();
        try {
            // Runs until SIGTERM: the shutdown hook stops the export and ends the JVM.
            new CountDownLatch(1).await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 0;
    }

    /** {@code rpcbench-dubbo27-provider ready dubbo=dubbo://127.0.0.1:20880 rmi=rmi://127.0.0.1:41003 ...}. */
    static String readyLine(Map<Dubbo27Protocol, String> endpoints) {
        StringBuilder line = new StringBuilder(READY_PREFIX);
        endpoints.forEach((protocol, endpoint) -> line.append(' ').append(protocol.userName()).append('=')
                .append(endpoint));
        return line.toString();
    }

    private void stop(ProviderExport export) {
        try {
            export.close();
        } catch (RuntimeException e) {
            err().println("rpcbench-dubbo27-provider: error while stopping: " + rootMessage(e));
        }
        out().println(STOPPED_LINE);
        out().flush();
        err().flush();
        // A JVM ended by SIGTERM exits 143 even when every hook succeeds; a clean stop is exit 0.
        Runtime.getRuntime().halt(0);
    }

    /** The protocols to serve with their ports, in the order to export them. */
    private Map<Dubbo27Protocol, Integer> checkOptions() {
        List<Dubbo27Protocol> served;
        try {
            served = Dubbo27Protocol.parseList(protocols);
        } catch (IllegalArgumentException e) {
            throw bad("--protocols", e.getMessage());
        }
        Map<Dubbo27Protocol, Integer> ports = new LinkedHashMap<>();
        for (Dubbo27Protocol protocol : served) {
            ports.put(protocol, switch (protocol) {
                case DUBBO -> checkPort("--port", port);
                case RMI -> checkPort("--rmi-port", rmiPort);
                case HESSIAN -> checkPort("--hessian-port", hessianPort);
                case HTTP -> checkPort("--http-port", httpPort);
            });
        }
        List<Integer> fixed = ports.values().stream().filter(p -> p != 0).toList();
        if (fixed.stream().distinct().count() < fixed.size()) {
            throw bad("--port", "the protocols " + ports + " share a port; expected a port of its own for each "
                    + "(or 0 for a free one)");
        }
        if (CredentialsInAddress.inQuery(registry)) {
            throw bad("--registry", "'" + CredentialsInAddress.masked(registry)
                    + "' carries credentials in its query, where they would be printed; expected them apart "
                    + "(--registry-username and the environment variable " + PASSWORD_VARIABLE + ")");
        }
        if (!NONE.equals(registry) && !ZOOKEEPER.matcher(registry).matches() && !NACOS.matcher(registry).matches()) {
            throw bad("--registry", "'" + registry + "' is not a registry address; expected zookeeper://host:port, "
                    + "nacos://host:port[?namespace=ID&group=GROUP] or " + NONE);
        }
        try {
            InetAddress.getByName(bind);
        } catch (UnknownHostException e) {
            throw bad("--bind", "'" + bind + "' is not an address of this machine; expected an IP address such as "
                    + "127.0.0.1");
        }
        return ports;
    }

    /** The Nacos user of {@code --registry-username} with its password from the environment, or none. */
    private RegistryCredentials checkCredentials() {
        if (registryUsername == null || registryUsername.isEmpty()) {
            return RegistryCredentials.NONE;
        }
        if (!NACOS.matcher(registry).matches()) {
            throw bad("--registry-username", "'" + registryUsername + "' is a user of a Nacos registry, and --registry "
                    + "is " + registry + "; expected --registry nacos://host:port with it");
        }
        String password = System.getenv(PASSWORD_VARIABLE);
        if (password == null || password.isEmpty()) {
            throw bad("--registry-username", "'" + registryUsername + "' needs its password in the environment "
                    + "variable " + PASSWORD_VARIABLE + ", which is not set");
        }
        return new RegistryCredentials(registryUsername, password);
    }

    private int checkPort(String option, int value) {
        if (value < 0 || value > 65535) {
            throw bad(option, value + " is out of range; expected 0 (a free port) to 65535");
        }
        return value;
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

    private static String rootMessage(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root == failure ? String.valueOf(failure.getMessage()) : failure.getMessage() + " (" + root + ")";
    }
}
