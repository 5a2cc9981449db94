package io.rpcbench.catalogue;

import io.rpcbench.sampler.registry.RegistryLookupException;
import io.rpcbench.sampler.registry.ServiceRegistries;
import java.io.IOException;
import java.util.function.UnaryOperator;
import picocli.CommandLine.Command;
import picocli.CommandLine;

/**
 * {@code ./rpcbench}: the registry as a catalogue. {@code services} lists what a Dubbo registry holds; {@code plan}
 * writes a JMeter plan for one method of a Dubbo or Thrift service. A bad option ends with exit code 2 and a message
 * naming it; a registry that cannot be read, or has not what was asked, with exit code 1 and the registry's answer.
 *
 * <pre>
 * ./rpcbench services --registry zookeeper://127.0.0.1:2181
 * ./rpcbench plan --registry zookeeper://127.0.0.1:2181 --interface com.example.OrderService --method place --out place.jmx
 * </pre>
 */
@Command(name = "rpcbench", mixinStandardHelpOptions = true,
        description = "The registry as a catalogue: list what a Dubbo registry holds, write a JMeter plan for one method.",
        subcommands = CommandLine.HelpCommand.class)
public final class CatalogueCommand implements Runnable {

    @picocli.CommandLine.Spec
    picocli.CommandLine.Model.CommandSpec spec;

    /** Read by {@link #main} before the command runs (the libraries' logging is set before any registry opens). */
    @CommandLine.Option(names = VERBOSE, scope = CommandLine.ScopeType.INHERIT,
            description = "the registry clients' own log (ZooKeeper's, Curator's, Nacos's, Dubbo's warnings) on "
                    + "standard error; without it they are off and only the answer and the errors are printed")
    boolean verbose;

    static final String VERBOSE = "--verbose";

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a command is missing: services or plan");
    }

    public static void main(String[] args) {
        quietLibraries(java.util.Arrays.asList(args).contains(VERBOSE));
        System.exit(commandLine(ServiceRegistries::open, System::getenv).execute(args));
    }

    /**
     * The registry clients (ZooKeeper's, Curator's, Nacos's, Dubbo's, all through java.util.logging) log nothing: their
     * chatter (Nacos's client warns of its own settings on every start) would bury the listing, and what goes wrong
     * reaches the user as the command's error. With {@code --verbose} their warnings go to standard error, but not
     * those of Dubbo's ReferenceConfig, which warns of every consumer of a service known only from its reflection
     * ("No method found in service interface", the sampler's method-less stub interface): the listing says what the
     * server described.
     */
    static void quietLibraries(boolean verbose) {
        java.util.logging.Level level = verbose ? java.util.logging.Level.WARNING : java.util.logging.Level.OFF;
        java.util.logging.Logger root = java.util.logging.Logger.getLogger("");
        root.setLevel(level);
        for (java.util.logging.Handler handler : root.getHandlers()) {
            handler.setLevel(level);
        }
        REFERENCE_CONFIG.setLevel(verbose ? java.util.logging.Level.SEVERE : java.util.logging.Level.OFF);
    }

    /** Held here: java.util.logging keeps loggers weakly, and a collected one would forget its level. */
    private static final java.util.logging.Logger REFERENCE_CONFIG =
            java.util.logging.Logger.getLogger("org.apache.dubbo.config.ReferenceConfig");

    /** The command line with its subcommands, reading registries through {@code registries}. */
    static CommandLine commandLine(RegistryOpener registries, UnaryOperator<String> environment) {
        CommandLine commandLine = new CommandLine(new CatalogueCommand())
                .addSubcommand("services", new ServicesCommand(registries, environment))
                .addSubcommand("plan", new PlanCommand(registries, environment));
        commandLine.setExecutionExceptionHandler((exception, line, parsed) -> {
            if (exception instanceof BadOptionException) {
                line.getErr().println(line.getCommandName() + ": " + exception.getMessage());
                line.getErr().flush();
                return BadOptionException.EXIT_CODE;
            }
            if (exception instanceof IOException || exception instanceof UnsupportedOperationException) {
                String reason = exception instanceof RegistryLookupException lookup ? " (" + lookup.reason() + ")" : "";
                // A registry names an unknown service after the fact ("has no provider in ... (looked for I ...)").
                String subject = exception instanceof RegistryLookupException lookup
                        && lookup.reason() == RegistryLookupException.Reason.UNKNOWN_SERVICE ? "the service " : "";
                line.getErr().println(line.getCommandName() + ": " + subject + exception.getMessage() + reason);
                line.getErr().flush();
                return 1;
            }
            throw exception;
        });
        return commandLine;
    }
}
