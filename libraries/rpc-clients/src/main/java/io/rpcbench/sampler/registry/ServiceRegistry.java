package io.rpcbench.sampler.registry;

import io.rpcbench.sampler.json.ServiceDefinition;
import java.io.IOException;
import java.net.ConnectException;
import java.util.List;

/**
 * What the samplers and the catalogue commands read in a Dubbo registry (ZooKeeper or Nacos): which services it holds,
 * a service's definition from the metadata its provider published, and, for a consumer, which provider applications
 * serve an interface only at application level. One instance per registry address and access, read through a client
 * it keeps until {@link #close}.
 *
 * <p>Failures: {@link RegistryLookupException} when the registry answers but has not what was asked (with the
 * {@link RegistryLookupException.Reason reason} and what it does hold); {@link ConnectException} when it does not
 * answer in time; {@link IOException} when it cannot be read.
 */
public interface ServiceRegistry extends AutoCloseable {

    /** Where this reads, for messages: e.g. {@code the Nacos registry 127.0.0.1:8848 (namespace 'bench', ...)}. */
    String describe();

    /** Every service with at least one provider running now, sorted by interface, version and group. */
    List<RegisteredService> services() throws IOException, InterruptedException;

    /**
     * The definition a provider of {@code key} published.
     *
     * @throws RegistryLookupException {@code UNKNOWN_SERVICE} or {@code NO_PROVIDER} when nothing serves it now,
     *                                 {@code NO_DEFINITION} when its provider published none here, {@code REFUSED}
     *                                 when the registry refuses the credentials
     */
    ServiceDefinition definition(ServiceKey key) throws IOException, InterruptedException;

    /**
     * Returns when the registry holds a provider of {@code key} now; throws the reason it holds none otherwise (asked
     * after a call found no provider).
     */
    void requireProvider(ServiceKey key) throws IOException, InterruptedException;

    /**
     * The applications a consumer of {@code key} must be told ({@code provided-by}) to find providers registered at
     * application level only; empty when an interface-level provider is registered, or no mapping names one.
     */
    List<String> providedBy(ServiceKey key) throws IOException, InterruptedException;

    /** Returns when the registry may be read with this access; throws {@code REFUSED} when it refuses it. */
    void requireAccess() throws IOException, InterruptedException;

    @Override
    void close();
}
