package io.rpcbench.sampler.jmeter;

import io.rpcbench.sampler.call.RpcClient;
import io.rpcbench.sampler.call.SamplerParameters;
import io.rpcbench.sampler.call.echo.EchoRequest;
import io.rpcbench.sampler.rmi.RmiEchoClient;
import io.rpcbench.sampler.rmi.RmiSettings;
import org.apache.jmeter.config.Arguments;

/**
 * Java Request sampler calling the echo service ({@code io.rpcbench.echo.EchoService}) over RMI, as Dubbo 2.7's rmi
 * protocol (Spring's RMI remoting) serves it, one stub per JMeter thread. Parameters: {@code host}, {@code port} (the
 * RMI registry's), {@code name} (the service's name in it, default {@code io.rpcbench.echo.EchoService}), then the
 * shared {@code timeout_ms} (bounding each lookup and call: see {@link RmiEchoClient}), {@code payload}, {@code size_bytes},
 * {@code list_count}.
 */
public class RmiSampler extends RpcJavaSampler<EchoSetup<RmiSettings>> {

    @Override
    protected void addParameters(Arguments arguments) {
        arguments.addArgument(RmiSettings.HOST, RmiSettings.DEFAULT_HOST);
        arguments.addArgument(RmiSettings.PORT, Integer.toString(RmiSettings.DEFAULT_PORT));
        arguments.addArgument(RmiSettings.NAME, RmiSettings.DEFAULT_NAME);
        EchoSetup.addPayloadParameters(arguments);
    }

    @Override
    protected EchoSetup<RmiSettings> setup(SamplerParameters parameters) {
        return new EchoSetup<>(RmiSettings.from(parameters), EchoRequest.from(parameters));
    }

    @Override
    protected RpcClient open(EchoSetup<RmiSettings> setup) {
        return new RmiEchoClient(setup.settings(), setup.request());
    }

    @Override
    protected String target(EchoSetup<RmiSettings> setup) {
        return setup.settings().target();
    }

    @Override
    protected String summary(EchoSetup<RmiSettings> setup) {
        return setup.request().summary();
    }
}
