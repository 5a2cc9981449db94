package io.rpcbench.sampler.registry.consumer;

import io.rpcbench.sampler.registry.RegistryAccess;
import io.rpcbench.sampler.registry.ServiceKey;

/**
 * What a Dubbo consumer's registry look-ups need of its settings ({@link RegistryLookups}): the registry as Dubbo is
 * given it, its host and port (one registry client per host, port and access), the user's access, how long to wait,
 * and the service looked up.
 *
 * @param address          the registry's address, e.g. {@code zookeeper://127.0.0.1:2181} or
 *                         {@code nacos://127.0.0.1:8848?namespace=bench}
 * @param registryHostPort its {@code host:port}
 * @param access           the user, password and Nacos namespace and group to read it with
 * @param timeoutMs        how long a read may wait for the registry
 * @param service          the service: interface, version and group
 */
public record ConsumerTarget(String address, String registryHostPort, RegistryAccess access, int timeoutMs,
        ServiceKey service) {}
