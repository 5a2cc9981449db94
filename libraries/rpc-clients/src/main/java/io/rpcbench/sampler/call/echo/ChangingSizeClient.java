package io.rpcbench.sampler.call.echo;

import io.rpcbench.sampler.call.FailureRules;
import io.rpcbench.sampler.call.RpcClient;
import io.rpcbench.sampler.call.SamplerParameters;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * An echo client whose request follows an {@link IntervalRequests}: the size changes between samples at interval
 * boundaries, and for each request this thread holds one client made by {@code open} (for Dubbo a view of the shared
 * consumer, so a new one costs no connection).
 *
 * <p>Order of calls, as for every {@link RpcClient}: the constructor opens the client of the current request; per
 * sample {@link #bind} looks up the request of the moment (and {@link #summary()} then describes it), {@link #prepare}
 * opens the client of a new request and closes the old one (untimed, and a failure there is the sample's), then
 * {@link #call} and the rest go to that client; finally {@link #close}. The request is looked up in {@code bind} and
 * kept until the next one, so a sample's summary, payload and counted bytes are all of the same size even when the
 * sample straddles a boundary.
 */
public final class ChangingSizeClient implements RpcClient {

    private final IntervalRequests requests;
    private final LongSupplier clock;
    private final Function<EchoRequest, RpcClient> open;
    /** The request of the sample in progress, chosen in bind. */
    private EchoRequest wanted;
    /** The client of {@link #openedFor}: read by interrupt and close from other threads. */
    private volatile RpcClient client;
    private EchoRequest openedFor;

    /**
     * @param clock milliseconds since the epoch, {@code System::currentTimeMillis} but in tests
     * @param open  makes a client for one request; what it throws is the caller's (setupTest) or the sample's failure
     */
    public ChangingSizeClient(IntervalRequests requests, LongSupplier clock, Function<EchoRequest, RpcClient> open) {
        this.requests = requests;
        this.clock = clock;
        this.open = open;
        this.wanted = requests.at(clock.getAsLong());
        this.client = open.apply(wanted);
        this.openedFor = wanted;
    }

    @Override
    public void bind(SamplerParameters sample) {
        wanted = requests.at(clock.getAsLong());
    }

    /** The request of the sample in progress (the last one bound). */
    public EchoRequest request() {
        return wanted;
    }

    /** The summary of the sample in progress, e.g. {@code echo string 51234 bytes}. */
    public String summary() {
        return wanted.summary();
    }

    @Override
    public void prepare() throws Exception {
        if (wanted != openedFor) {
            RpcClient next = open.apply(wanted); // before the old one is closed: the shared consumer stays up
            RpcClient old = client;
            client = next;
            openedFor = wanted;
            old.close();
        }
        client.prepare();
    }

    @Override
    public Object call() throws Exception {
        return client.call();
    }

    @Override
    public void explain(Throwable failure) throws Exception {
        client.explain(failure);
    }

    @Override
    public FailureRules failureRules() {
        return client.failureRules();
    }

    @Override
    public String mismatch(Object response) {
        return client.mismatch(response);
    }

    @Override
    public long sentBytes() {
        return client.sentBytes();
    }

    @Override
    public long receivedBytes(Object response) {
        return client.receivedBytes(response);
    }

    @Override
    public String answeredBy() {
        return client.answeredBy();
    }

    @Override
    public String target() {
        return client.target();
    }

    @Override
    public boolean interrupt() {
        return client.interrupt();
    }

    @Override
    public void close() {
        client.close();
    }
}
