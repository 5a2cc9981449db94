package io.rpcbench.provider;

import io.rpcbench.provider.dubbo.RegisterMode;
import io.rpcbench.provider.registry.RegistryAddress;
import io.rpcbench.provider.thrift.ThriftProtocol;
import io.rpcbench.provider.thrift.ThriftTransport;
import java.util.Optional;

/**
 * Everything the provider app was asked to do, already checked: {@link ProviderCommand#settings(String...)}
 * builds it from command-line words, {@link EchoProvider#start(ProviderSettings)} runs it. Port 0 means
 * "pick a free port".
 *
 * @param bind            the address every endpoint listens on (and the host that is registered)
 * @param registry        an external ZooKeeper, or empty to start the embedded one
 * @param registerMode    what the Dubbo endpoints write into the registry: interface-level entries, the application
 *                        instance, or both (Dubbo 3's default)
 * @param zookeeperPort   port of the embedded ZooKeeper
 * @param dubbo           whether to export the echo service over Dubbo
 * @param dubboPort       port of the Dubbo protocol server
 * @param dubboProtocol   {@code dubbo} or {@code tri}
 * @param serialization   Dubbo serialization, e.g. {@code hessian2}
 * @param thrift          whether to serve the echo service over Thrift
 * @param thriftPort      port of the Thrift server
 * @param thriftTransport buffered or framed
 * @param thriftProtocol  binary or compact
 * @param threads         worker threads of the Dubbo and of the Thrift server each
 * @param delayMs         time every call sleeps before it answers (seed 002's simulated latency)
 * @param serviceWorkers  workers of a provider of known capacity, each endpoint its own ({@link ServiceWorkers}); 0:
 *                        none, calls are served by the protocol's threads at once
 * @param serviceTimeUs   each call's service time at one of {@code serviceWorkers}, in µs; 0 without workers
 * @param rest            whether to serve the echo over HTTP (seed 003's REST case; off unless asked for)
 * @param restPort        port of the HTTP endpoint
 * @param userService     whether to serve seed 004's user service over the four Dubbo 3.3 stacks (off unless asked for)
 * @param userServicePort port of the first stack, the other three following it; 0 picks a free port for each
 */
public record ProviderSettings(
        String bind,
        Optional<RegistryAddress> registry,
        RegisterMode registerMode,
        int zookeeperPort,
        boolean dubbo,
        int dubboPort,
        String dubboProtocol,
        String serialization,
        boolean thrift,
        int thriftPort,
        ThriftTransport thriftTransport,
        ThriftProtocol thriftProtocol,
        int threads,
        int delayMs,
        int serviceWorkers,
        long serviceTimeUs,
        boolean rest,
        int restPort,
        boolean userService,
        int userServicePort) {

    /** New workers of a provider of known capacity for one endpoint, or null when not asked for. */
    public ServiceWorkers newServiceWorkers() {
        return serviceWorkers == 0 ? null : new ServiceWorkers(serviceWorkers, serviceTimeUs);
    }
}
