package io.rpcbench.reports.jtl;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;

/**
 * Waiting for this package's helper threads to end or to hand over their result, through interrupts: a reader that
 * starts a thread waits for it whatever happens, so no parser outlives its read; an interrupt met on the way is put
 * back on the waiting thread afterwards.
 */
final class Uninterruptibly {

    private Uninterruptibly() {}

    /** Waits for each thread to end. */
    static void join(Iterable<Thread> threads) {
        boolean interrupted = false;
        for (Thread thread : threads) {
            while (true) {
                try {
                    thread.join();
                    break;
                } catch (InterruptedException e) {
                    interrupted = true;
                }
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The future's result. A task that failed is a bug of its caller's (this package's tasks catch what they can
     * throw), unless it threw an unchecked exception, which is rethrown as it is.
     *
     * @param task what the task did, for the message of an unexpected failure
     */
    static <T> T get(Future<T> future, String task) {
        boolean interrupted = false;
        try {
            while (true) {
                try {
                    return future.get();
                } catch (InterruptedException e) {
                    interrupted = true;
                } catch (ExecutionException e) {
                    if (e.getCause() instanceof RuntimeException runtime) {
                        throw runtime;
                    }
                    throw new IllegalStateException(task + " failed", e.getCause());
                }
            }
        } finally {
            if (interrupted) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
