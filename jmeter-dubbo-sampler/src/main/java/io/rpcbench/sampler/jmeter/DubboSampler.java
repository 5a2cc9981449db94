package io.rpcbench.sampler.jmeter;

import io.rpcbench.sampler.call.FailureRules;
import io.rpcbench.sampler.call.RpcClient;
import io.rpcbench.sampler.call.SamplerParameters;
import io.rpcbench.sampler.call.echo.EchoRequest;
import io.rpcbench.sampler.dubbo.DubboEchoClient;
import io.rpcbench.sampler.dubbo.DubboFailureRules;
import io.rpcbench.sampler.dubbo.DubboSettings;
import io.rpcbench.sampler.registry.RegistryAccess;
import org.apache.jmeter.config.Arguments;

/**
 * Java Request sampler calling the Dubbo echo service ({@code io.rpcbench.echo.EchoService}) through a
 * consumer shared by all threads with the same configuration. Parameters: {@code address} (a
 * {@code zookeeper://} or {@code nacos://} registry or a direct {@code dubbo://} / {@code tri://} URL), {@code protocol},
 * {@code serialization}, {@code version}, {@code group}, a Nacos registry's {@code namespace}, {@code registry_group},
 * {@code username} and {@code password} ({@link RegistryAccess}), then the shared {@code timeout_ms}, {@code payload},
 * {@code size_bytes}, {@code list_count}, {@code rounds} (payload cpu),
 * {@code delay_ms} (payload built).
 */
public class DubboSampler extends RpcJavaSampler<EchoSetup<DubboSettings>> {

    @Override
    protected void addParameters(Arguments arguments) {
        arguments.addArgument(DubboSettings.ADDRESS, DubboSettings.DEFAULT_ADDRESS);
        arguments.addArgument(DubboSettings.PROTOCOL, DubboSettings.DEFAULT_PROTOCOL);
        arguments.addArgument(DubboSettings.SERIALIZATION, DubboSettings.DEFAULT_SERIALIZATION);
        arguments.addArgument(DubboSettings.VERSION, "");
        arguments.addArgument(DubboSettings.GROUP, "");
        RegistryAccess.PARAMETERS.forEach(name -> arguments.addArgument(name, ""));
        EchoSetup.addPayloadParameters(arguments);
    }

    @Override
    protected EchoSetup<DubboSettings> setup(SamplerParameters parameters) {
        return new EchoSetup<>(DubboSettings.from(parameters), EchoRequest.from(parameters));
    }

    @Override
    protected RpcClient open(EchoSetup<DubboSettings> setup) {
        return new DubboEchoClient(setup.settings(), setup.request());
    }

    @Override
    protected String target(EchoSetup<DubboSettings> setup) {
        return setup.settings().address();
    }

    @Override
    protected FailureRules failureRules() {
        return DubboFailureRules.RULES;
    }

    @Override
    protected String summary(EchoSetup<DubboSettings> setup) {
        return setup.request().summary();
    }
}
