package io.rpcbench.sampler.rmi;

import io.rpcbench.echo.EchoService;
import io.rpcbench.sampler.call.echo.EchoClient;
import io.rpcbench.sampler.call.echo.EchoRequest;
import io.rpcbench.sampler.call.echo.EchoServiceCall;
import java.lang.reflect.UndeclaredThrowableException;
import java.net.SocketTimeoutException;
import java.rmi.NotBoundException;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.Semaphore;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.springframework.remoting.rmi.RmiInvocationHandler;

/**
 * One sampler thread's RMI client of the echo service as Dubbo 2.7's rmi protocol serves it: the stub looked up in
 * the provider's RMI registry, called through {@link SpringRmiEcho}. Plain Java RMI underneath: Java serialization,
 * the JDK's own connection reuse per endpoint.
 *
 * <p>Order of calls: the constructor does nothing remote; {@link #prepare()} (untimed, before each sample) looks the
 * stub up unless it has one; {@link #call()} per sample; a call that fails on the connection, or times out, drops the
 * stub, so the next prepare looks it up again (a restarted provider is found). {@link #close()} drops the stub and
 * ends the calling threads.
 *
 * <p>{@code timeout_ms} bounds every lookup and every call; past it the sample fails as {@code timeout} with a
 * {@link TimeoutException} naming the address and the timeout. Two ways, because Java RMI lets only the exporter of a
 * remote object choose its client sockets:
 * <ul>
 *   <li>The lookup: the registry's stub is made here, so it gets this client's {@link BoundedReadSockets}
 *       (connect and every read within the timeout); a silent registry's socket is closed by Java RMI.</li>
 *   <li>The call: the service's stub comes from the provider's registry and carries the socket factory its exporter
 *       chose. Dubbo 2.7's {@code RmiProtocol} gives Spring's {@code RmiServiceExporter} none, so the stub uses the
 *       JVM-wide default, whose only read timeout is the JVM-wide {@code sun.rmi.transport.tcp.responseTimeout}; that
 *       and {@code RMISocketFactory.setSocketFactory} would also govern JMeter's own RMI between a controller and
 *       its engines, so neither is touched. The call therefore runs on a calling thread of this client while the
 *       sampler thread waits at most the timeout. A call past it cannot be closed from here (Java RMI holds its
 *       connection): its thread stays blocked until the provider answers or the connection breaks, and the stub is
 *       dropped so the next sample looks it up and calls on a fresh connection. At most
 *       {@value #MAX_UNANSWERED_CALLS} calls of one client are outstanding: with that many unanswered, a sample
 *       waits its timeout for one to end and fails as {@code timeout} without calling, so a silent provider costs
 *       each JMeter thread at most that many blocked threads and sockets.</li>
 * </ul>
 * The sample's time includes handing the call to the calling thread and back (microseconds).
 * {@link #interrupt()} (JMeter stopping the thread) stops the wait; the call itself runs on. Bytes: the payload's size
 * stands in, as for Dubbo's requests.
 */
public final class RmiEchoClient implements EchoClient {

    /** The calls of one client that may be outstanding at once: the one timed out and the next one. */
    static final int MAX_UNANSWERED_CALLS = 2;

    private final RmiSettings settings;
    private final EchoRequest request;
    private final BoundedReadSockets registrySockets;
    private final Semaphore outstanding = new Semaphore(MAX_UNANSWERED_CALLS);
    private final ThreadPoolExecutor calling;
    private volatile EchoService service;
    private volatile Future<Object> inFlight;

    public RmiEchoClient(RmiSettings settings, EchoRequest request) {
        this.settings = settings;
        this.request = request;
        this.registrySockets = new BoundedReadSockets(settings.timeoutMs());
        this.calling = new ThreadPoolExecutor(MAX_UNANSWERED_CALLS, MAX_UNANSWERED_CALLS, 30, TimeUnit.SECONDS,
                new LinkedBlockingQueue<>(), call -> {
                    Thread thread = new Thread(call, "rmi-call " + settings.target());
                    thread.setDaemon(true); // a call the provider never answers must not keep JMeter's JVM alive
                    return thread;
                });
        calling.allowCoreThreadTimeOut(true);
    }

    /** Looks the stub up unless this thread has one, within the timeout. */
    @Override
    public void prepare() throws RemoteException, NotBoundException, TimeoutException {
        if (service == null) {
            Object stub;
            try {
                Registry registry = LocateRegistry.getRegistry(settings.host(), settings.port(), registrySockets);
                stub = registry.lookup(settings.name());
            } catch (RemoteException e) {
                if (timedOut(e)) {
                    throw timeout("the registry did not answer the lookup", e);
                }
                throw e;
            }
            if (!(stub instanceof RmiInvocationHandler handler)) {
                throw new NotBoundException(settings.target() + " is bound to " + stub.getClass().getName()
                        + ", not to a Spring RmiInvocationHandler (the stub Dubbo 2.7's rmi protocol binds)");
            }
            service = SpringRmiEcho.over(handler);
        }
    }

    @Override
    public EchoRequest request() {
        return request;
    }

    @Override
    public Object call() throws Exception {
        EchoService current = service;
        if (current == null) {
            throw new RemoteException("no stub of " + settings.target() + ": closed");
        }
        long timeoutNanos = TimeUnit.MILLISECONDS.toNanos(settings.timeoutMs());
        long deadline = System.nanoTime() + timeoutNanos;
        if (!outstanding.tryAcquire(timeoutNanos, TimeUnit.NANOSECONDS)) {
            throw timeout("no call made: " + MAX_UNANSWERED_CALLS + " earlier calls are still unanswered", null);
        }
        Future<Object> answer;
        try {
            answer = calling.submit(() -> {
                try {
                    return EchoServiceCall.make(current, request);
                } finally {
                    outstanding.release();
                }
            });
        } catch (RejectedExecutionException e) { // closed meanwhile
            outstanding.release();
            throw new RemoteException("no call of " + settings.target() + ": closed");
        }
        inFlight = answer;
        try {
            return answer.get(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            answer.cancel(true);
            service = null; // its connection is held by the unanswered call: the next sample looks the stub up again
            throw timeout("no answer", null);
        } catch (InterruptedException e) { // JMeter stops this thread: the caller keeps the flag
            answer.cancel(true);
            throw e;
        } catch (CancellationException e) { // interrupt(): JMeter stops the test
            throw new InterruptedException("the wait for " + settings.target() + " was stopped");
        } catch (ExecutionException e) {
            throw failure(e.getCause());
        } finally {
            inFlight = null;
        }
    }

    /** What the call threw, as the sampler's thread throws it. */
    private Exception failure(Throwable thrown) {
        if (thrown instanceof UndeclaredThrowableException undeclared) {
            // A RemoteException, which EchoService does not declare: the connection failed, look the stub up again.
            service = null;
            thrown = undeclared.getUndeclaredThrowable();
        }
        if (thrown instanceof Error error) {
            throw error;
        }
        return thrown instanceof Exception exception ? exception : new UndeclaredThrowableException(thrown);
    }

    private TimeoutException timeout(String what, Throwable cause) {
        TimeoutException timeout = new TimeoutException(what + " from " + settings.endpoint() + " within timeout_ms "
                + settings.timeoutMs() + " ms");
        timeout.initCause(cause);
        return timeout;
    }

    private static boolean timedOut(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof SocketTimeoutException) {
                return true;
            }
        }
        return false;
    }



    @Override
    public String answeredBy() {
        return settings.endpoint();
    }

    @Override
    public String target() {
        return settings.target();
    }

    /** Stops the sampler thread's wait for a call in flight (true then); the call itself cannot be cut short. */
    @Override
    public boolean interrupt() {
        Future<Object> current = inFlight;
        return current != null && current.cancel(false);
    }

    @Override
    public void close() {
        service = null;
        calling.shutdownNow();
    }
}
