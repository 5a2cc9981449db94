package io.rpcbench.discovery;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.x.discovery.ServiceInstance;
import org.apache.curator.x.discovery.details.JsonInstanceSerializer;
import org.apache.dubbo.common.URL;
import org.apache.dubbo.registry.zookeeper.ZookeeperInstance;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.data.Stat;

/**
 * What a real Dubbo 3.3 provider (the provider app, registering in its embedded ZooKeeper) wrote: every node under
 * {@code /dubbo} and {@code /services}, read once. The nodes are copied as they are into the farm's registries, so
 * that consumers find and call the real service there; the echo service's interface-level URL and its instance are
 * the templates of the fake registrations ({@link FakeRegistrations}): what Dubbo writes, measured rather than
 * rebuilt from its source.
 *
 * <p>Order of calls: {@link #read} from the provider's ZooKeeper, then {@link #copyTo} each farm registry.
 */
final class RealRegistrations {

    /** The service whose registrations are the templates. */
    static final String TEMPLATE_SERVICE = "io.rpcbench.echo.EchoService";

    private record Node(String path, byte[] data, boolean ephemeral) {}

    private final List<Node> nodes;
    private final URL providerUrl;
    private final byte[] providerData;
    private final Map<String, String> instanceMetadata;

    private RealRegistrations(List<Node> nodes, URL providerUrl, byte[] providerData,
            Map<String, String> instanceMetadata) {
        this.nodes = nodes;
        this.providerUrl = providerUrl;
        this.providerData = providerData;
        this.instanceMetadata = instanceMetadata;
    }

    /**
     * Reads the provider's registrations.
     *
     * @throws IllegalStateException when the echo service is not registered at both levels there
     */
    static RealRegistrations read(CuratorFramework provider) throws Exception {
        List<Node> nodes = new ArrayList<>();
        for (String root : List.of(RegistryWriter.ROOT, RegistryWriter.SERVICES)) {
            if (provider.checkExists().forPath(root) != null) {
                collect(provider, root, nodes);
            }
        }
        String providers = RegistryWriter.ROOT + "/" + TEMPLATE_SERVICE + "/providers/";
        Node url = nodes.stream().filter(n -> n.path().startsWith(providers)).findFirst().orElseThrow(
                () -> new IllegalStateException("the provider registered no " + TEMPLATE_SERVICE + " under "
                        + providers + "; expected the provider app registering at interface level (register-mode "
                        + "all)"));
        URL template = URL.valueOf(URL.decode(url.path().substring(providers.length())));
        String app = template.getApplication();
        String instances = RegistryWriter.SERVICES + "/" + app + "/";
        Node instance = nodes.stream().filter(n -> n.path().startsWith(instances)).findFirst().orElseThrow(
                () -> new IllegalStateException("the provider registered no instance under " + instances
                        + "; expected the provider app registering at application level (register-mode all)"));
        ServiceInstance<ZookeeperInstance> parsed = new JsonInstanceSerializer<>(ZookeeperInstance.class)
                .deserialize(instance.data());
        return new RealRegistrations(List.copyOf(nodes), template, url.data(), parsed.getPayload().getMetadata());
    }

    private static void collect(CuratorFramework client, String path, List<Node> nodes) throws Exception {
        List<String> children = client.getChildren().forPath(path);
        if (children.isEmpty()) {
            Stat stat = new Stat();
            byte[] data = client.getData().storingStatIn(stat).forPath(path);
            nodes.add(new Node(path, data == null ? new byte[0] : data, stat.getEphemeralOwner() != 0));
            return;
        }
        for (String child : children) {
            collect(client, path + "/" + child, nodes);
        }
    }

    /** Writes every node read into {@code registry}, ephemeral ones as ephemeral. */
    void copyTo(RegistryWriter registry) throws Exception {
        for (Node node : nodes) {
            registry.put(node.path(), node.data(), node.ephemeral() ? CreateMode.EPHEMERAL : CreateMode.PERSISTENT);
        }
    }

    /** Leaf nodes read. */
    int nodes() {
        return nodes.size();
    }

    URL providerUrl() {
        return providerUrl;
    }

    byte[] providerData() {
        return providerData.clone();
    }

    Map<String, String> instanceMetadata() {
        return instanceMetadata;
    }

    /** The real nodes of the template service and instance, for the farm's log. */
    String describeTemplates() {
        return "interface-level URL " + providerUrl.toFullString().length() + " characters: "
                + providerUrl.toFullString() + "; node data '" + new String(providerData,
                java.nio.charset.StandardCharsets.UTF_8) + "'; instance metadata " + instanceMetadata;
    }
}
