package io.rpcbench.dubbo27;

import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The {@code rpcbench-dubbo27-provider} command line: checks the options, starts the {@link OrderServiceExport},
 * prints {@code rpcbench-dubbo27-provider ready dubbo=dubbo://127.0.0.1:<port>} on stdout, and on SIGTERM stops
 * it and prints {@value #STOPPED_LINE}.
 *
 * <p>Exit codes: 0 after a stop by SIGTERM, 1 when the provider cannot start (port taken, registry unreachable),
 * 2 for a bad option.
 */
@Command(name = "rpcbench-dubbo27-provider", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Exports io.rpcbench.example.OrderService with Dubbo 2.7 (protocol dubbo, hessian2), "
                + "then prints one ready line.")
public final class Dubbo27ProviderCommand implements Callable<Integer> {

    static final String READY_PREFIX = "rpcbench-dubbo27-provider ready dubbo=";
    static final String STOPPED_LINE = "rpcbench-dubbo27-provider stopped";

    private static final String NONE = "none";
    private static final Pattern ZOOKEEPER = Pattern.compile("zookeeper://[^:/]+:\\d{1,5}");

    @Spec
    private CommandSpec spec;

    @Option(names = "--registry", defaultValue = NONE,
            description = "zookeeper://host:port, or none to export for direct URLs only (default: ${DEFAULT-VALUE}).")
    private String registry;

    @Option(names = "--port", defaultValue = "20880",
            description = "Dubbo port; 0 picks a free one (default: ${DEFAULT-VALUE}).")
    private int port;

    @Option(names = "--bind", defaultValue = "127.0.0.1",
            description = "Address the dubbo port listens on and is registered with (default: ${DEFAULT-VALUE}).")
    private String bind;

    @Override
    public Integer call() {
        checkOptions();
        OrderServiceExport export;
        try {
            export = OrderServiceExport.start(NONE.equals(registry) ? OrderServiceExport.NO_REGISTRY : registry, bind,
                    port);
        } catch (PortInUseException e) {
            err().println("rpcbench-dubbo27-provider: " + e.getMessage());
            return 1;
        } catch (RuntimeException e) {
            err().println("rpcbench-dubbo27-provider: cannot start: " + rootMessage(e));
            return 1;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(export), "rpcbench-dubbo27-provider-stop"));
        out().println(READY_PREFIX + export.endpoint());
        out().flush();
        try {
            // Runs until SIGTERM: the shutdown hook stops the export and ends the JVM.
            new CountDownLatch(1).await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return 0;
    }

    private void stop(OrderServiceExport export) {
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

    private void checkOptions() {
        if (port < 0 || port > 65535) {
            throw bad("--port", port + " is out of range; expected 0 (a free port) to 65535");
        }
        if (!NONE.equals(registry) && !ZOOKEEPER.matcher(registry).matches()) {
            throw bad("--registry", "'" + registry + "' is not a registry address; expected zookeeper://host:port or "
                    + NONE);
        }
        try {
            InetAddress.getByName(bind);
        } catch (UnknownHostException e) {
            throw bad("--bind", "'" + bind + "' is not an address of this machine; expected an IP address such as "
                    + "127.0.0.1");
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

    private static String rootMessage(Throwable failure) {
        Throwable root = failure;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root == failure ? String.valueOf(failure.getMessage()) : failure.getMessage() + " (" + root + ")";
    }
}
