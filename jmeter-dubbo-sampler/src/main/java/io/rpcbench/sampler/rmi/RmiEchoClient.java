package io.rpcbench.sampler.rmi;

import io.rpcbench.echo.EchoService;
import io.rpcbench.sampler.call.EchoRequest;
import io.rpcbench.sampler.call.EchoServiceCall;
import io.rpcbench.sampler.call.RpcClient;
import java.lang.reflect.UndeclaredThrowableException;
import java.rmi.NotBoundException;
import java.rmi.RemoteException;
import java.rmi.registry.LocateRegistry;
import java.rmi.registry.Registry;
import org.springframework.remoting.rmi.RmiInvocationHandler;

/**
 * One sampler thread's RMI client of the echo service as Dubbo 2.7's rmi protocol serves it: the stub looked up in
 * the provider's RMI registry, called through {@link SpringRmiEcho}. Plain Java RMI underneath: Java serialization,
 * the JDK's own connection reuse per endpoint.
 *
 * <p>Order of calls: the constructor does nothing remote; {@link #prepare()} (untimed, before each sample) looks the
 * stub up unless it has one; {@link #call()} per sample; a call that fails on the connection drops the stub, so the
 * next prepare looks it up again (a restarted provider is found). {@link #close()} drops the stub.
 *
 * <p>Limits of Java RMI, said where they bite: a call has no timeout of its own ({@code timeout_ms} is not applied:
 * Java RMI's only read timeout is the JVM-wide {@code sun.rmi.transport.tcp.responseTimeout}, which would also govern
 * JMeter's own RMI between a controller and its engines), and {@link #interrupt()} cannot cut a call short. Bytes:
 * the payload's size stands in, as for Dubbo's requests.
 */
public final class RmiEchoClient implements RpcClient {

    private final RmiSettings settings;
    private final EchoRequest request;
    private volatile EchoService service;

    public RmiEchoClient(RmiSettings settings, EchoRequest request) {
        this.settings = settings;
        this.request = request;
    }

    /** Looks the stub up unless this thread has one. */
    @Override
    public void prepare() throws RemoteException, NotBoundException {
        if (service == null) {
            Registry registry = LocateRegistry.getRegistry(settings.host(), settings.port());
            Object stub = registry.lookup(settings.name());
            if (!(stub instanceof RmiInvocationHandler handler)) {
                throw new NotBoundException(settings.target() + " is bound to " + stub.getClass().getName()
                        + ", not to a Spring RmiInvocationHandler (the stub Dubbo 2.7's rmi protocol binds)");
            }
            service = SpringRmiEcho.over(handler);
        }
    }

    @Override
    public Object call() throws Exception {
        EchoService current = service;
        if (current == null) {
            throw new RemoteException("no stub of " + settings.target() + ": closed");
        }
        try {
            return EchoServiceCall.make(current, request);
        } catch (UndeclaredThrowableException e) {
            // A RemoteException, which EchoService does not declare: the connection failed, look the stub up again.
            service = null;
            throw e.getUndeclaredThrowable() instanceof Exception cause ? cause : e;
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
        return request.responseBytes();
    }

    @Override
    public String answeredBy() {
        return settings.endpoint();
    }

    @Override
    public String target() {
        return settings.target();
    }

    /** False: Java RMI cannot cut a call short. */
    @Override
    public boolean interrupt() {
        return false;
    }

    @Override
    public void close() {
        service = null;
    }
}
