package io.rpcbench.sampler.registry.consumer;

import io.rpcbench.echo.DubboLoopback;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.common.url.component.DubboServiceAddressURL;
import org.apache.dubbo.common.url.component.PathURLAddress;
import org.apache.dubbo.common.url.component.ServiceConfigURL;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.registry.client.DefaultServiceInstance;
import org.apache.dubbo.registry.client.InstanceAddressURL;
import org.apache.dubbo.registry.client.ServiceInstance;
import org.apache.dubbo.rpc.model.ApplicationModel;

/**
 * Keeps the samplers' calls on loopback when a provider found in the registry registered a loopback host
 * ({@code dubbo://127.0.0.1:20880/...}, as providers not written by us do): its host is handed on in the
 * IPv4-mapped form {@code [::ffff:127.0.0.1]} ({@link DubboLoopback}, the rule the samplers already apply to direct
 * URLs), which Dubbo connects to as is and Java as 127.0.0.1.
 *
 * <h2>Where Dubbo 3.3 leaves loopback</h2>
 * The consumer keeps the registered host in its invoker URLs; only when a client connects does
 * {@code AbstractClient.getConnectAddress()} pass it through {@code NetUtils.filterLocalHost}, which replaces any host
 * that {@code NetUtils.isInvalidLocalHost} calls "none given" ({@code 127.*}, {@code localhost}, {@code 0.0.0.0})
 * with {@code NetUtils.getLocalHost()}: the first usable network card. Both transports connect that way
 * ({@code NettyClient.doConnect} for {@code dubbo}, {@code NettyConnectionClient} for {@code tri}), and so does the
 * call that fetches an application-level provider's metadata from the provider ({@code MetadataUtils.referProxy},
 * to the host {@code StandardMetadataServiceURLBuilder} takes from the instance). Measured in a network namespace
 * holding a lab address besides loopback (a user's report, and {@code RegistryLoopbackIT} in the benchmark module
 * before this class): a provider registered on 127.0.0.1 and listening there was dialled on the lab address, and every
 * call failed as {@code connection} ("Tried 1 times of the providers [127.0.0.1:43061] ... on the consumer
 * 198.19.251.1", then "No provider available ... invokersToReconnect"), while direct URLs, already mapped, passed.
 *
 * <p>{@code -Ddubbo.network.interface.ignored=.*} stops the rewrite only by leaving Dubbo no card: then
 * {@code NetUtils.getLocalAddress0} logs a NullPointerException with its stack trace ({@code findNetworkInterface()}
 * returns null) and, having found nothing to cache, does so on every lookup (301 warnings in a user's 3-second run of
 * 54 samples); and it changes every Dubbo application in the JVM.
 *
 * <h2>Where the host is changed instead, and why there</h2>
 * Before Dubbo builds anything from a provider's address, and only in the samplers' own consumers:
 * <ul>
 *   <li>interface-level registrations ({@code /dubbo/<interface>/providers}, all that a Dubbo 2.7 provider writes):
 *       {@link LoopbackProviderUrls}, an {@code AddressListener}, to which {@code RegistryDirectory.notify} hands each
 *       reference's provider URLs before it makes invokers of them;
 *   <li>application-level instances ({@code /services/<application>}, Dubbo 3): {@link LoopbackProviderInstances},
 *       a {@code ServiceInstanceNotificationCustomizer}, which {@code ServiceInstancesChangedListener} calls on each
 *       notification before it fetches the instances' metadata or makes URLs of them. An {@code AddressListener}
 *       comes too late there (the metadata call has left loopback already), and cannot give an application-level
 *       URL another host ({@code InstanceAddressURL.setHost} returns a URL of another kind, which that directory
 *       cannot use). The samplers reach this path when their consumer is told a service's application
 *       ({@code provided-by}): they have no metadata centre, so they name it themselves for a provider registered at
 *       application level only ({@link RegistryLookups#providedBy}).
 * </ul>
 * Both act only for applications carrying {@link #PARAMETER}, which {@code DubboReferences} sets on the samplers'
 * {@code ApplicationConfig} ({@link #mark}): Dubbo copies an application's parameters into its registry URLs, where the
 * listener's {@code @Activate} looks for it. Other Dubbo applications in the JVM never get the listener, and the
 * customizer, which Dubbo gives every application, does nothing in theirs. Narrower than the other places one could
 * change: {@code NetUtils} is static and JVM-wide, and a wrapper of Dubbo's {@code RegistryFactory} would wrap every
 * registry of every application. No system property is set, and providers register as before.
 */
public final class RegistryLoopback {

    /** The application parameter that switches both hooks on. */
    public static final String PARAMETER = "rpcbench.loopback";

    private RegistryLoopback() {}

    /** Marks {@code application} as the samplers': its consumers keep loopback providers on loopback. */
    public static void mark(ApplicationConfig application) {
        Map<String, String> parameters = application.getParameters() == null ? new HashMap<>()
                : new HashMap<>(application.getParameters());
        parameters.put(PARAMETER, Boolean.TRUE.toString());
        application.setParameters(parameters);
    }

    /** Whether {@code application} was {@link #mark marked}. */
    static boolean isMarked(ApplicationModel application) {
        return application != null && application.getApplicationConfigManager().getApplication()
                .map(ApplicationConfig::getParameters)
                .map(parameters -> Boolean.TRUE.toString().equals(parameters.get(PARAMETER)))
                .orElse(false);
    }

    /**
     * {@code providers} with every loopback host in its IPv4-mapped form, in the same order; other URLs (other hosts,
     * Dubbo's {@code empty://} "no provider" marker, application-level URLs) are the same objects.
     */
    static List<URL> keepOnLoopback(List<URL> providers) {
        List<URL> kept = new ArrayList<>(providers.size());
        for (URL provider : providers) {
            kept.add(keepOnLoopback(provider));
        }
        return kept;
    }

    /**
     * {@code provider} with a loopback host in its IPv4-mapped form, else itself. Application-level URLs are left
     * alone: their host is the instance's, mapped earlier by {@link #keepOnLoopback(ServiceInstance)} (a new host
     * would turn them into another kind of URL, which Dubbo's application-level directory cannot use).
     */
    static URL keepOnLoopback(URL provider) {
        String host = provider.getHost();
        String mapped = DubboLoopback.host(host);
        if (host == null || mapped.equals(host) || provider instanceof InstanceAddressURL) {
            return provider;
        }
        // A new address rather than URL.setHost, which keeps the registered "127.0.0.1:port" as getAddress().
        if (provider.getUrlAddress() instanceof PathURLAddress registered) {
            PathURLAddress address = new PathURLAddress(registered.getProtocol(), registered.getUsername(),
                    registered.getPassword(), registered.getPath(), mapped, registered.getPort());
            if (provider instanceof DubboServiceAddressURL fromRegistry) {
                return new DubboServiceAddressURL(address, fromRegistry.getUrlParam(), fromRegistry.getConsumerURL(),
                        fromRegistry.getOverrideURL());
            }
            if (provider instanceof ServiceConfigURL) {
                return new ServiceConfigURL(address, provider.getUrlParam(), provider.getAttributes());
            }
        }
        return provider.setHost(mapped);
    }

    /**
     * Gives {@code instance} the IPv4-mapped form of a loopback host. In place: Dubbo hands the customizer an
     * unmodifiable list of instances it has just built for this one notification.
     */
    static void keepOnLoopback(ServiceInstance instance) {
        String mapped = DubboLoopback.host(instance.getHost());
        if (instance instanceof DefaultServiceInstance registered && instance.getHost() != null
                && !mapped.equals(instance.getHost())) {
            registered.setHost(mapped);
        }
    }
}
