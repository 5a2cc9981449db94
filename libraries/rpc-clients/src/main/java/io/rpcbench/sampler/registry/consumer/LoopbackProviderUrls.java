package io.rpcbench.sampler.registry.consumer;

import java.util.List;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.extension.Activate;
import org.apache.dubbo.registry.AddressListener;
import org.apache.dubbo.rpc.cluster.Directory;

/**
 * The interface-level half of {@link RegistryLoopback}: Dubbo's {@code AddressListener} SPI
 * ({@code META-INF/dubbo}), called by a reference's registry directory with the provider URLs of each registry
 * notification, before invokers are made of them. Active only where the registry URL carries
 * {@link RegistryLoopback#PARAMETER}, that is in the samplers' consumers.
 */
@Activate(value = RegistryLoopback.PARAMETER)
public final class LoopbackProviderUrls implements AddressListener {

    @Override
    public List<URL> notify(List<URL> addresses, URL consumerUrl, Directory registryDirectory) {
        return RegistryLoopback.keepOnLoopback(addresses);
    }
}
