package io.rpcbench.sampler;

import io.rpcbench.echo.EchoService;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ProtocolConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.ServiceConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.rpc.model.FrameworkModel;

/**
 * A Dubbo echo provider for tests, exported without a registry on a free port of 127.0.0.1. It binds the
 * IPv4-mapped host {@code ::ffff:127.0.0.1}, which Dubbo accepts as a real host and Java binds as
 * 127.0.0.1. Its own FrameworkModel keeps it apart from the samplers' consumers in the same JVM.
 * Start with {@link #start}, call {@link #directUrl()}, stop with {@link #close()}.
 */
public final class DubboTestProvider implements AutoCloseable {

    private final FrameworkModel framework;
    private final DubboBootstrap bootstrap;
    private final String protocol;
    private final int port;

    private DubboTestProvider(FrameworkModel framework, DubboBootstrap bootstrap, String protocol, int port) {
        this.framework = framework;
        this.bootstrap = bootstrap;
        this.protocol = protocol;
        this.port = port;
    }

    public static DubboTestProvider start(String protocol, TestEchoService service, String version, String group)
            throws IOException {
        return start(protocol, service, version, group, freePort());
    }

    public static DubboTestProvider start(String protocol, TestEchoService service, String version, String group,
                                          int port) {
        System.setProperty("dubbo.json-framework.prefer", "fastjson2");
        FrameworkModel framework = new FrameworkModel();
        ApplicationConfig application = new ApplicationConfig("rpcbench-test-provider");
        application.setQosEnable(false);
        application.setShutwait("100"); // tests stop providers often; Dubbo's graceful default waits 10 s
        ProtocolConfig protocolConfig = new ProtocolConfig(protocol, port);
        protocolConfig.setHost("::ffff:127.0.0.1");
        ServiceConfig<EchoService> serviceConfig = new ServiceConfig<>();
        serviceConfig.setInterface(EchoService.class);
        serviceConfig.setRef(service);
        if (version != null) {
            serviceConfig.setVersion(version);
        }
        if (group != null) {
            serviceConfig.setGroup(group);
        }
        DubboBootstrap bootstrap = DubboBootstrap.newInstance(framework)
                .application(application)
                .registry(new RegistryConfig(RegistryConfig.NO_AVAILABLE))
                .protocol(protocolConfig)
                .service(serviceConfig);
        bootstrap.start();
        return new DubboTestProvider(framework, bootstrap, protocol, port);
    }

    /** A free port on 127.0.0.1 at the time of the call. */
    public static int freePort() throws IOException {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return probe.getLocalPort();
        }
    }

    /** The address a sampler user writes, e.g. {@code dubbo://127.0.0.1:20880}. */
    public String directUrl() {
        return protocol + "://127.0.0.1:" + port;
    }

    public int port() {
        return port;
    }

    @Override
    public void close() {
        bootstrap.destroy();
        framework.destroy();
    }
}
