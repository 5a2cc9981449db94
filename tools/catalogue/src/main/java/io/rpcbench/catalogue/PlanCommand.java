package io.rpcbench.catalogue;

import io.rpcbench.sampler.dubbo.triple.ServerReflection;
import io.rpcbench.sampler.json.MethodSignature;
import io.rpcbench.sampler.json.ServiceDefinition;
import io.rpcbench.sampler.registry.RegistryAccess;
import io.rpcbench.sampler.registry.ServiceKey;
import io.rpcbench.sampler.registry.ServiceRegistry;
import io.rpcbench.sampler.template.ArgumentTemplate;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code ./rpcbench plan}: writes a JMeter plan for one method, of a Dubbo service found in a registry
 * ({@code --registry}, {@link DubboPlan}), of a triple or gRPC service a server describes through its gRPC reflection
 * ({@code --reflection}, {@link DubboPlan#ofReflected}), or of a Thrift service from its generated classes
 * ({@code --thrift-service}, {@link ThriftPlan}), its arguments a template typed from the service's metadata.
 */
@Command(name = "plan", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Write a JMeter plan (.jmx) calling one method, its arguments a JSON template typed from the"
                + " service's metadata: change the values, then run it.",
                "Dubbo: --registry URL --interface I --method M [--version V --group G --parameter-types T,...]",
                "Triple or gRPC, from the server's reflection: --reflection tri://host:port --interface SERVICE "
                        + "--method M",
                "Thrift: --thrift-service CLASS --classpath JAR_OR_DIR --address host:port --method M"})
final class PlanCommand implements Callable<Integer> {

    private final RegistryOpener registries;
    private final UnaryOperator<String> environment;

    @Mixin
    RegistryOptions registry = new RegistryOptions();

    @Option(names = "--reflection", paramLabel = "tri://HOST:PORT",
            description = "a triple or gRPC server to ask through its gRPC reflection, instead of a registry")
    String reflection;

    @Option(names = "--interface", paramLabel = "INTERFACE",
            description = "Dubbo: the service's interface (with --reflection: the .proto's service name)")
    String interfaceName;

    @Option(names = "--version", paramLabel = "V", defaultValue = "", description = "Dubbo: the service's version")
    String version;

    @Option(names = "--group", paramLabel = "G", defaultValue = "", description = "Dubbo: the service's group")
    String group;

    @Option(names = "--parameter-types", paramLabel = "T,...", defaultValue = "",
            description = "Dubbo: which overload, by its parameter types as 'services' prints them")
    String parameterTypes;

    @Option(names = ThriftMethods.SERVICE, paramLabel = "CLASS",
            description = "Thrift: the generated service class, e.g. com.example.InventoryService")
    String thriftService;

    @Option(names = ThriftMethods.CLASSPATH, paramLabel = "JAR_OR_DIR",
            description = "Thrift: the jar or class folder of the generated classes (several separated by ':')")
    String classpath;

    @Option(names = "--address", paramLabel = "HOST:PORT", description = "Thrift: where the provider listens")
    String thriftAddress;

    @Option(names = "--transport", defaultValue = "buffered",
            description = "Thrift: buffered or framed (default: ${DEFAULT-VALUE})")
    String transport;

    @Option(names = "--protocol", defaultValue = "binary",
            description = "Thrift: binary or compact (default: ${DEFAULT-VALUE})")
    String protocol;

    @Option(names = "--multiplexed-service", paramLabel = "NAME", defaultValue = "",
            description = "Thrift: the service's name in the provider's TMultiplexedProcessor (default: none, a plain"
                    + " server)")
    String multiplexedService;

    @Option(names = MethodPick.METHOD, paramLabel = "M", required = true, description = "the method to call")
    String method;

    @Option(names = "--threads", paramLabel = "N", description = "threads (default: 20)")
    Integer threads;

    @Option(names = "--rampup", paramLabel = "S", description = "ramp-up in seconds (default: 1)")
    Integer rampup;

    @Option(names = "--warmup", paramLabel = "S", description = "warm-up in seconds, not measured (default: 60)")
    Integer warmup;

    @Option(names = "--duration", paramLabel = "S", description = "measured seconds after the warm-up (default: 600)")
    Integer duration;

    @Option(names = "--out", paramLabel = "FILE.jmx", required = true, description = "the plan to write")
    Path out;

    @Spec
    CommandSpec spec;

    PlanCommand(RegistryOpener registries, UnaryOperator<String> environment) {
        this.registries = registries;
        this.environment = environment;
    }

    @Override
    public Integer call() throws Exception {
        LoadShape load = new LoadShape(threads, rampup, warmup, duration);
        boolean dubbo = registry.address != null || reflection != null;
        if (dubbo == (thriftService != null) || registry.address != null && reflection != null) {
            String given = thriftService != null ? ThriftMethods.SERVICE : "--reflection";
            throw BadOptionException.of(dubbo ? given : RegistryOptions.REGISTRY, "",
                    dubbo ? "is given with " + (registry.address != null ? RegistryOptions.REGISTRY : "--reflection")
                            : "is missing",
                    "one of " + RegistryOptions.REGISTRY + " URL --interface I (Dubbo), --reflection tri://host:port "
                            + "--interface SERVICE (triple or gRPC) or " + ThriftMethods.SERVICE
                            + " CLASS --classpath JAR --address host:port (Thrift)");
        }
        ModelPlan plan = reflection != null ? reflected(load) : dubbo ? dubbo(load) : thrift(load);
        plan.write(out);
        PrintWriter printed = spec.commandLine().getOut();
        printed.println("Wrote " + out + ": change the values in its arguments, then run it:");
        printed.println("  jmeter -n -t " + out + " -l " + planName() + ".jtl"
                + (dubbo && !registry.username.isEmpty() ? " -q registry.properties   (holding dubbo.password=...)"
                        : ""));
        printed.flush();
        return 0;
    }

    private ModelPlan dubbo(LoadShape load) throws Exception {
        require("--interface", interfaceName, "the service's interface, as 'services' prints it");
        String address = registry.address();
        RegistryAccess access = registry.access(environment);
        ServiceKey key = new ServiceKey(interfaceName, version, group);
        ServiceDefinition definition;
        try (ServiceRegistry opened = registries.open(address, access, registry.timeoutMs)) {
            definition = opened.definition(key);
        }
        MethodSignature chosen = MethodPick.of(definition, method, parameterTypes);
        boolean overloaded = definition.methodsNamed(method).stream()
                .filter(m -> m.parameterTypes().size() == chosen.parameterTypes().size()).count() > 1;
        return DubboPlan.of(planName(), address, access, key, chosen, overloaded,
                ArgumentTemplate.of(definition, chosen), load);
    }

    /** A plan of a method the server's reflection describes: invocation proto-descriptor, no descriptor set. */
    private ModelPlan reflected(LoadShape load) {
        require("--interface", interfaceName, "the .proto's service name, as 'services --reflection' prints it");
        ServerReflection.ReflectedService service = ServicesCommand.reflectedServices(reflection, registry.timeoutMs)
                .services().stream().filter(s -> s.name().equals(interfaceName)).findFirst()
                .orElseThrow(() -> BadOptionException.of("--interface", interfaceName, "is not a service "
                        + reflection + " describes", "one of those './rpcbench services --reflection " + reflection
                        + "' prints"));
        ServerReflection.ReflectedMethod chosen = service.methods().stream().filter(m -> m.name().equals(method))
                .findFirst().orElseThrow(() -> BadOptionException.of(MethodPick.METHOD, method, "is not a method of "
                        + interfaceName + (service.problem().isEmpty() ? "" : " (" + service.problem() + ")"),
                        "one of: " + String.join("; ", service.methods().stream()
                                .map(ServerReflection.ReflectedMethod::described).toList())));
        return DubboPlan.ofReflected(planName(), reflection, interfaceName, chosen, load);
    }

    private ModelPlan thrift(LoadShape load) {
        require(ThriftMethods.CLASSPATH, classpath, "the jar or class folder of the service's generated classes");
        require("--address", thriftAddress, "host:port of the Thrift provider");
        int colon = thriftAddress.lastIndexOf(':');
        int port;
        try {
            port = colon < 1 ? -1 : Integer.parseInt(thriftAddress.substring(colon + 1));
        } catch (NumberFormatException e) {
            port = -1;
        }
        if (port < 1 || port > 65535) {
            throw BadOptionException.of("--address", thriftAddress, "is not host:port", "e.g. 127.0.0.1:9090");
        }
        ThriftMethods service = ThriftMethods.load(thriftService, classpath);
        String arguments = service.template(method);
        ThriftPlan.Endpoint endpoint = new ThriftPlan.Endpoint(thriftAddress.substring(0, colon), port, transport,
                protocol, multiplexedService);
        return ThriftPlan.of(planName(), endpoint, service.serviceName(), method,
                Path.of(classpath).toAbsolutePath().toString(), arguments, load);
    }

    /** The file's name without {@code .jmx}: the plan's name, as the shipped plans are named after their files. */
    private String planName() {
        String name = out.getFileName().toString();
        return name.endsWith(".jmx") ? name.substring(0, name.length() - ".jmx".length()) : name;
    }

    private static void require(String option, String value, String expected) {
        if (value == null || value.isBlank()) {
            throw BadOptionException.of(option, "", "is missing", expected);
        }
    }
}
