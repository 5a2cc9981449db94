package io.rpcbench.sampler.dubbo;

import io.rpcbench.sampler.call.RunScope;
import io.rpcbench.sampler.protobuf.JsonPrintCheck;
import io.rpcbench.sampler.registry.RegistryAccess;
import io.rpcbench.sampler.registry.RegistryUnreachableException;
import io.rpcbench.sampler.registry.consumer.RegistryLookups;
import io.rpcbench.sampler.registry.consumer.RegistryLoopback;
import io.rpcbench.sampler.registry.consumer.RegistryWatch;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.registry.Registry;
import org.apache.dubbo.registry.support.RegistryManager;
import org.apache.dubbo.rpc.Invoker;
import org.apache.dubbo.rpc.model.FrameworkModel;
import org.apache.dubbo.rpc.service.GenericService;

/**
 * The JVM's Dubbo consumers: one per distinct {@link DubboSettings} (the whole consumer configuration, the
 * interface and generic or typed invocation included), shared by every sampler thread with that configuration,
 * counted, and destroyed when its last user releases it.
 *
 * <p>Order of calls: {@link #acquire} in {@code setupTest} (builds the reference the first time, then
 * returns the same thread-safe proxy), calls on the proxy, {@link #release} when the sampler closes its client. The
 * last release (during a run: the run's end, {@link RunScope}) destroys the FrameworkModel too, so a stopped test leaves no Dubbo
 * thread behind; the next acquire makes a new one.
 * It also forgets the consumers that could not be built, the registries' metadata and the protobuf types' shapes, so a
 * rerun starts afresh.
 *
 * <p>Why not Dubbo's own {@code SimpleReferenceCache}: it keys references by interface, group and
 * version only, so two samplers differing in address, timeout or serialization would share one proxy,
 * the very fault of the old JMeter plugin. Each configuration gets instead its own {@link DubboBootstrap}
 * (its own ApplicationModel) inside one {@link FrameworkModel} private to the samplers: references never
 * see each other's registry, timeout or serialization, destroying one leaves the others running, and a
 * Dubbo application elsewhere in the JVM is not disturbed. {@code ReferenceConfig.get()} is synchronized
 * in Dubbo; it is called once per configuration here, never per sample.
 */
public final class DubboReferences {

    /** The application name providers see for the samplers' consumers. */
    public static final String APPLICATION_NAME = "rpcbench-jmeter";

    /**
     * Heartbeat interval of the consumers' connections, in ms; also how often a lost connection is tried again.
     * An idle connection costs one small heartbeat per interval; a busy one none.
     */
    static final int HEARTBEAT_MS = 1000;

    /**
     * How long a consumer that could not be built answers for its configuration before it is built again: the
     * threads of a thread group start together, and a registry that drops packets would otherwise hold each of
     * them, one after the other, for the whole connect timeout. The release of the last consumer forgets such
     * failures at once.
     */
    static final long RETRY_BUILD_AFTER_MS = 5000;

    private static final Map<DubboSettings, Shared> SHARED = new HashMap<>();
    private static final Map<DubboSettings, FailedBuild> FAILED = new HashMap<>();
    private static FrameworkModel framework;
    private static RegistryLookups registryLookups;
    private static RegistryWatch registryWatch;

    private DubboReferences() {}

    /**
     * The shared proxy for {@code settings}, built on first use; pair every call with {@link #release}.
     *
     * @param proxyType {@code GenericService} when {@code settings.generic()}, {@code Invoker} for
     *                  {@code proto-descriptor} (see {@link ProtoStub}), else the interface class named by
     *                  {@code settings.interfaceName()}
     */
    public static synchronized <T> T acquire(DubboSettings settings, Class<T> proxyType) {
        Class<?> expected = settings.generic() ? GenericService.class
                : settings.protoDescriptor() ? Invoker.class : proxyType;
        if (proxyType != expected || settings.typed() && !proxyType.getName().equals(settings.interfaceName())) {
            throw new IllegalArgumentException("a proxy of " + proxyType.getName() + " does not call "
                    + settings.interfaceName() + " by invocation=" + settings.invocation());
        }
        Shared shared = SHARED.get(settings);
        if (shared == null) {
            FailedBuild failed = FAILED.get(settings);
            if (failed != null && System.nanoTime() - failed.atNanos() < RETRY_BUILD_AFTER_MS * 1_000_000) {
                throw failed.failure(); // the same reason, at once
            }
            try {
                shared = open(settings, proxyType);
            } catch (RuntimeException e) {
                FAILED.put(settings, new FailedBuild(e, System.nanoTime()));
                if (SHARED.isEmpty()) {
                    closeRegistryLookups(); // no registry client is kept open for consumers that do not exist
                }
                throw e;
            }
            FAILED.remove(settings);
            SHARED.put(settings, shared);
        }
        shared.users++;
        return proxyType.cast(shared.proxy);
    }

    /**
     * Gives back one {@link #acquire}. The last release destroys the consumer and its connections: at once outside a
     * run, else when the run ends ({@link RunScope}), so that the next thread of the run (under an open model, the next
     * arrival) finds it built.
     */
    public static synchronized void release(DubboSettings settings) {
        Shared shared = SHARED.get(settings);
        if (shared == null) {
            return;
        }
        if (--shared.users == 0) {
            long run = RunScope.current();
            if (run == 0) {
                destroy(settings, shared);
            } else {
                RunScope.whenEnded(run, () -> destroyUnused(settings, shared));
            }
        }
    }

    /**
     * The registry reads of the samplers' consumers, made on first use; closed (its registry clients with it) with the
     * last consumer, or at once when no consumer could be built.
     */
    static synchronized RegistryLookups registryLookups() {
        if (registryLookups == null) {
            registryLookups = new RegistryLookups();
        }
        return registryLookups;
    }

    /** Destroys {@code shared} unless a thread acquired it again since its last release. */
    private static synchronized void destroyUnused(DubboSettings settings, Shared shared) {
        if (shared.users == 0 && SHARED.get(settings) == shared) {
            destroy(settings, shared);
        }
    }

    private static void destroy(DubboSettings settings, Shared shared) {
        SHARED.remove(settings);
        if (registryWatch != null) {
            registryWatch.unwatch(settings);
        }
        shared.bootstrap.destroy();
        if (SHARED.isEmpty()) {
            closeFramework();
            forget();
        }
    }

    /** Once no consumer is left: the FrameworkModel and the registry watch go. */
    private static void closeFramework() {
        // Its shared thread pools outlive every bootstrap; and once no FrameworkModel is left in the JVM,
        // Dubbo also ends its JVM-wide ones (Netty client event loop, timeout and heartbeat timers).
        if (framework != null) {
            framework.destroy();
            framework = null;
        }
        if (registryWatch != null) {
            registryWatch.close();
            registryWatch = null;
        }
    }

    /**
     * Drops what the samplers remember beyond their consumers, once none is left: the consumers that could not be
     * built, the registries' metadata and the protobuf types' shapes. A rerun in the GUI (the same JVM) then builds
     * again at once the consumer a registry that was down a moment ago refused, reads a redeployed provider's methods
     * anew, and keeps no type of the run before ({@link JsonPrintCheck#forget}).
     */
    private static void forget() {
        FAILED.clear();
        closeRegistryLookups();
        JsonPrintCheck.forget();
    }

    private static void closeRegistryLookups() {
        if (registryLookups != null) {
            registryLookups.close();
            registryLookups = null;
        }
    }

    /** How many distinct consumers are alive: for tests and diagnostics. */
    public static synchronized int liveConsumers() {
        return SHARED.size();
    }

    private static Shared open(DubboSettings settings, Class<?> proxyType) {
        DubboJvmSettings.applyDefaults(); // before Dubbo's classes read them, the registry's look-up below included
        Optional<String> providedBy = Optional.empty();
        if (!settings.direct()) {
            // Told not to check, Dubbo would fail with a message that does not name the registry (or an NPE).
            URI registry = URI.create(settings.address());
            RegistryUnreachableException.requireReachable(settings.address(), registry.getHost(), registry.getPort(),
                    settings.timeoutMs());
            // Before any Dubbo model exists: a registry that is slow or unreadable fails here, and nothing is left to
            // destroy (made after the bootstrap, a failure leaked its ApplicationModel, and the first consumer's
            // FrameworkModel).
            // Nacos refusing the user or password (or asking for one) would fail Dubbo's bootstrap with an NPE.
            // Without a metadata centre Dubbo maps no interface to its application: the registry's mapping does.
            providedBy = providedBy(settings);
        }
        if (framework == null) {
            framework = new FrameworkModel();
        }
        DubboBootstrap bootstrap = null;
        try {
            ApplicationConfig application = new ApplicationConfig(APPLICATION_NAME);
            application.setQosEnable(false); // no telnet/HTTP port opened in the load generator
            // A provider registered on 127.x is called on loopback, not on this machine's network card.
            RegistryLoopback.mark(application);
            bootstrap = DubboBootstrap.newInstance(framework).application(application);
            ReferenceConfig<Object> reference = reference(settings, proxyType, bootstrap, providedBy);
            bootstrap.reference(reference);
            bootstrap.start();
            Shared shared = new Shared(bootstrap, reference.get());
            if (!settings.direct()) {
                watch(settings, bootstrap);
            }
            return shared;
        } catch (RuntimeException | Error e) {
            // Whatever failed once the models exist (a descriptor set without the service, a start Dubbo refuses)
            // leaves none behind: the consumer's ApplicationModel, and the FrameworkModel no consumer uses.
            if (bootstrap != null) {
                bootstrap.destroy();
            }
            if (SHARED.isEmpty()) {
                closeFramework();
            }
            throw e;
        }
    }

    /**
     * The consumer's reference for {@code settings}, its registry added to {@code bootstrap}; may fail (e.g. a
     * {@code proto-descriptor} set without the service), after which the caller destroys the bootstrap.
     */
    private static ReferenceConfig<Object> reference(DubboSettings settings, Class<?> proxyType,
            DubboBootstrap bootstrap, Optional<String> providedBy) {
        ReferenceConfig<Object> reference = new ReferenceConfig<>();
        if (settings.generic()) {
            // By name: the interface class need not exist in this JVM; calls go through GenericService.$invoke.
            reference.setInterface(settings.interfaceName());
            // protobuf-json: the provider's GenericFilter reads the argument, and writes the result, as protobuf JSON
            reference.setGeneric(settings.invocation().equals(DubboSettings.PROTOBUF_JSON)
                    ? DubboSettings.PROTOBUF_JSON : "true");
        } else if (settings.protoDescriptor()) {
            ProtoStub.prepare(reference, settings); // the .proto's methods as Dubbo's generated stub would have them
        } else {
            GeneratedStubs.putBack(proxyType); // a proto-descriptor consumer may have taken its generated stub's names
            reference.setInterface(proxyType);
        }
        reference.setProtocol(settings.protocol());
        reference.setTimeout(settings.timeoutMs());
        reference.setRetries(settings.retries());
        reference.setCluster(settings.cluster());
        reference.setLoadbalance(settings.loadbalance());
        if (settings.connections() > 0) {
            reference.setConnections(settings.connections());
        }
        reference.setCheck(false); // a provider that is down gives failed samples, not a failed thread start
        if (!settings.version().isEmpty()) {
            reference.setVersion(settings.version());
        }
        if (!settings.group().isEmpty()) {
            reference.setGroup(settings.group());
        }
        // prefer.serialization comes first in Dubbo's choice, and 3.3 providers advertise "fastjson2,hessian2".
        reference.setParameters(Map.of(
                "serialization", settings.serialization(),
                "prefer.serialization", settings.serialization(),
                // A lost connection is retried every max(least-reconnect-duration, heartbeat.timeout / 3): 60 s by
                // default, and meanwhile every sample fails as "No provider available" although the provider is
                // back. A load generator should see a restarted provider within a second or two instead.
                "heartbeat", Integer.toString(HEARTBEAT_MS),
                "heartbeat.timeout", Integer.toString(3 * HEARTBEAT_MS),
                "dubbo.application.least-reconnect-duration", Integer.toString(HEARTBEAT_MS)));
        if (settings.direct()) {
            reference.setUrl(settings.dubboAddress());
        } else {
            RegistryConfig registry = new RegistryConfig(settings.dubboAddress());
            registry.setRegister(false); // a load generator is not a service: write nothing into the registry
            registry.setCheck(false);
            registry.setTimeout(settings.timeoutMs());
            registry.setUseAsConfigCenter(false);
            registry.setUseAsMetadataCenter(false);
            RegistryAccess access = settings.access();
            if (!access.group().isEmpty()) {
                registry.setGroup(access.group());
            }
            if (!access.namespace().isEmpty()) {
                registry.setParameters(new HashMap<>(Map.of("namespace", access.namespace())));
            }
            if (access.authenticated()) {
                registry.setUsername(access.username());
                registry.setPassword(access.password());
            }
            bootstrap.registry(registry);
            // Without a metadata centre Dubbo maps no interface to its application: a provider registered at
            // application level only would never be found. The registry's own mapping names it instead.
            providedBy.ifPresent(reference::setProvidedBy);
        }
        return reference;
    }

    /** Says when the consumer's registry is lost and back ({@link RegistryWatch}), from its own registry clients. */
    private static void watch(DubboSettings settings, DubboBootstrap bootstrap) {
        if (registryWatch == null) {
            registryWatch = new RegistryWatch();
        }
        RegistryManager registries = RegistryManager.getInstance(bootstrap.getApplicationModel());
        registryWatch.watch(settings, settings.address(), settings.interfaceName(),
                // The interface-level clients only: a service-discovery registry's isAvailable() lists every service
                // in the registry (Nacos: a request a second), where these read their connection's state.
                () -> registries.getRegistries().stream().filter(registry -> !registry.isServiceDiscovery())
                        .allMatch(Registry::isAvailable));
    }

    /**
     * The applications to name as {@code provided-by} ({@link RegistryLookups#providedBy}), comma-separated, or none;
     * first whether the registry may be read at all.
     */
    private static Optional<String> providedBy(DubboSettings settings) {
        try {
            RegistryLookups registry = registryLookups();
            registry.requireAccess(settings.registryTarget());
            List<String> applications = registry.providedBy(settings.registryTarget());
            return applications.isEmpty() ? Optional.empty() : Optional.of(String.join(",", applications));
        } catch (IOException e) {
            throw new UncheckedIOException(e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while reading the registry " + settings.address(), e);
        }
    }

    private record FailedBuild(RuntimeException failure, long atNanos) {}

    private static final class Shared {
        final DubboBootstrap bootstrap;
        final Object proxy;
        int users;

        Shared(DubboBootstrap bootstrap, Object proxy) {
            this.bootstrap = bootstrap;
            this.proxy = proxy;
        }
    }
}
