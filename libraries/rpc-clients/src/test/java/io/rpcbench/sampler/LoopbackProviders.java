package io.rpcbench.sampler;

import io.rpcbench.echo.EchoService;
import io.rpcbench.provider.dubbo.DubboEndpoint;
import io.rpcbench.provider.dubbo.ExportedService;
import io.rpcbench.provider.port.PortCheck;
import io.rpcbench.provider.thrift.ThriftEndpoint;
import io.rpcbench.provider.thrift.ThriftProtocol;
import io.rpcbench.provider.thrift.ThriftTransport;
import java.util.List;
import org.apache.dubbo.config.RegistryConfig;

/**
 * The provider app's own endpoints on 127.0.0.1, started for sampler tests. Dubbo is exported without a
 * registry (samplers call it through {@link DubboEndpoint#endpoint()}, a direct URL); both pick a free port
 * unless given one. Close what they return.
 *
 * <pre>{@code
 * try (DubboEndpoint dubbo = LoopbackProviders.dubbo("dubbo", new DelayedEcho(0))) {
 *     run the sampler with address = dubbo.endpoint()
 * }
 * }</pre>
 */
public final class LoopbackProviders {

    private static final String HOST = "127.0.0.1";
    /**
     * A provider accepts its own serialization and Dubbo's default, hessian2: exporting with fastjson2 lets
     * tests call with either.
     */
    private static final String SERIALIZATION = "fastjson2";
    private static final int THREADS = 20;

    private LoopbackProviders() {}

    public static DubboEndpoint dubbo(String protocol, EchoService echo) {
        return dubbo(protocol, echo, null, null);
    }

    /** @param version the service version or null, likewise {@code group} */
    public static DubboEndpoint dubbo(String protocol, EchoService echo, String version, String group) {
        return DubboEndpoint.start(echo, RegistryConfig.NO_AVAILABLE, HOST, 0, protocol, SERIALIZATION, THREADS,
                version, group);
    }

    /** Exports {@code services} (test interfaces, say) on one port, without version or group. */
    public static DubboEndpoint dubbo(String protocol, List<ExportedService<?>> services) {
        return DubboEndpoint.start(services, RegistryConfig.NO_AVAILABLE, HOST, 0, protocol, SERIALIZATION, THREADS,
                null, null);
    }

    public static ThriftEndpoint thrift(String transport, String protocol, EchoService echo) {
        return thrift(transport, protocol, echo, 0);
    }

    /** @param port 0 for a free port */
    public static ThriftEndpoint thrift(String transport, String protocol, EchoService echo, int port) {
        return ThriftEndpoint.start(echo, HOST, port, ThriftTransport.parse(transport), ThriftProtocol.parse(protocol),
                THREADS);
    }

    /** A port nothing listens on at the time of the call. */
    public static int freePort() {
        return PortCheck.freePort(HOST);
    }
}
