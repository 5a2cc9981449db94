package io.rpcbench.catalogue;

import io.rpcbench.sampler.registry.RegistryAccess;
import io.rpcbench.sampler.registry.ServiceRegistry;

/**
 * The registries the commands read when run: ZooKeeper and Nacos, through the samplers' own registry reading.
 *
 * <p>PENDING: {@code io.rpcbench.sampler.registry.ServiceRegistries} (the samplers' implementations of
 * {@link ServiceRegistry}) is being written in the main line and not here yet. When it lands, replace the body of
 * {@link #open} by the one commented line and delete the throw; nothing else in the catalogue changes.
 */
final class LiveRegistries implements RegistryOpener {

    @Override
    public ServiceRegistry open(String address, RegistryAccess access, int timeoutMs) {
        // return io.rpcbench.sampler.registry.ServiceRegistries.open(address, access, timeoutMs);
        throw new UnsupportedOperationException("reading a registry needs io.rpcbench.sampler.registry"
                + ".ServiceRegistries, which this build does not have yet (see LiveRegistries)");
    }
}
