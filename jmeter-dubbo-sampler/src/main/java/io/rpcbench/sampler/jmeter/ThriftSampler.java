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
public class ThriftSampler extends EchoJavaSampler<ThriftSettings> {

    @Override
    protected void addTargetParameters(Arguments arguments) {
        arguments.addArgument(ThriftSettings.HOST, ThriftSettings.DEFAULT_HOST);
        arguments.addArgument(ThriftSettings.PORT, Integer.toString(ThriftSettings.DEFAULT_PORT));
        arguments.addArgument(ThriftSettings.TRANSPORT, ThriftSettings.DEFAULT_TRANSPORT);
        arguments.addArgument(ThriftSettings.PROTOCOL, ThriftSettings.DEFAULT_PROTOCOL);
    }

    @Override
    protected ThriftSettings settings(SamplerParameters parameters) {
        return ThriftSettings.from(parameters);
    }

    @Override
    protected EchoClient open(ThriftSettings settings, EchoRequest request) {
        return new ThriftEchoClient(settings, request);
    }

    @Override
    protected String target(ThriftSettings settings) {
        return settings.target();
    }
}
