package io.rpcbench.catalogue;

import io.rpcbench.sampler.registry.RegistryAccess;
import io.rpcbench.sampler.registry.ServiceRegistry;
import java.io.IOException;

/**
 * Opens the Dubbo registry at an address: the commands' one way to a registry, so that their tests hand them a fake.
 * The live one is {@link io.rpcbench.sampler.registry.ServiceRegistries#open}.
 */
@FunctionalInterface
interface RegistryOpener {

    /**
     * @param address   {@code zookeeper://host:port} or {@code nacos://host:port[?namespace=ID&group=GROUP]}
     * @param timeoutMs how long to wait for the registry to answer
     */
    ServiceRegistry open(String address, RegistryAccess access, int timeoutMs) throws IOException, InterruptedException;
}
