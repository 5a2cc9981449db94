package io.rpcbench.sampler.dubbo;

import io.rpcbench.echo.EchoService;
import io.rpcbench.sampler.call.EchoRequest;
import io.rpcbench.sampler.call.EchoServiceCall;
import io.rpcbench.sampler.call.RpcClient;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.dubbo.rpc.Constants;
import org.apache.dubbo.rpc.RpcContext;
import org.apache.dubbo.rpc.RpcException;

/**
 * One sampler thread's view of a shared Dubbo consumer ({@link DubboReferences}).
 *
 * <p>Order of calls: the constructor acquires the shared proxy, {@link #call()} per sample,
 * {@link #close()} releases it. A call that finds no provider in the registry fails naming what the registry serves
 * ({@link RegistryMetadata#explainIfNoProvider}). {@link #interrupt()} cannot cut a Dubbo call short: the call ends by
 * its {@code timeout_ms}.
 *
 * <p>Bytes: received bytes are exact for the dubbo protocol, whose codec records the decoded size of
 * each response (header included) in the response attachment {@code output}. Where no such count exists
 * (triple, and every request) the payload's size stands in: the UTF-8 length of a string, the nominal
 * size of a person or map, so a 100 KiB echo still records at least 100 KiB.
 */
public final class DubboEchoClient implements RpcClient {

    private final DubboSettings settings;
    private final EchoRequest request;
    private final EchoService service;
    private final AtomicBoolean closed = new AtomicBoolean();

    public DubboEchoClient(DubboSettings settings, EchoRequest request) {
        this.settings = settings;
        this.request = request;
        this.service = DubboReferences.acquire(settings, EchoService.class);
    }

    @Override
    public Object call() throws Exception {
        try {
            return EchoServiceCall.make(service, request);
        } catch (RpcException e) {
            // As the service sampler: the registry says whether it serves the echo service at all, and what else.
            RegistryMetadata.explainIfNoProvider(settings, e);
            throw e;
        }
    }

    @Override
    public String mismatch(Object response) {
        return request.mismatch(response);
    }

    @Override
    public long sentBytes() {
        return request.payloadBytes();
    }

    @Override
    public long receivedBytes(Object response) {
        // Set by the consumer filter chain on this thread for the call just made.
        Object counted = RpcContext.getClientResponseContext().getObjectAttachment(Constants.OUTPUT_KEY);
        if (counted != null) {
            try {
                return Long.parseLong(counted.toString());
            } catch (NumberFormatException e) {
                // fall through to the estimate
            }
        }
        return request.responseBytes();
    }

    /** The provider Dubbo chose (see {@link AnsweringProvider}), or the address when none was tried. */
    @Override
    public String answeredBy() {
        String provider = AnsweringProvider.take();
        return provider != null ? provider : settings.address();
    }

    @Override
    public String target() {
        return settings.address();
    }

    /**
     * False: the shared consumer's call is not cut short (interrupting the JMeter thread would not stop a
     * Dubbo future either); it fails by the call's timeout, and the thread stops then.
     */
    @Override
    public boolean interrupt() {
        return false;
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) { // teardown may come from another thread than the calls
            DubboReferences.release(settings);
        }
    }
}
