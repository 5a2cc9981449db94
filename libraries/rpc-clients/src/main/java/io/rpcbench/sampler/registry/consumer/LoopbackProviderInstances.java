package io.rpcbench.sampler.registry.consumer;

import java.util.List;
import org.apache.dubbo.registry.client.ServiceInstance;
import org.apache.dubbo.registry.client.metadata.ServiceInstanceNotificationCustomizer;
import org.apache.dubbo.rpc.model.ApplicationModel;
import org.apache.dubbo.rpc.model.ScopeModelAware;

/**
 * The application-level half of {@link RegistryLoopback}: Dubbo's {@code ServiceInstanceNotificationCustomizer} SPI
 * ({@code META-INF/dubbo}), called with the provider instances of each notification before their metadata is fetched
 * from them and URLs are made of them. Dubbo makes one per application, with no activation of its own: it changes
 * nothing unless its application is {@link RegistryLoopback#mark marked} as the samplers'.
 */
public final class LoopbackProviderInstances implements ServiceInstanceNotificationCustomizer, ScopeModelAware {

    private volatile ApplicationModel application;

    @Override
    public void setApplicationModel(ApplicationModel applicationModel) {
        this.application = applicationModel;
    }

    @Override
    public void customize(List<ServiceInstance> instances) {
        if (RegistryLoopback.isMarked(application)) {
            instances.forEach(RegistryLoopback::keepOnLoopback);
        }
    }
}
