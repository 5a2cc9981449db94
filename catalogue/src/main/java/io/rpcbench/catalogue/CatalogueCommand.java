package io.rpcbench.catalogue;

import io.rpcbench.sampler.registry.RegistryLookupException;
import io.rpcbench.sampler.registry.ServiceRegistries;
import java.io.IOException;
import java.util.function.UnaryOperator;
import picocli.CommandLine;
import picocli.CommandLine.Command;

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

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a command is missing: services or plan");
    }

    public static void main(String[] args) {
        quietLibraries();
        System.exit(commandLine(ServiceRegistries::open, System::getenv).execute(args));
    }

    /**
     * Only warnings from the registry clients (ZooKeeper's, Curator's, Dubbo's, through java.util.logging): their
     * start-up chatter would bury the listing. Not even those of Dubbo's ReferenceConfig, which warns of every
     * consumer of a service known only from its reflection ("No method found in service interface", the sampler's
     * method-less stub interface): the listing says what the server described.
     */
    private static void quietLibraries() {
        java.util.logging.Logger root = java.util.logging.Logger.getLogger("");
        root.setLevel(java.util.logging.Level.WARNING);
        for (java.util.logging.Handler handler : root.getHandlers()) {
            handler.setLevel(java.util.logging.Level.WARNING);
        }
        REFERENCE_CONFIG.setLevel(java.util.logging.Level.SEVERE);
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
