package io.rpcbench.provider.dubbo;

import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * An {@code ExecutorService} that runs each task at once on the thread that hands it over. Given to a Dubbo service
 * ({@link DubboEndpoint}'s {@code calls}), its calls run on the Netty I/O thread that read the request. Dubbo 3.3.6
 * takes a service's own executor only when it is an {@code ExecutorService} ({@code IsolationExecutorRepository}
 * falls back to its pool for a plain {@code Executor}).
 */
public final class CallerRunsExecutor extends AbstractExecutorService {

    private volatile boolean shutdown;

    @Override
    public void execute(Runnable task) {
        task.run();
    }

    @Override
    public void shutdown() {
        shutdown = true;
    }

    @Override
    public List<Runnable> shutdownNow() {
        shutdown = true;
        return List.of();
    }

    @Override
    public boolean isShutdown() {
        return shutdown;
    }

    /** Nothing runs on threads of its own: terminated as soon as it is shut down. */
    @Override
    public boolean isTerminated() {
        return shutdown;
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) {
        return shutdown;
    }
}
