package io.rpcbench.catalogue;

import io.rpcbench.sampler.registry.RegistryAccess;
import io.rpcbench.sampler.registry.ServiceRegistry;
import java.util.concurrent.Callable;
import java.util.function.UnaryOperator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code ./rpcbench services}: lists what a Dubbo registry holds ({@link ServiceListing}). */
@Command(name = "services", mixinStandardHelpOptions = true,
        description = "List the applications, services (with version and group), methods and parameter types a Dubbo"
                + " registry holds. A Nacos password is read from " + RegistryOptions.PASSWORD_VARIABLE + ".")
final class ServicesCommand implements Callable<Integer> {

    private final RegistryOpener registries;
    private final UnaryOperator<String> environment;

    @Mixin
    RegistryOptions registry = new RegistryOptions();

    @Spec
    CommandSpec spec;

    ServicesCommand(RegistryOpener registries, UnaryOperator<String> environment) {
        this.registries = registries;
        this.environment = environment;
    }

    @Override
    public Integer call() throws Exception {
        String address = registry.address();
        RegistryAccess access = registry.access(environment);
        try (ServiceRegistry opened = registries.open(address, access, registry.timeoutMs)) {
            spec.commandLine().getOut().print(ServiceListing.text(opened.describe(), opened.services()));
        }
        spec.commandLine().getOut().flush();
        return 0;
    }
}
