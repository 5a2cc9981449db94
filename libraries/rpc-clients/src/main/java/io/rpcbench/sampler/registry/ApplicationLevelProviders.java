package io.rpcbench.sampler.registry;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.apache.curator.framework.CuratorFramework;
import org.apache.zookeeper.KeeperException;

/**
 * The providers of an interface that a ZooKeeper registry holds at application level: how a Dubbo 3 provider with
 * {@code register-mode=instance} is found, since it writes no {@code /dubbo/<interface>/providers} node (one with
 * {@code all}, Dubbo 3's default, writes both; a Dubbo 2.7 provider only that node).
 *
 * <p>Where (measured on a Dubbo 3.3.6 provider whose registry is also its metadata centre, see docs/any-service.md):
 * Dubbo's own interface-to-application mapping, {@code /dubbo/mapping/<interface>}, a persistent node whose data
 * names the applications, comma-separated (what a consumer with a metadata centre reads); each application's running
 * instances, the ephemeral children of {@code /services/<application>}. The service definition stays where an
 * interface-level provider puts it ({@link ZooKeeperRegistry#metadataPath}).
 *
 * <p>Order of calls: {@link #of} with a connected client, then ask the result; {@link #servedInterfaces} for an error
 * message's list of what the registry does serve.
 */
final class ApplicationLevelProviders {

    static final String MAPPING = "/dubbo/mapping";
    static final String SERVICES = "/services";

    private final String interfaceName;
    private final Map<String, List<String>> instancesByApplication;

    private ApplicationLevelProviders(String interfaceName, Map<String, List<String>> instancesByApplication) {
        this.interfaceName = interfaceName;
        this.instancesByApplication = instancesByApplication;
    }

    /** What {@code zookeeper} holds about the applications serving {@code interfaceName}. */
    static ApplicationLevelProviders of(CuratorFramework zookeeper, String interfaceName) throws Exception {
        Map<String, List<String>> instances = new LinkedHashMap<>();
        for (String application : mappedApplications(zookeeper, interfaceName)) {
            instances.put(application, children(zookeeper, SERVICES + "/" + application));
        }
        return new ApplicationLevelProviders(interfaceName, instances);
    }

    /** The applications the mapping names, in its order; none when there is no mapping. */
    List<String> mapped() {
        return List.copyOf(instancesByApplication.keySet());
    }

    /** The mapped applications with at least one instance running now. */
    List<String> running() {
        return instancesByApplication.entrySet().stream().filter(entry -> !entry.getValue().isEmpty())
                .map(Map.Entry::getKey).toList();
    }

    /**
     * What was looked at and found, for a "no provider" message: e.g. {@code /dubbo/mapping/com.example.Foo names
     * [shop], with no instance under /services/shop}.
     */
    String describe() {
        String mapping = mappingPath(interfaceName);
        if (instancesByApplication.isEmpty()) {
            return mapping + " names no application";
        }
        List<String> found = new ArrayList<>();
        instancesByApplication.forEach((application, instances) -> found.add((instances.isEmpty() ? "no instance"
                : "instances " + instances) + " under " + SERVICES + "/" + application));
        return mapping + " names " + mapped() + ", with " + String.join(", ", found);
    }

    static String mappingPath(String interfaceName) {
        return MAPPING + "/" + interfaceName;
    }

    /** The interfaces the mapping gives an application with a running instance. */
    static Set<String> servedInterfaces(CuratorFramework zookeeper) throws Exception {
        Set<String> served = new TreeSet<>();
        for (String interfaceName : children(zookeeper, MAPPING)) {
            if (!of(zookeeper, interfaceName).running().isEmpty()) {
                served.add(interfaceName);
            }
        }
        return served;
    }

    private static List<String> mappedApplications(CuratorFramework zookeeper, String interfaceName)
            throws Exception {
        byte[] data;
        try {
            data = zookeeper.getData().forPath(mappingPath(interfaceName));
        } catch (KeeperException.NoNodeException e) {
            return List.of();
        }
        List<String> applications = new ArrayList<>();
        for (String name : new String(data == null ? new byte[0] : data, StandardCharsets.UTF_8).split(",")) {
            if (!name.isBlank() && !applications.contains(name.strip())) {
                applications.add(name.strip());
            }
        }
        return applications;
    }

    private static List<String> children(CuratorFramework zookeeper, String path) throws Exception {
        try {
            return zookeeper.getChildren().forPath(path).stream().sorted().toList();
        } catch (KeeperException.NoNodeException e) {
            return List.of();
        }
    }
}
