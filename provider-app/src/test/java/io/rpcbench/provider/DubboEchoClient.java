package io.rpcbench.provider;

import io.rpcbench.echo.EchoService;
import io.rpcbench.echo.DubboLoopback;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.rpc.model.FrameworkModel;

/**
 * A Dubbo consumer in the test JVM with a direct URL, in its own {@link FrameworkModel} so that it shares
 * nothing with the provider under test. The loopback host of the endpoint is rewritten the way a consumer
 * must ({@link DubboLoopback#host(String)}), or Dubbo would dial the machine's network card instead.
 */
final class DubboEchoClient implements AutoCloseable {

    private final FrameworkModel framework = new FrameworkModel();
    private final DubboBootstrap bootstrap = DubboBootstrap.newInstance(framework);
    final EchoService echo;

    /** @param endpoint {@code protocol://host:port} from the ready line */
    DubboEchoClient(String endpoint, String serialization) {
        int scheme = endpoint.indexOf("://");
        int colon = endpoint.lastIndexOf(':');
        String host = endpoint.substring(scheme + 3, colon);
        String url = endpoint.substring(0, scheme + 3) + DubboLoopback.host(host) + endpoint.substring(colon)
                + "?serialization=" + serialization;

        ApplicationConfig application = new ApplicationConfig("rpcbench-provider-test");
        application.setQosEnable(false);
        application.setEnableFileCache(false);
        ReferenceConfig<EchoService> reference = new ReferenceConfig<>();
        reference.setInterface(EchoService.class);
        reference.setUrl(url);
        reference.setTimeout(10_000);
        bootstrap.application(application).reference(reference).start();
        echo = reference.get();
    }

    @Override
    public void close() {
        bootstrap.stop();
        framework.destroy();
    }
}
