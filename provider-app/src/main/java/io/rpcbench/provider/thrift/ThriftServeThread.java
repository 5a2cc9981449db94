package io.rpcbench.provider.thrift;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;
import org.apache.thrift.server.TServer;

/**
 * A Thrift server's {@code serve()} on a daemon thread of its own, started once the server says it is serving
 * ({@link TServer#isServing()}), and only then: {@code serve()} signals its event handler ({@code preServe}) before
 * it clears its stopped flag and marks itself serving, so a {@code stop()} in between is undone, and the acceptor then
 * spins on the closed socket logging "No underlying server socket" (measured: a start and an immediate close, after
 * other tests, logged a million of them). Used by {@link ThriftEndpoint} and by the samplers' test servers.
 *
 * <p>The caller waits parked, checking every {@value #CHECK_EVERY_MICROS} µs: a busy wait of up to the whole deadline
 * would compete for the CPU with the very thread it waits for (the machine may have 2). When {@code serve()} ends
 * before serving (its socket cannot listen: Thrift logs why and returns; or it throws), the error says so, carrying
 * what it threw.
 *
 * <pre>{@code
 * Thread acceptor = ThriftServeThread.start(server, "rpcbench-thrift-acceptor", "the Thrift server", 10_000);
 * server.stop();  // safe from here on
 * }</pre>
 */
public final class ThriftServeThread {

    /** How long the caller parks between two looks at the server. */
    static final long CHECK_EVERY_MICROS = 500;

    private ThriftServeThread() {}

    /**
     * Runs {@code server.serve()} on a daemon thread named {@code threadName} and returns that thread once the server
     * is serving.
     *
     * @param what names the server in the error, e.g. {@code the Thrift server on 127.0.0.1:9090}
     * @throws IllegalStateException when it is not serving within {@code deadlineMs}, or {@code serve()} returned or
     *         threw first (then the error says so, its cause what it threw); the server is stopped then
     */
    public static Thread start(TServer server, String threadName, String what, long deadlineMs) {
        AtomicReference<Throwable> thrown = new AtomicReference<>();
        Thread thread = new Thread(() -> {
            try {
                server.serve();
            } catch (RuntimeException | Error e) {
                thrown.set(e);
                throw e; // also to the thread's uncaught-exception handler, as before, should it throw after starting
            }
        }, threadName);
        thread.setDaemon(true);
        thread.start();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(deadlineMs);
        while (!server.isServing()) {
            if (!thread.isAlive()) {
                server.stop();
                Throwable cause = thrown.get();
                throw new IllegalStateException(what + " stopped before serving: its serve() " + (cause == null
                        ? "returned, as when its socket cannot listen (Thrift logs why)" : "threw " + cause), cause);
            }
            if (System.nanoTime() - deadline > 0) {
                server.stop();
                throw new IllegalStateException(what + " did not start within " + deadlineMs + " ms");
            }
            LockSupport.parkNanos(TimeUnit.MICROSECONDS.toNanos(CHECK_EVERY_MICROS));
        }
        return thread;
    }
}
