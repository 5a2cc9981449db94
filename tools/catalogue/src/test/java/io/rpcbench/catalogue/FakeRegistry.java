package io.rpcbench.catalogue;

import io.rpcbench.sampler.json.ServiceDefinition;
import io.rpcbench.sampler.registry.RegisteredService;
import io.rpcbench.sampler.registry.RegistryAccess;
import io.rpcbench.sampler.registry.RegistryLookupException;
import io.rpcbench.sampler.registry.ServiceKey;
import io.rpcbench.sampler.registry.ServiceRegistry;
import java.util.List;

/**
 * A registry holding a fixed list of services, and the address and access it was opened with, so that a test can
 * check what a command asked for.
 */
final class FakeRegistry implements ServiceRegistry, RegistryOpener {

    private final List<RegisteredService> services;
    String openedAddress;
    RegistryAccess openedAccess;
    boolean closed;

    FakeRegistry(List<RegisteredService> services) {
        this.services = services;
    }

    static RegisteredService service(ServiceKey key, ServiceDefinition definition, String... applications) {
        return new RegisteredService(key, List.of(applications), false, definition);
    }

    @Override
    public ServiceRegistry open(String address, RegistryAccess access, int timeoutMs) {
        openedAddress = address;
        openedAccess = access;
        return this;
    }

    @Override
    public String describe() {
        return "the fake registry " + openedAddress;
    }

    @Override
    public List<RegisteredService> services() {
        return services;
    }

    @Override
    public ServiceDefinition definition(ServiceKey key) throws RegistryLookupException {
        return services.stream().filter(s -> s.key().equals(key)).findFirst()
                .orElseThrow(() -> new RegistryLookupException(RegistryLookupException.Reason.UNKNOWN_SERVICE,
                        "has no provider in " + describe() + " (looked for " + key.describe() + ")", ""))
                .definition();
    }

    @Override
    public void requireProvider(ServiceKey key) throws RegistryLookupException {
        definition(key);
    }

    @Override
    public List<String> providedBy(ServiceKey key) {
        return List.of();
    }

    @Override
    public void requireAccess() {
        // the fake refuses no one
    }

    @Override
    public void close() {
        closed = true;
    }
}
