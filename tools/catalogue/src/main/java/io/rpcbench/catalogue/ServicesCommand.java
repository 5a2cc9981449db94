package io.rpcbench.catalogue;

import io.rpcbench.sampler.dubbo.triple.ServerReflection;
import io.rpcbench.sampler.registry.RegistryAccess;
import io.rpcbench.sampler.registry.ServiceRegistry;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code ./rpcbench services}: lists what a Dubbo registry holds ({@link ServiceListing}). */
@Command(name = "services", mixinStandardHelpOptions = true,
        description = "List the applications, services (with version and group), methods and parameter types a Dubbo"
                + " registry holds; or, with --reflection, the services and methods a triple or gRPC server describes"
                + " through its gRPC reflection. A Nacos password is read from " + RegistryOptions.PASSWORD_VARIABLE
                + ".")
final class ServicesCommand implements Callable<Integer> {

    private final RegistryOpener registries;
    private final UnaryOperator<String> environment;

    @Mixin
    RegistryOptions registry = new RegistryOptions();

    @Option(names = "--reflection", paramLabel = "tri://HOST:PORT",
            description = "a triple or gRPC server to ask through its gRPC reflection, instead of a registry")
    String reflection;

    @Spec
    CommandSpec spec;

    ServicesCommand(RegistryOpener registries, UnaryOperator<String> environment) {
        this.registries = registries;
        this.environment = environment;
    }

    @Override
    public Integer call() throws Exception {
        if (reflection != null) {
            return reflect();
        }
        String address = registry.address();
        RegistryAccess access = registry.access(environment);
        try (ServiceRegistry opened = registries.open(address, access, registry.timeoutMs)) {
            spec.commandLine().getOut().print(ServiceListing.text(opened.describe(), opened.services()));
        }
        spec.commandLine().getOut().flush();
        return 0;
    }

    /**
     * What the server at {@code reflection} describes through its gRPC reflection.
     *
     * @throws BadOptionException naming the option when it is not a server's address or the server answers no reflection
     */
    static ServerReflection.Described reflectedServices(String reflection, int timeoutMs) {
        if (!reflection.matches("tri://[^/:]+:\\d+")) {
            throw BadOptionException.of("--reflection", reflection, "is not a server's address", "tri://host:port");
        }
        try {
            return ServerReflection.describe(reflection, timeoutMs);
        } catch (ServerReflection.ReflectionFailure noReflection) {
            throw BadOptionException.of("--reflection", reflection, "gave no services: " + noReflection.getMessage(),
                    "a server with gRPC reflection on (Dubbo: dubbo.tri.builtin.service.init=true; grpc-java: "
                            + "ProtoReflectionServiceV1)");
        }
    }

    /** The services a server describes through its reflection ({@link ServerReflection}), printed as plan takes them. */
    private int reflect() {
        if (registry.address != null) {
            throw BadOptionException.of("--reflection", reflection, "and " + RegistryOptions.REGISTRY + " are both "
                    + "given", "one of them: a server to ask, or a registry to read");
        }
        ServerReflection.Described described = reflectedServices(reflection, registry.timeoutMs);
        StringBuilder out = new StringBuilder("the server ").append(reflection).append(" describes ")
                .append(described.methods().size()).append(described.methods().size() == 1 ? " service" : " services")
                .append(" (").append(described.reflection()).append(")\n");
        described.methods().forEach((service, methods) -> {
            out.append('\n').append(service).append('\n');
            methods.forEach(method -> out.append("  ").append(method).append('\n'));
        });
        spec.commandLine().getOut().print(out);
        spec.commandLine().getOut().flush();
        return 0;
    }
}
