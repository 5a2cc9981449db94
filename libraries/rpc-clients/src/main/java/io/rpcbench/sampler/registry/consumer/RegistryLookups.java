package io.rpcbench.sampler.registry.consumer;

import io.rpcbench.sampler.call.BadParameterException;
import io.rpcbench.sampler.json.ServiceDefinition;
import io.rpcbench.sampler.registry.RegistryLookupException;
import io.rpcbench.sampler.registry.ServiceRegistries;
import io.rpcbench.sampler.registry.ServiceRegistry;
import java.io.IOException;
import java.net.ConnectException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * What the Dubbo samplers read in their registries ({@link ServiceRegistry}: ZooKeeper or Nacos), shared by their
 * threads: a service's definition (its methods' parameter types), whether a provider runs now, the applications a
 * consumer must be told of ({@code provided-by}), whether the user may read the registry. A failed look-up reaches
 * the sample in its words ({@link RegistryExplanations}), which also say why a call found no provider.
 *
 * <p>One instance lives as long as the samplers' consumers ({@code DubboReferences.registryLookups}); it keeps one
 * registry client per registry address and access until {@link #close}, so that a rerun in the GUI reads a redeployed
 * provider's methods afresh. Every sampler thread asks on its first sample, and a thousand threads must not make a
 * thousand reads: the threads that ask at once share one read. A definition is kept until {@link #close}; a failed
 * read, and an answer to "why no provider", for {@link #RETRY_AFTER_MS}, after which the next sample reads again (a
 * provider still starting, metadata not yet written).
 *
 * <p>Failures, as a sample counts them: an interface the registry never heard of, or a definition its provider did not
 * publish, is a {@link BadParameterException} naming the parameter; a provider not running now a
 * {@link NoProviderException}; credentials the registry refuses name the user or password parameter; a registry that
 * does not answer a {@link ConnectException}.
 */
public final class RegistryLookups implements AutoCloseable {

    /** How long a failed read answers for the registry before it is tried again. */
    static final long RETRY_AFTER_MS = 1000;

    /** Opens the registry of a consumer: {@link ServiceRegistries#open}, or in tests a fake. */
    public interface Opener {
        ServiceRegistry open(ConsumerTarget target) throws IOException, InterruptedException;
    }

    private final Opener opener;
    private final Map<List<Object>, CompletableFuture<Object>> reads = new ConcurrentHashMap<>();
    private final Map<List<Object>, ServiceRegistry> registries = new HashMap<>();

    public RegistryLookups() {
        this(target -> ServiceRegistries.open(target.address(), target.access(), target.timeoutMs()));
    }

    public RegistryLookups(Opener opener) {
        this.opener = opener;
    }

    /**
     * The definition of {@code target}'s service in its registry.
     *
     * @throws BadParameterException when the registry has never heard of the interface, naming those it serves, or
     *                               its provider published no definition there
     * @throws NoProviderException   when the interface is known there but has no provider of that version and group
     * @throws ConnectException      when the registry does not answer within the timeout
     * @throws IOException           when the definition cannot be read
     */
    public ServiceDefinition definition(ConsumerTarget target) throws IOException, InterruptedException {
        return (ServiceDefinition) shared(List.of("definition", registryKey(target), target.service()), target,
                registry -> registry.definition(target.service()), true);
    }

    /**
     * Returns when the registry holds a provider of {@code target}'s interface, version and group now, else throws why
     * not in the words of {@link #definition} ({@link NoProviderException}, or a bad parameter naming the interface);
     * shared by the threads that ask at once, the answer kept for {@link #RETRY_AFTER_MS} either way.
     */
    public void requireProvider(ConsumerTarget target) throws IOException, InterruptedException {
        shared(List.of("providers", registryKey(target), target.service()), target, registry -> {
            registry.requireProvider(target.service());
            return ServiceDefinition.NONE;
        }, false);
    }

    /**
     * The applications a consumer of {@code target} must name as {@code provided-by} to find providers registered
     * at application level only; none when an interface-level provider is registered. Read once per consumer, when it
     * is built (not shared: consumers are built one at a time): Dubbo then follows those applications' instances as
     * they come and go.
     */
    @SuppressWarnings("unchecked")
    public List<String> providedBy(ConsumerTarget target) throws IOException, InterruptedException {
        return (List<String>) once(target, registry -> registry.providedBy(target.service()));
    }

    /** Returns when the registry may be read with the target's user and password; throws why not otherwise. */
    public void requireAccess(ConsumerTarget target) throws IOException, InterruptedException {
        once(target, registry -> {
            registry.requireAccess();
            return ServiceDefinition.NONE;
        });
    }

    /** Closes every registry client: the next read opens a new one. */
    @Override
    public void close() {
        List<ServiceRegistry> open;
        synchronized (registries) {
            open = new ArrayList<>(registries.values());
            registries.clear();
        }
        reads.clear();
        open.forEach(ServiceRegistry::close);
    }

    /** A read given the target's registry. */
    private interface Read {
        Object read(ServiceRegistry registry) throws IOException, InterruptedException;
    }

    /**
     * The read of {@code key}, shared by the threads that ask at once; a failure is kept for {@link #RETRY_AFTER_MS},
     * a success until {@link #close} ({@code keepSuccess}) or as long as a failure.
     */
    private Object shared(List<Object> key, ConsumerTarget target, Read read, boolean keepSuccess)
            throws IOException, InterruptedException {
        CompletableFuture<Object> mine = new CompletableFuture<>();
        CompletableFuture<Object> shared = reads.putIfAbsent(key, mine);
        if (shared == null) {
            shared = mine;
            try {
                mine.complete(read.read(registry(target)));
                if (!keepSuccess) {
                    removeLater(key, mine);
                }
            } catch (Throwable e) { // even an Error (a missing class, say): every waiting thread must get an answer
                mine.completeExceptionally(RegistryExplanations.inSampleWords(e, target));
                removeLater(key, mine);
            }
        }
        try {
            return shared.get(); // the read has deadlines of its own: the registry client's timeouts
        } catch (ExecutionException e) {
            throw rethrown(e.getCause());
        }
    }

    /** A read made by this thread alone: asked once per consumer built, which is once per configuration. */
    private Object once(ConsumerTarget target, Read read) throws IOException, InterruptedException {
        try {
            return read.read(registry(target));
        } catch (RegistryLookupException e) {
            throw rethrown(RegistryExplanations.inSampleWords(e, target));
        }
    }

    private ServiceRegistry registry(ConsumerTarget target) throws IOException, InterruptedException {
        List<Object> key = registryKey(target);
        synchronized (registries) {
            ServiceRegistry registry = registries.get(key);
            if (registry == null) {
                registry = opener.open(target);
                registries.put(key, registry);
            }
            return registry;
        }
    }

    private void removeLater(List<Object> key, CompletableFuture<Object> read) {
        CompletableFuture.delayedExecutor(RETRY_AFTER_MS, TimeUnit.MILLISECONDS).execute(() -> reads.remove(key, read));
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

    private static List<Object> registryKey(ConsumerTarget target) {
        return List.of(target.registryHostPort(), target.access());
    }
}
