package io.rpcbench.sampler.jmeter;

import io.rpcbench.sampler.DubboEchoClient;
import io.rpcbench.sampler.DubboSettings;
import io.rpcbench.sampler.EchoClient;
import io.rpcbench.sampler.EchoRequest;
import io.rpcbench.sampler.SamplerParameters;
import org.apache.jmeter.config.Arguments;

/**
 * Java Request sampler calling the Dubbo echo service ({@code io.rpcbench.echo.EchoService}) through a
 * consumer shared by all threads with the same configuration. Parameters: {@code address} (a
 * {@code zookeeper://} registry or a direct {@code dubbo://} / {@code tri://} URL), {@code protocol},
 * {@code serialization}, {@code timeout_ms}, {@code version}, {@code group}, {@code payload},
 * {@code size_bytes}, {@code list_count}.
 */
public class DubboSampler extends EchoJavaSampler {

    @Override
    public Arguments getDefaultParameters() {
        Arguments arguments = new Arguments();
        arguments.addArgument(DubboSettings.ADDRESS, DubboSettings.DEFAULT_ADDRESS);
        arguments.addArgument(DubboSettings.PROTOCOL, DubboSettings.DEFAULT_PROTOCOL);
        arguments.addArgument(DubboSettings.SERIALIZATION, DubboSettings.DEFAULT_SERIALIZATION);
        arguments.addArgument(SamplerParameters.TIMEOUT_MS, Integer.toString(SamplerParameters.DEFAULT_TIMEOUT_MS));
        arguments.addArgument(DubboSettings.VERSION, "");
        arguments.addArgument(DubboSettings.GROUP, "");
        arguments.addArgument(SamplerParameters.PAYLOAD, SamplerParameters.DEFAULT_PAYLOAD);
        arguments.addArgument(SamplerParameters.SIZE_BYTES, Integer.toString(SamplerParameters.DEFAULT_SIZE_BYTES));
        arguments.addArgument(SamplerParameters.LIST_COUNT, Integer.toString(SamplerParameters.DEFAULT_LIST_COUNT));
        return arguments;
    }

    @Override
    protected EchoClient open(SamplerParameters parameters, EchoRequest request) {
        DubboSettings settings = DubboSettings.from(parameters);
        return new DubboEchoClient(settings, request);
    }

    @Override
    protected String describeTarget(SamplerParameters parameters) {
        return DubboSettings.from(parameters).address();
    }
}
