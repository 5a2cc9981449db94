package io.rpcbench.sampler.dubbo;

import io.rpcbench.echo.EchoService;
import io.rpcbench.sampler.call.echo.EchoClient;
import io.rpcbench.sampler.call.echo.EchoRequest;
import io.rpcbench.sampler.call.echo.EchoServiceCall;
import io.rpcbench.sampler.registry.consumer.RegistryLookups;
import org.apache.dubbo.rpc.Constants;
import org.apache.dubbo.rpc.RpcContext;

/**
 * One sampler thread's view of a shared Dubbo consumer ({@link DubboReferences}).
 *
 * <p>Order of calls: the constructor acquires the shared proxy, {@link #call()} per sample,
 * {@link #close()} releases it. A call that finds no provider in the registry fails naming what the registry serves
 * ({@link SharedConsumerClient#explain}, read after the sample's timer). {@link #interrupt()} cannot
 * cut a Dubbo call short: the call ends by its {@code timeout_ms} (see {@link SharedConsumerClient}).
 *
 * <p>Bytes: received bytes are exact for the dubbo protocol, whose codec records the decoded size of
 * each response (header included) in the response attachment {@code output}. Where no such count exists
 * (triple, and every request) the payload's size stands in: the UTF-8 length of a string, the nominal
 * size of a person or map, so a 100 KiB echo still records at least 100 KiB.
 */
public final class DubboEchoClient extends SharedConsumerClient implements EchoClient {

    private final EchoRequest request;
    private final EchoService service;

    public DubboEchoClient(DubboSettings settings, EchoRequest request) {
        this(settings, request, DubboReferences.registryLookups());
    }

    /** @param registry the registry's reads, to say why no provider was found; in tests a fake */
    DubboEchoClient(DubboSettings settings, EchoRequest request, RegistryLookups registry) {
        super(settings, registry);
        this.request = request;
        this.service = DubboReferences.acquire(settings, EchoService.class);
    }

    @Override
    public EchoRequest request() {
        return request;
    }

    @Override
    public Object call() throws Exception {
        return EchoServiceCall.make(service, request);
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

    @Override
    public String target() {
        return settings.address();
    }
}
