package io.rpcbench.sampler.registry;

import io.rpcbench.sampler.json.ServiceDefinition;
import io.rpcbench.sampler.registry.RegistryLookupException.Reason;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.zookeeper.KeeperException;

/**
 * A ZooKeeper registry as Dubbo writes it, read with one Curator client kept until {@link #close}.
 *
 * <p>Where: an interface-level provider's URL is a child of {@code /dubbo/<interface>/providers} and names its
 * {@code application}; a Dubbo 3 provider registered at application level only ({@code register-mode=instance}) is
 * found through Dubbo's interface-to-application mapping ({@link ApplicationLevelProviders}). The definition is the
 * JSON at {@code /dubbo/metadata/<interface>[/<version>][/<group>]/provider/<application>}, which a Dubbo 3.3
 * provider writes in either registration mode, and a Dubbo 2.7 provider with a metadata report.
 */
final class ZooKeeperRegistry implements ServiceRegistry {

    private static final String ROOT = "/dubbo";
    private static final Set<String> NOT_SERVICES = Set.of("metadata", "mapping", "config");

    private final String address;
    private final int timeoutMs;
    private final CuratorFramework zookeeper;

    /**
     * Connects to the ZooKeeper of {@code address} ({@code zookeeper://host:port}).
     *
     * @throws ConnectException when it does not answer within {@code timeoutMs}
     */
    static ZooKeeperRegistry open(String address, String hostPort, int timeoutMs)
            throws ConnectException, InterruptedException {
        CuratorFramework zookeeper = CuratorFrameworkFactory.builder()
                .connectString(hostPort)
                .connectionTimeoutMs(timeoutMs)
                .sessionTimeoutMs(Math.max(timeoutMs, 4000))
                .retryPolicy(new RetryOneTime(100))
                .build();
        ZooKeeperRegistry registry = new ZooKeeperRegistry(address, timeoutMs, zookeeper);
        try {
            zookeeper.start();
            registry.requireConnected("connecting");
            return registry;
        } catch (ConnectException | InterruptedException | RuntimeException e) {
            zookeeper.close();
            throw e;
        }
    }

    private ZooKeeperRegistry(String address, int timeoutMs, CuratorFramework zookeeper) {
        this.address = address;
        this.timeoutMs = timeoutMs;
        this.zookeeper = zookeeper;
    }

    @Override
    public String describe() {
        return "the registry " + address;
    }

    @Override
    public ServiceDefinition definition(ServiceKey key) throws IOException, InterruptedException {
        return read("reading the metadata of " + key.interfaceName(), () -> {
            String application = application(key);
            String path = metadataPath(key, application);
            byte[] data;
            try {
                data = zookeeper.getData().forPath(path);
            } catch (KeeperException.NoNodeException e) {
                throw new RegistryLookupException(Reason.NO_DEFINITION, "the provider application '" + application
                        + "' published no metadata at " + path + " in " + address, "");
            }
            return ServiceDefinition.parse(new String(data, StandardCharsets.UTF_8));
        });
    }

    @Override
    public void requireProvider(ServiceKey key) throws IOException, InterruptedException {
        read("looking for providers of " + key.interfaceName(), () -> {
            if (providerUrls(key).isEmpty()
                    && applicationLevel(key, ApplicationLevelProviders.of(zookeeper, key.interfaceName())).isEmpty()) {
                throw noProvider(key);
            }
            return null;
        });
    }

    @Override
    public List<String> providedBy(ServiceKey key) throws IOException, InterruptedException {
        return read("looking for the application of " + key.interfaceName(), () -> providerUrls(key).isEmpty()
                ? ApplicationLevelProviders.of(zookeeper, key.interfaceName()).mapped()
                : List.of());
    }

    @Override
    public void requireAccess() {
        // ZooKeeper's ACLs are not Dubbo's concern here: what a consumer may read, it reads.
    }

    @Override
    public List<RegisteredService> services() throws IOException, InterruptedException {
        return read("listing the services", () -> {
            Map<ServiceKey, List<String>> interfaceLevel = new TreeMap<>(ServiceRegistries.ORDER);
            for (String interfaceName : children(ROOT)) {
                if (NOT_SERVICES.contains(interfaceName)) {
                    continue;
                }
                for (String encoded : children(providersPath(interfaceName))) {
                    Map<String, String> query = query(URLDecoder.decode(encoded, StandardCharsets.UTF_8));
                    List<String> applications = interfaceLevel.computeIfAbsent(new ServiceKey(interfaceName,
                            query.get("version"), query.get("group")), k -> new ArrayList<>());
                    String application = query.getOrDefault("application", "");
                    if (!application.isEmpty() && !applications.contains(application)) {
                        applications.add(application);
                    }
                }
            }
            List<RegisteredService> services = new ArrayList<>();
            interfaceLevel.forEach((key, applications) -> services.add(new RegisteredService(key, applications,
                    false, publishedDefinition(key, applications))));
            for (String interfaceName : ApplicationLevelProviders.servedInterfaces(zookeeper)) {
                services.addAll(applicationLevelServices(interfaceName, interfaceLevel.keySet()));
            }
            services.sort((a, b) -> ServiceRegistries.ORDER.compare(a.key(), b.key()));
            return services;
        });
    }

    /**
     * The versions and groups an application-level provider of {@code interfaceName} serves: those its running
     * applications published a definition for (the instance's record names none), minus those registered per
     * interface too ({@code register-mode=all}).
     */
    private List<RegisteredService> applicationLevelServices(String interfaceName, Set<ServiceKey> listed)
            throws Exception {
        List<String> running = ApplicationLevelProviders.of(zookeeper, interfaceName).running();
        Map<ServiceKey, List<String>> byKey = new LinkedHashMap<>();
        String base = ROOT + "/metadata/" + URLEncoder.encode(interfaceName, StandardCharsets.UTF_8);
        for (String path : providerMetadataPaths(base)) {
            String[] parts = path.substring(base.length() + 1).split("/");
            // [version/][group/]provider/application
            String application = parts[parts.length - 1];
            if (!running.contains(application)) {
                continue;
            }
            ServiceKey key = new ServiceKey(interfaceName, parts.length >= 3 ? parts[0] : "",
                    parts.length >= 4 ? parts[1] : "");
            byKey.computeIfAbsent(key, k -> new ArrayList<>()).add(application);
        }
        if (byKey.isEmpty()) {
            byKey.put(new ServiceKey(interfaceName, "", ""), running);
        }
        List<RegisteredService> services = new ArrayList<>();
        byKey.forEach((key, applications) -> {
            if (!listed.contains(key)) {
                services.add(new RegisteredService(key, applications, true, publishedDefinition(key, applications)));
            }
        });
        return services;
    }

    /** The paths under {@code base} that end in {@code provider/<application>}: at most three levels down. */
    private List<String> providerMetadataPaths(String base) throws Exception {
        List<String> found = new ArrayList<>();
        collectProviderPaths(base, 0, found);
        return found;
    }

    private void collectProviderPaths(String path, int depth, List<String> found) throws Exception {
        for (String child : children(path)) {
            if (child.equals("provider")) {
                for (String application : children(path + "/provider")) {
                    found.add(path + "/provider/" + application);
                }
            } else if (depth < 2) {
                collectProviderPaths(path + "/" + child, depth + 1, found);
            }
        }
    }

    /** The first definition one of {@code applications} published for {@code key}, or none. */
    private ServiceDefinition publishedDefinition(ServiceKey key, List<String> applications) {
        for (String application : applications) {
            try {
                byte[] data = zookeeper.getData().forPath(metadataPath(key, application));
                if (data != null && data.length > 0) {
                    return ServiceDefinition.parse(new String(data, StandardCharsets.UTF_8));
                }
            } catch (Exception e) {
                // none there, or not a definition: the listing shows the service without its methods
            }
        }
        return ServiceDefinition.NONE;
    }

    @Override
    public void close() {
        zookeeper.close();
    }

    /** What is read, given the connected client. */
    private interface Read<T> {
        T read() throws Exception;
    }

    /** Runs {@code read} once the client is connected ({@code purpose} names it in failures). */
    private <T> T read(String purpose, Read<T> read) throws IOException, InterruptedException {
        requireConnected(purpose);
        try {
            return read.read();
        } catch (IOException | InterruptedException | RuntimeException e) {
            throw e;
        } catch (Exception e) { // Curator declares Exception
            throw new IOException(purpose + " from " + address + ": " + e, e);
        }
    }

    private void requireConnected(String purpose) throws ConnectException, InterruptedException {
        if (!zookeeper.getZookeeperClient().isConnected()
                && !zookeeper.blockUntilConnected(timeoutMs, TimeUnit.MILLISECONDS)) {
            throw new ConnectException("no answer from ZooKeeper at " + zookeeper.getZookeeperClient()
                    .getCurrentConnectionString() + " within " + timeoutMs + " ms while " + purpose);
        }
    }

    /**
     * The application of a provider of the version and group asked for: named by its interface-level URL, else by
     * Dubbo's mapping ({@link #applicationLevel}).
     */
    private String application(ServiceKey key) throws Exception {
        for (Map<String, String> query : providerUrls(key)) {
            if (query.containsKey("application")) {
                return query.get("application");
            }
        }
        List<String> applications = applicationLevel(key, ApplicationLevelProviders.of(zookeeper,
                key.interfaceName()));
        if (!applications.isEmpty()) {
            return applications.get(0);
        }
        throw noProvider(key);
    }

    /**
     * The applications with a running instance that the mapping gives the interface and that serve the version and
     * group asked for. An instance's record names no interface, version or group (its metadata, on the provider,
     * does), so the definition the application published for that version and group stands for it; when a version
     * or group is asked for, an application without one does not serve it. Without either, an application that
     * published no definition here (its metadata centre elsewhere) still counts: the definition's read names the path
     * it looked at.
     */
    private List<String> applicationLevel(ServiceKey key, ApplicationLevelProviders found) throws Exception {
        List<String> published = new ArrayList<>();
        for (String application : found.running()) {
            if (zookeeper.checkExists().forPath(metadataPath(key, application)) != null) {
                published.add(application);
            }
        }
        boolean anyVersionOrGroup = key.version().isEmpty() && key.group().isEmpty();
        return published.isEmpty() && anyVersionOrGroup ? found.running() : published;
    }

    /** The query parameters of the provider URLs of the version and group asked for. */
    private List<Map<String, String>> providerUrls(ServiceKey key) throws Exception {
        List<Map<String, String>> matching = new ArrayList<>();
        for (String encoded : children(providersPath(key.interfaceName()))) {
            Map<String, String> query = query(URLDecoder.decode(encoded, StandardCharsets.UTF_8));
            if (query.getOrDefault("version", "").equals(key.version())
                    && query.getOrDefault("group", "").equals(key.group())) {
                matching.add(query);
            }
        }
        return matching;
    }

    private List<String> children(String path) throws Exception {
        try {
            return zookeeper.getChildren().forPath(path).stream().sorted().toList();
        } catch (KeeperException.NoNodeException e) {
            return List.of();
        }
    }

    private static String providersPath(String interfaceName) {
        return ROOT + "/" + interfaceName + "/providers";
    }

    /**
     * Why the registry has no provider of the interface, naming where it looked for either kind of registration
     * (interface-level URLs, Dubbo's mapping and the mapped applications' instances): a provider that published its
     * metadata there once is stopped or not yet started ({@code NO_PROVIDER}); an interface (or version, or group) it
     * has never heard of is a mistake in the request ({@code UNKNOWN_SERVICE}), answered with the interfaces it does
     * serve.
     */
    private RegistryLookupException noProvider(ServiceKey key) throws Exception {
        List<String> urls = children(providersPath(key.interfaceName()));
        ApplicationLevelProviders applicationLevel = ApplicationLevelProviders.of(zookeeper, key.interfaceName());
        String lookedAt = providersPath(key.interfaceName()) + " lists " + (urls.isEmpty() ? "none"
                : "none of that version and group") + "; " + applicationLevel.describe()
                + (applicationLevel.running().isEmpty() ? "" : ", none of which published that version and group's "
                        + "definition at " + metadataPath(key, applicationLevel.running().get(0)));
        Set<String> served = served();
        // Consumers create the providers node too (Dubbo subscribes there); only providers publish metadata.
        String published = metadataPath(key, "");
        // The mapping is no such sign: it is per interface, not per version and group, and outlives its providers.
        if (zookeeper.checkExists().forPath(published.substring(0, published.length() - 1)) != null) {
            return new RegistryLookupException(Reason.NO_PROVIDER, "no provider of " + key.describe()
                    + " in the registry " + address + " now (" + lookedAt + "; though one published its metadata "
                    + "there); interfaces with providers there: " + served, "");
        }
        return new RegistryLookupException(Reason.UNKNOWN_SERVICE, "has no provider in the registry " + address
                + " (looked for " + key.describe() + ": " + lookedAt + ")",
                "one of the interfaces with providers there: " + served);
    }

    /** The interfaces that have at least one provider registered, per interface or at application level. */
    private Set<String> served() throws Exception {
        Set<String> names = new TreeSet<>(ApplicationLevelProviders.servedInterfaces(zookeeper));
        for (String child : children(ROOT)) {
            if (!NOT_SERVICES.contains(child) && !children(providersPath(child)).isEmpty()) {
                names.add(child);
            }
        }
        return names;
    }

    static String metadataPath(ServiceKey key, String application) {
        List<String> parts = new ArrayList<>(List.of(ROOT, "metadata",
                URLEncoder.encode(key.interfaceName(), StandardCharsets.UTF_8)));
        if (!key.version().isEmpty()) {
            parts.add(key.version());
        }
        if (!key.group().isEmpty()) {
            parts.add(key.group());
        }
        parts.add("provider");
        parts.add(application);
        return String.join("/", parts);
    }

    private static Map<String, String> query(String url) {
        Map<String, String> query = new HashMap<>();
        int start = url.indexOf('?');
        if (start < 0) {
            return query;
        }
        for (String pair : url.substring(start + 1).split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                query.put(pair.substring(0, eq), pair.substring(eq + 1));
            }
        }
        return query;
    }
}
