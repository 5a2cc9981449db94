package io.rpcbench.sampler.registry;

import java.io.IOException;
import java.net.URI;
import java.util.Comparator;

/** Opens the {@link ServiceRegistry} of a registry address: {@code zookeeper://host:port} or {@code nacos://host:port}. */
public final class ServiceRegistries {

    /** Services in the order listings show them: by interface, then version, then group. */
    static final Comparator<ServiceKey> ORDER = Comparator.comparing(ServiceKey::interfaceName)
            .thenComparing(ServiceKey::version).thenComparing(ServiceKey::group);

    private ServiceRegistries() {}

    /**
     * A reader of the registry at {@code address}, in {@code access}'s namespace and registry group and with its user
     * (Nacos; a namespace or group the address's query names, {@code ?namespace=ID&group=GROUP}, counts as Dubbo reads
     * it); close it when done.
     *
     * @param timeoutMs how long a registry that does not answer is waited for, per read
     * @throws IllegalArgumentException  when the address is neither {@code zookeeper://} nor {@code nacos://}
     * @throws java.net.ConnectException when ZooKeeper does not answer within {@code timeoutMs}
     * @throws IOException               when the registry's client cannot be made
     */
    public static ServiceRegistry open(String address, RegistryAccess access, int timeoutMs)
            throws IOException, InterruptedException {
        URI uri = URI.create(address);
        String hostPort = uri.getHost() + ":" + uri.getPort();
        if (uri.getHost() == null || uri.getPort() < 0) {
            throw new IllegalArgumentException("registry address '" + address + "' names no host:port; expected "
                    + "zookeeper://host:port or nacos://host:port");
        }
        int timeout = Math.max(timeoutMs, 1000);
        return switch (String.valueOf(uri.getScheme())) {
            case "zookeeper" -> ZooKeeperRegistry.open(address, hostPort, timeout);
            case "nacos" -> NacosRegistry.open(hostPort, access.withQueryOf(uri), timeout);
            default -> throw new IllegalArgumentException("registry address '" + address + "' is neither "
                    + "zookeeper:// nor nacos://; expected zookeeper://host:port or nacos://host:port");
        };
    }
}
