package io.rpcbench.sampler.dubbo;

import io.rpcbench.sampler.call.FailureRules;
import io.rpcbench.sampler.call.RpcClient;
import io.rpcbench.sampler.registry.consumer.RegistryLookups;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.dubbo.rpc.RpcException;

/**
 * What every Dubbo client of a sampler thread does alike, around a consumer shared by the threads
 * ({@link DubboReferences}): names the provider that answered, does not cut a call short, and releases its hold on
 * the consumer once, and says why a call found no provider. The calls themselves are the subclasses' ({@link DubboEchoClient}, {@link DubboServiceClient},
 * {@code ProtoStubClient}).
 *
 * <p>Order of calls: a subclass's constructor passes the settings here, then acquires the shared consumer with
 * {@code DubboReferences.acquire(settings, type)}; the samples follow; {@link #close()} releases it.
 */
public abstract class SharedConsumerClient implements RpcClient {

    /** The consumer's settings, also the key of its share in {@link DubboReferences}. */
    protected final DubboSettings settings;
    /** The registry's reads, to say why a call found no provider (and what a definition holds). */
    protected final RegistryLookups registry;
    private final AtomicBoolean closed = new AtomicBoolean();

    protected SharedConsumerClient(DubboSettings settings) {
        this(settings, DubboReferences.registryLookups());
    }

    /** @param registry the registry's reads; the samplers' shared ones, or in tests a fake */
    protected SharedConsumerClient(DubboSettings settings, RegistryLookups registry) {
        this.settings = settings;
        this.registry = registry;
    }

    /**
     * Says why a call through the registry found no provider ("No provider available",
     * {@link DubboFailureRules#noProvider}): Dubbo names the registry only, and the registry can say whether the
     * interface is wrong or its provider down ({@link RegistryLookups#requireProvider}: throws why, or returns when a
     * provider runs now, and then the call's own failure stands). A registry read, so after the timer
     * ({@code TimedCall}); other failures stand.
     */
    @Override
    public final void explain(Throwable failure) throws Exception {
        if (failure instanceof RpcException e && !settings.direct() && DubboFailureRules.noProvider(e)) {
            registry.requireProvider(settings.registryTarget());
        }
    }

    /** Dubbo's exceptions, worded as Dubbo's ({@link DubboFailureRules}). */
    @Override
    public final FailureRules failureRules() {
        return DubboFailureRules.RULES;
    }

    /** The provider Dubbo chose (see {@link AnsweringProvider}), or the address when none was tried. */
    @Override
    public final String answeredBy() {
        String provider = AnsweringProvider.take();
        return provider != null ? provider : settings.address();
    }

    /**
     * False: the shared consumer's call is not cut short (interrupting the JMeter thread would not stop a
     * Dubbo future either); it fails by the call's timeout, and the thread stops then. A client whose call is a
     * stream it can cancel says so ({@code ProtoStubClient}).
     */
    @Override
    public boolean interrupt() {
        return false;
    }

    @Override
    public final void close() {
        if (closed.compareAndSet(false, true)) { // teardown may come from another thread than the calls
            DubboReferences.release(settings);
        }
    }
}
