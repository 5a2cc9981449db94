package io.rpcbench.sampler.hessian;

import com.caucho.hessian.client.HessianProxyFactory;
import io.rpcbench.echo.EchoService;
import io.rpcbench.sampler.call.echo.EchoClient;
import io.rpcbench.sampler.call.echo.EchoRequest;
import io.rpcbench.sampler.call.echo.EchoServiceCall;
import java.net.MalformedURLException;

/**
 * One sampler thread's Hessian client of the echo service: Caucho's {@link HessianProxyFactory} proxy, posting each
 * call over HTTP as Dubbo 2.7's hessian protocol serves it (Hessian 2 requests and replies; the JDK's
 * {@code HttpURLConnection} keeps the connection alive between calls).
 *
 * <p>Order of calls: the constructor makes the proxy (it connects on the first call); {@link #call()} per sample;
 * {@link #close()} at the end does nothing the JDK would not (idle connections close by themselves).
 * {@link #interrupt()} cannot cut a call short: it ends by {@code timeout_ms}, the connection's read timeout.
 *
 * <p>Bytes: the proxy does not count the wire, so the payload's size stands in, as for Dubbo's requests
 * ({@link EchoRequest#payloadBytes()}, {@link EchoRequest#responseBytes()}).
 */
public final class HessianEchoClient implements EchoClient {

    private final HessianSettings settings;
    private final EchoRequest request;
    private final EchoService service;

    public HessianEchoClient(HessianSettings settings, EchoRequest request) {
        this.settings = settings;
        this.request = request;
        HessianProxyFactory factory = new HessianProxyFactory();
        factory.setHessian2Request(true);
        factory.setHessian2Reply(true);
        factory.setConnectTimeout(settings.timeoutMs());
        factory.setReadTimeout(settings.timeoutMs());
        try {
            this.service = (EchoService) factory.create(EchoService.class, settings.url(),
                    HessianEchoClient.class.getClassLoader());
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException("not a URL: " + settings.url(), e);
        }
    }

    @Override
    public EchoRequest request() {
        return request;
    }

    @Override
    public Object call() {
        return EchoServiceCall.make(service, request);
    }



    @Override
    public String answeredBy() {
        return settings.endpoint();
    }

    @Override
    public String target() {
        return settings.url();
    }

    /** False: an HTTP call in progress is not cut short; it ends by its read timeout. */
    @Override
    public boolean interrupt() {
        return false;
    }

    @Override
    public void close() {
        // Nothing held: the JDK's HTTP keep-alive cache closes idle connections itself.
    }
}
