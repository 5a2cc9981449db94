package io.rpcbench.sampler.jmeter;

import io.rpcbench.sampler.call.RpcClient;
import io.rpcbench.sampler.call.SamplerParameters;
import io.rpcbench.sampler.call.echo.EchoRequest;
import io.rpcbench.sampler.hessian.HessianEchoClient;
import io.rpcbench.sampler.hessian.HessianSettings;
import org.apache.jmeter.config.Arguments;

/**
 * Java Request sampler calling the echo service ({@code io.rpcbench.echo.EchoService}) over Hessian, as Dubbo 2.7's
 * hessian protocol serves it, one Hessian proxy per JMeter thread. Parameters: {@code host}, {@code port},
 * {@code path} (default {@code /io.rpcbench.echo.EchoService}), then the shared {@code timeout_ms}, {@code payload},
 * {@code size_bytes}, {@code list_count}.
 */
public class HessianSampler extends RpcJavaSampler<EchoSetup<HessianSettings>> {

    @Override
    protected void addParameters(Arguments arguments) {
        arguments.addArgument(HessianSettings.HOST, HessianSettings.DEFAULT_HOST);
        arguments.addArgument(HessianSettings.PORT, Integer.toString(HessianSettings.DEFAULT_PORT));
        arguments.addArgument(HessianSettings.PATH, HessianSettings.DEFAULT_PATH);
        EchoSetup.addPayloadParameters(arguments);
    }

    @Override
    protected EchoSetup<HessianSettings> setup(SamplerParameters parameters) {
        return new EchoSetup<>(HessianSettings.from(parameters), EchoRequest.from(parameters));
    }

    @Override
    protected RpcClient open(EchoSetup<HessianSettings> setup) {
        return new HessianEchoClient(setup.settings(), setup.request());
    }

    @Override
    protected String target(EchoSetup<HessianSettings> setup) {
        return setup.settings().url();
    }

    @Override
    protected String summary(EchoSetup<HessianSettings> setup) {
        return setup.request().summary();
    }
}
