package io.rpcbench.provider.thrift;

import java.util.concurrent.TimeUnit;
import org.apache.thrift.server.TServer;

/**
 * A Thrift server's {@code serve()} on a daemon thread of its own, started once the server says it is serving
 * ({@link TServer#isServing()}), and only then: {@code serve()} signals its event handler ({@code preServe}) before
 * it clears its stopped flag and marks itself serving, so a {@code stop()} in between is undone, and the acceptor then
 * spins on the closed socket logging "No underlying server socket" (measured: a start and an immediate close, after
 * other tests, logged a million of them). Used by {@link ThriftEndpoint} and by the samplers' test servers.
 *
 * <pre>{@code
 * Thread acceptor = ThriftServeThread.start(server, "rpcbench-thrift-acceptor", "the Thrift server", 10_000);
 * server.stop();  // safe from here on
 * }</pre>
 */
public final class ThriftServeThread {

    private ThriftServeThread() {}

    /**
     * Runs {@code server.serve()} on a daemon thread named {@code threadName} and returns that thread once the server
     * is serving.
     *
     * @param what names the server in the error, e.g. {@code the Thrift server on 127.0.0.1:9090}
     * @throws IllegalStateException when it is not serving within {@code deadlineMs}, or {@code serve()} returned
     *         first; the server is stopped then
     */
    public static Thread start(TServer server, String threadName, String what, long deadlineMs) {
        Thread thread = new Thread(server::serve, threadName);
        thread.setDaemon(true);
        thread.start();
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(deadlineMs);
        while (!server.isServing()) {
            if (System.nanoTime() - deadline > 0 || !thread.isAlive()) {
                server.stop();
                throw new IllegalStateException(what + " did not start within " + deadlineMs + " ms");
            }
            Thread.onSpinWait();
        }
        return thread;
    }
}
