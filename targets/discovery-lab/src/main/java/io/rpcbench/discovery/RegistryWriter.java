package io.rpcbench.discovery;

import java.nio.charset.StandardCharsets;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.curator.x.discovery.ServiceDiscovery;
import org.apache.curator.x.discovery.ServiceDiscoveryBuilder;
import org.apache.curator.x.discovery.ServiceInstance;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.registry.zookeeper.ZookeeperInstance;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;

/**
 * Writes registrations into one ZooKeeper the way Dubbo 3.3 writes them: interface-level URLs as ephemeral nodes
 * {@code /dubbo/<interface>/providers/<URL-encoded full URL>} (ZookeeperRegistry), application-level instances through
 * Curator's service discovery under {@code /services/<app>/<host:port>} with a {@link ZookeeperInstance} payload
 * (ZookeeperServiceDiscovery), and persistent nodes for the metadata report ({@code /dubbo/metadata/<app>/<revision>},
 * {@code /dubbo/mapping/<interface>}). The ephemeral nodes belong to this writer's session: {@link #close} removes
 * them, as a provider's exit does.
 *
 * <p>Order of calls: {@link #connect}, then any writes, then {@link #close}.
 */
final class RegistryWriter implements AutoCloseable {

    static final String ROOT = "/dubbo";
    static final String SERVICES = "/services";

    private final String address;
    private final CuratorFramework client;
    private final ServiceDiscovery<ZookeeperInstance> discovery;

    private RegistryWriter(String address, CuratorFramework client, ServiceDiscovery<ZookeeperInstance> discovery) {
        this.address = address;
        this.client = client;
        this.discovery = discovery;
    }

    /** Connects to {@code hostPort}, waiting at most 30 s. */
    static RegistryWriter connect(String hostPort) throws Exception {
        CuratorFramework client = CuratorFrameworkFactory.newClient(hostPort, new ExponentialBackoffRetry(200, 5));
        client.start();
        if (!client.blockUntilConnected(30, java.util.concurrent.TimeUnit.SECONDS)) {
            client.close();
            throw new IllegalStateException("ZooKeeper at " + hostPort + " did not answer within 30 s");
        }
        ServiceDiscovery<ZookeeperInstance> discovery = ServiceDiscoveryBuilder.builder(ZookeeperInstance.class)
                .client(client).basePath(SERVICES).build();
        discovery.start();
        return new RegistryWriter(hostPort, client, discovery);
    }

    String address() {
        return address;
    }

    /** The node of an interface-level provider URL. */
    static String providerPath(URL url) {
        return ROOT + "/" + url.getServiceInterface() + "/providers/" + URL.encode(url.toFullString());
    }

    /** Adds an interface-level URL; one this session has added already stays (a join twice is a join). */
    void addProvider(URL url, byte[] data) throws Exception {
        try {
            client.create().creatingParentsIfNeeded().withMode(CreateMode.EPHEMERAL).forPath(providerPath(url), data);
        } catch (KeeperException.NodeExistsException alreadyThere) {
            // a step that failed part-way left it; the next step's join finishes that step
        }
    }

    void removeProvider(URL url) throws Exception {
        try {
            client.delete().forPath(providerPath(url));
        } catch (KeeperException.NoNodeException alreadyGone) {
            // a leave twice is a leave
        }
    }

    void addInstance(ServiceInstance<ZookeeperInstance> instance) throws Exception {
        discovery.registerService(instance);
    }

    void removeInstance(ServiceInstance<ZookeeperInstance> instance) throws Exception {
        discovery.unregisterService(instance);
    }

    /** Creates or replaces a node at {@code path} with {@code mode}. */
    void put(String path, byte[] data, CreateMode mode) throws Exception {
        try {
            client.create().creatingParentsIfNeeded().withMode(mode).forPath(path, data);
        } catch (KeeperException.NodeExistsException exists) {
            client.setData().forPath(path, data);
        }
    }

    void put(String path, String text) throws Exception {
        put(path, text.getBytes(StandardCharsets.UTF_8), CreateMode.PERSISTENT);
    }

    CuratorFramework client() {
        return client;
    }

    @Override
    public void close() {
        try {
            discovery.close();
        } catch (Exception e) {
            // closing anyway: the session's end removes the instances
        }
        client.close();
    }
}
