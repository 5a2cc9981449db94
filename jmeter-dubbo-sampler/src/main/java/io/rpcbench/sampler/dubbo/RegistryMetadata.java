package io.rpcbench.sampler.dubbo;

import io.rpcbench.sampler.call.BadParameterException;
import io.rpcbench.sampler.call.FailureClassifier;
import io.rpcbench.sampler.json.ServiceDefinition;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.dubbo.rpc.RpcException;
import org.apache.zookeeper.KeeperException;

/**
 * Reads a service's {@link ServiceDefinition} from the ZooKeeper registry, where a Dubbo 3 provider whose registry
 * is also its metadata center (Dubbo's default) stores it. Dubbo 3.3.6's metadata service itself answers method
 * names only, so this is where full signatures are. It also says why a call found no provider
 * ({@link #explainNoProvider}), in the same words as when the definition is read.
 *
 * <p>Where: the provider URLs under {@code /dubbo/<interface>/providers} name the provider's {@code application}
 * (those matching the version and group asked for); when they name none, as for a Dubbo 3 provider registered at
 * application level only ({@code register-mode=instance}), Dubbo's interface-to-application mapping does, for an
 * application with a running instance ({@link ApplicationLevelProviders}). The definition is the JSON at
 * {@code /dubbo/metadata/<interface>[/<version>][/<group>]/provider/<application>}, which a Dubbo 3.3 provider writes
 * in either registration mode. {@link #providedBy} tells the samplers' consumers such an application, which Dubbo,
 * without a metadata centre, would not find.
 *
 * <p>Definitions are cached per registry, interface, version and group until the samplers' last Dubbo consumer is
 * released ({@link #forget}, so that a rerun in the GUI reads a redeployed provider's methods): every sampler thread
 * asks on its first sample, and a thousand threads must not open a thousand ZooKeeper sessions, so the threads that
 * ask at once share one read. A failed read is shared the same way and kept for {@link #RETRY_AFTER_MS}, after which
 * the next sample reads again (a provider still starting, metadata not yet written).
 */
public final class RegistryMetadata {

    private static final String ROOT = "/dubbo";
    private static final Set<String> NOT_SERVICES = Set.of("metadata", "mapping", "config");
    private static final Map<List<String>, CompletableFuture<ServiceDefinition>> CACHE = new ConcurrentHashMap<>();

    /** How long a failed read answers for the registry before it is tried again. */
    static final long RETRY_AFTER_MS = 1000;

    private RegistryMetadata() {}

    /**
     * The definition of {@code settings.interfaceName()} in the registry of {@code settings.address()}.
     *
     * @throws BadParameterException when the registry has never heard of the interface, naming those it serves
     * @throws NoProviderException   when the interface is known there but has no provider of that version and group
     * @throws ConnectException      when ZooKeeper does not answer within the timeout
     * @throws IOException           when the definition cannot be read
     */
    public static ServiceDefinition definition(DubboSettings settings) throws IOException, InterruptedException {
        return definition(settings, settings.nacos() ? NacosServices::definition : RegistryMetadata::read);
    }

    /** How a definition is read: from ZooKeeper, or in tests from a fake. */
    interface Reader {
        ServiceDefinition read(DubboSettings settings) throws IOException, InterruptedException;
    }

    /** {@link #definition(DubboSettings)}, reading through {@code reader} when no read is shared. */
    static ServiceDefinition definition(DubboSettings settings, Reader reader) throws IOException, InterruptedException {
        return shared(List.of(settings.registryHostPort(), settings.interfaceName(), settings.version(),
                settings.group()), settings, reader, true);
    }

    /**
     * For a client's catch of a failed call: when the call went through the registry and Dubbo found no provider
     * ("No provider available"), says why, for {@code settings.interfaceName()}, as
     * {@link #definition} says it when it looks for the metadata: throws when the registry lists no provider of that
     * interface, version and group now, and returns when it lists one (then the caller's own failure stands).
     *
     * @throws BadParameterException when the registry has never heard of the interface, naming those it serves
     * @throws NoProviderException   when the interface is known there but has no provider of that version and group
     * @throws ConnectException      when ZooKeeper does not answer within the timeout
     */
    public static void explainIfNoProvider(DubboSettings settings, RpcException failure)
            throws IOException, InterruptedException {
        if (settings.direct() || !FailureClassifier.noProvider(failure)) {
            return;
        }
        if (settings.nacos()) {
            NacosServices.explainNoProvider(settings);
        } else {
            explainNoProvider(settings);
        }
    }

    /** {@link #explainIfNoProvider} once the call is known to have gone through the registry and found none. */
    static void explainNoProvider(DubboSettings settings) throws IOException, InterruptedException {
        // Kept only RETRY_AFTER_MS, like a failure, also when a provider is listed: this is asked only after a call
        // found none, and a later such call should look again.
        shared(List.of("providers", settings.registryHostPort(), settings.interfaceName(), settings.version(),
                settings.group()), settings, RegistryMetadata::requireProvider, false);
    }

    /**
     * The read of {@code key}, shared by the threads that ask at once; a failure is kept for {@link #RETRY_AFTER_MS},
     * a success until {@link #forget} ({@code keepSuccess}) or as long as a failure.
     */
    private static ServiceDefinition shared(List<String> key, DubboSettings settings, Reader reader,
            boolean keepSuccess) throws IOException, InterruptedException {
        CompletableFuture<ServiceDefinition> mine = new CompletableFuture<>();
        CompletableFuture<ServiceDefinition> shared = CACHE.putIfAbsent(key, mine);
        if (shared == null) {
            shared = mine;
            try {
                mine.complete(reader.read(settings));
                if (!keepSuccess) {
                    removeLater(key, mine);
                }
            } catch (Throwable e) { // even an Error (a missing class, say): every waiting thread must get an answer
                mine.completeExceptionally(e);
                removeLater(key, mine);
            }
        }
        try {
            return shared.get(); // the read has deadlines of its own: ZooKeeper's connection and session timeouts
        } catch (ExecutionException e) {
            throw rethrown(e.getCause());
        }
    }

    private static void removeLater(List<String> key, CompletableFuture<ServiceDefinition> read) {
        CompletableFuture.delayedExecutor(RETRY_AFTER_MS, TimeUnit.MILLISECONDS).execute(() -> CACHE.remove(key, read));
    }

    /** Drops every cached definition: the next sample reads the registry again. */
    public static void forget() {
        CACHE.clear();
    }

    /** The read's own failure, for each thread that waited on it (its stack is the reading thread's). */
    private static IOException rethrown(Throwable failure) throws InterruptedException {
        if (failure instanceof InterruptedException interrupted) {
            throw interrupted;
        }
        if (failure instanceof RuntimeException runtime) {
            throw runtime;
        }
        if (failure instanceof Error error) {
            throw error;
        }
        return failure instanceof IOException io ? io : new IOException(failure);
    }

    private static ServiceDefinition read(DubboSettings settings) throws IOException, InterruptedException {
        return inRegistry(settings, "reading the metadata of " + settings.interfaceName(), zookeeper -> {
            String application = application(zookeeper, settings);
            String path = metadataPath(settings, application);
            byte[] data;
            try {
                data = zookeeper.getData().forPath(path);
            } catch (KeeperException.NoNodeException e) {
                throw BadParameterException.of(DubboServiceRequest.PARAMETER_TYPES, "",
                        "is empty, and the provider application '" + application + "' published no metadata at "
                                + path + " in " + settings.address(),
                        "the parameter types, comma-separated (the provider's metadata center may be elsewhere)");
            }
            return ServiceDefinition.parse(new String(data, StandardCharsets.UTF_8));
        });
    }

    private static ServiceDefinition requireProvider(DubboSettings settings) throws IOException, InterruptedException {
        return inRegistry(settings, "looking for providers of " + settings.interfaceName(), zookeeper -> {
            if (providerUrls(zookeeper, settings).isEmpty()
                    && applicationLevel(zookeeper, settings, ApplicationLevelProviders.of(zookeeper,
                            settings.interfaceName())).isEmpty()) {
                throw noProvider(zookeeper, settings);
            }
            return ServiceDefinition.NONE;
        });
    }

    /**
     * The applications a consumer of {@code settings} must be told ({@code provided-by}) to find its providers: those
     * Dubbo's interface-to-application mapping names, when {@code /dubbo/<interface>/providers} lists no provider of
     * the version and group asked for (providers registered at application level only); none when it lists one (the
     * consumer then calls interface-level providers, as it always has) or the mapping names none. Read once per
     * consumer, when it is built: Dubbo then follows those applications' instances as they come and go.
     *
     * @throws ConnectException when ZooKeeper does not answer within the timeout
     * @throws IOException      when the registry cannot be read
     */
    public static List<String> providedBy(DubboSettings settings) throws IOException, InterruptedException {
        return inRegistry(settings, "looking for the application of " + settings.interfaceName(), zookeeper ->
                providerUrls(zookeeper, settings).isEmpty()
                        ? ApplicationLevelProviders.of(zookeeper, settings.interfaceName()).mapped()
                        : List.of());
    }

    /** What is read in the registry, given a connected client. */
    private interface RegistryRead<T> {
        T read(CuratorFramework zookeeper) throws Exception;
    }

    /** Connects to the registry's ZooKeeper for one read ({@code purpose} names it in failures), then closes. */
    private static <T> T inRegistry(DubboSettings settings, String purpose, RegistryRead<T> read)
            throws IOException, InterruptedException {
        int timeoutMs = Math.max(settings.timeoutMs(), 1000);
        try (CuratorFramework zookeeper = CuratorFrameworkFactory.builder()
                .connectString(settings.registryHostPort())
                .connectionTimeoutMs(timeoutMs)
                .sessionTimeoutMs(Math.max(timeoutMs, 4000))
                .retryPolicy(new RetryOneTime(100))
                .build()) {
            zookeeper.start();
            if (!zookeeper.blockUntilConnected(timeoutMs, TimeUnit.MILLISECONDS)) {
                throw new ConnectException("no answer from ZooKeeper at " + settings.registryHostPort() + " within "
                        + timeoutMs + " ms while " + purpose);
            }
            return read.read(zookeeper);
        } catch (IOException | InterruptedException | RuntimeException e) {
            throw e;
        } catch (Exception e) { // Curator declares Exception
            throw new IOException(purpose + " from " + settings.address() + ": " + e, e);
        }
    }

    /**
     * The application of a provider of the version and group asked for: named by its interface-level URL, else by
     * Dubbo's mapping ({@link #applicationLevel}).
     */
    private static String application(CuratorFramework zookeeper, DubboSettings settings) throws Exception {
        for (Map<String, String> query : providerUrls(zookeeper, settings)) {
            if (query.containsKey("application")) {
                return query.get("application");
            }
        }
        List<String> applications = applicationLevel(zookeeper, settings,
                ApplicationLevelProviders.of(zookeeper, settings.interfaceName()));
        if (!applications.isEmpty()) {
            return applications.get(0);
        }
        throw noProvider(zookeeper, settings);
    }

    /**
     * The applications with a running instance that the mapping gives the interface and that serve the version and
     * group asked for. An instance's record names no interface, version or group (its metadata, on the provider,
     * does), so the definition the application published for that version and group stands for it; when a version
     * or group is asked for, an application without one does not serve it. Without either, an application that
     * published no definition here (its metadata centre elsewhere) still counts: the definition's read names the path
     * it looked at.
     */
    private static List<String> applicationLevel(CuratorFramework zookeeper, DubboSettings settings,
            ApplicationLevelProviders found) throws Exception {
        List<String> published = new ArrayList<>();
        for (String application : found.running()) {
            if (zookeeper.checkExists().forPath(metadataPath(settings, application)) != null) {
                published.add(application);
            }
        }
        boolean anyVersionOrGroup = settings.version().isEmpty() && settings.group().isEmpty();
        return published.isEmpty() && anyVersionOrGroup ? found.running() : published;
    }

    /** The query parameters of the provider URLs of the version and group asked for. */
    private static List<Map<String, String>> providerUrls(CuratorFramework zookeeper, DubboSettings settings)
            throws Exception {
        List<Map<String, String>> matching = new ArrayList<>();
        for (String encoded : providerNodes(zookeeper, settings)) {
            Map<String, String> query = query(URLDecoder.decode(encoded, StandardCharsets.UTF_8));
            if (query.getOrDefault("version", "").equals(settings.version())
                    && query.getOrDefault("group", "").equals(settings.group())) {
                matching.add(query);
            }
        }
        return matching;
    }

    private static List<String> providerNodes(CuratorFramework zookeeper, DubboSettings settings) throws Exception {
        try {
            return zookeeper.getChildren().forPath(providersPath(settings));
        } catch (KeeperException.NoNodeException e) {
            return List.of();
        }
    }

    private static String providersPath(DubboSettings settings) {
        return ROOT + "/" + settings.interfaceName() + "/providers";
    }

    /**
     * Why the registry has no provider of the interface, naming where it looked for either kind of registration
     * (interface-level URLs, Dubbo's mapping and the mapped applications' instances): a provider that published its
     * metadata there once is stopped or not yet started ({@code connection}); an interface (or version, or group) it
     * has never heard of is a mistake in the sampler's parameters, answered with the interfaces it does serve.
     */
    private static Exception noProvider(CuratorFramework zookeeper, DubboSettings settings) throws Exception {
        List<String> urls = providerNodes(zookeeper, settings);
        String providers = providersPath(settings);
        String wanted = settings.interfaceName()
                + (settings.version().isEmpty() ? "" : " version " + settings.version())
                + (settings.group().isEmpty() ? "" : " group " + settings.group());
        ApplicationLevelProviders applicationLevel = ApplicationLevelProviders.of(zookeeper, settings.interfaceName());
        String lookedAt = providers + " lists " + (urls.isEmpty() ? "none" : "none of that version and group")
                + "; " + applicationLevel.describe()
                + (applicationLevel.running().isEmpty() ? "" : ", none of which published that version and group's "
                        + "definition at " + metadataPath(settings, applicationLevel.running().get(0)));
        Set<String> served = served(zookeeper);
        // Consumers create the providers node too (Dubbo subscribes there); only providers publish metadata.
        String published = metadataPath(settings, "");
        // The mapping is no such sign: it is per interface, not per version and group, and outlives its providers.
        if (zookeeper.checkExists().forPath(published.substring(0, published.length() - 1)) != null) {
            return new NoProviderException("no provider of " + wanted + " in the registry " + settings.address()
                    + " now (" + lookedAt + "; though one published its metadata there); interfaces with providers "
                    + "there: " + served);
        }
        return BadParameterException.of(DubboSettings.INTERFACE, settings.interfaceName(),
                "has no provider in the registry " + settings.address() + " (looked for " + wanted + ": " + lookedAt
                        + ")",
                "one of the interfaces with providers there: " + served);
    }

    /** The interfaces that have at least one provider registered, per interface or at application level. */
    private static Set<String> served(CuratorFramework zookeeper) throws Exception {
        Set<String> names = new TreeSet<>(ApplicationLevelProviders.servedInterfaces(zookeeper));
        try {
            for (String child : zookeeper.getChildren().forPath(ROOT)) {
                if (NOT_SERVICES.contains(child)) {
                    continue;
                }
                try {
                    if (!zookeeper.getChildren().forPath(ROOT + "/" + child + "/providers").isEmpty()) {
                        names.add(child);
                    }
                } catch (KeeperException.NoNodeException e) {
                    // registered by consumers only
                }
            }
        } catch (KeeperException.NoNodeException e) {
            // nothing registered at all
        }
        return names;
    }

    static String metadataPath(DubboSettings settings, String application) {
        List<String> parts = new ArrayList<>(List.of(ROOT, "metadata",
                URLEncoder.encode(settings.interfaceName(), StandardCharsets.UTF_8)));
        if (!settings.version().isEmpty()) {
            parts.add(settings.version());
        }
        if (!settings.group().isEmpty()) {
            parts.add(settings.group());
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
