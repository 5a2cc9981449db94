package io.rpcbench.sampler.jmeter;

import io.rpcbench.sampler.EchoClient;
import io.rpcbench.sampler.EchoRequest;
import io.rpcbench.sampler.SamplerParameters;
import io.rpcbench.sampler.ThriftEchoClient;
import io.rpcbench.sampler.ThriftSettings;
import org.apache.jmeter.config.Arguments;

/**
 * Java Request sampler calling the Thrift echo service ({@code ThriftEchoService}), one connection per
 * JMeter thread. Parameters: {@code host}, {@code port}, {@code transport} (buffered|framed),
 * {@code protocol} (binary|compact), {@code timeout_ms}, {@code payload}, {@code size_bytes}, {@code list_count}.
 */
public class ThriftSampler extends EchoJavaSampler {

    @Override
    public Arguments getDefaultParameters() {
        Arguments arguments = new Arguments();
        arguments.addArgument(ThriftSettings.HOST, ThriftSettings.DEFAULT_HOST);
        arguments.addArgument(ThriftSettings.PORT, Integer.toString(ThriftSettings.DEFAULT_PORT));
        arguments.addArgument(ThriftSettings.TRANSPORT, ThriftSettings.DEFAULT_TRANSPORT);
        arguments.addArgument(ThriftSettings.PROTOCOL, ThriftSettings.DEFAULT_PROTOCOL);
        arguments.addArgument(SamplerParameters.TIMEOUT_MS, Integer.toString(SamplerParameters.DEFAULT_TIMEOUT_MS));
        arguments.addArgument(SamplerParameters.PAYLOAD, SamplerParameters.DEFAULT_PAYLOAD);
        arguments.addArgument(SamplerParameters.SIZE_BYTES, Integer.toString(SamplerParameters.DEFAULT_SIZE_BYTES));
        arguments.addArgument(SamplerParameters.LIST_COUNT, Integer.toString(SamplerParameters.DEFAULT_LIST_COUNT));
        return arguments;
    }

    @Override
    protected EchoClient open(SamplerParameters parameters, EchoRequest request) {
        ThriftSettings settings = ThriftSettings.from(parameters);
        return new ThriftEchoClient(settings, request);
    }

    @Override
    protected String describeTarget(SamplerParameters parameters) {
        return ThriftSettings.from(parameters).target();
    }
}
