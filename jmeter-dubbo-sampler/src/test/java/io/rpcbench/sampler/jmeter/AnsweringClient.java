package io.rpcbench.sampler.jmeter;

import io.rpcbench.sampler.call.RpcClient;
import java.util.concurrent.Callable;

/**
 * A stand-in client for tests of the JMeter adapter: every call runs {@code call} and passes with its answer (1 byte
 * each way), {@code close} runs when the sampler closes it, and it answers as {@code target}.
 */
final class AnsweringClient implements RpcClient {

    private final String target;
    private final Callable<Object> call;
    private final Runnable close;

    AnsweringClient(String target, Callable<Object> call, Runnable close) {
        this.target = target;
        this.call = call;
        this.close = close;
    }

    @Override
    public Object call() throws Exception {
        return call.call();
    }

    @Override
    public String mismatch(Object response) {
        return null;
    }

    @Override
    public long sentBytes() {
        return 1;
    }

    @Override
    public long receivedBytes(Object response) {
        return 1;
    }

    @Override
    public String answeredBy() {
        return target;
    }

    @Override
    public String target() {
        return target;
    }

    @Override
    public boolean interrupt() {
        return false;
    }

    @Override
    public void close() {
        close.run();
    }
}
