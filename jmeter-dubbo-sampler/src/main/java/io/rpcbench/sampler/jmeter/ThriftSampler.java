package io.rpcbench.sampler.jmeter;

import io.rpcbench.sampler.call.FailureRules;
import io.rpcbench.sampler.call.RpcClient;
import io.rpcbench.sampler.call.SamplerParameters;
import io.rpcbench.sampler.call.echo.EchoRequest;
import io.rpcbench.sampler.thrift.ThriftEchoClient;
import io.rpcbench.sampler.thrift.ThriftFailureRules;
import io.rpcbench.sampler.thrift.ThriftSettings;
import org.apache.jmeter.config.Arguments;

/**
 * Java Request sampler calling the Thrift echo service ({@code ThriftEchoService}), one connection per
 * JMeter thread. Parameters: {@code host}, {@code port}, {@code transport} (buffered|framed),
 * {@code protocol} (binary|compact), {@code timeout_ms}, {@code payload}, {@code size_bytes}, {@code list_count},
 * {@code rounds} (payload cpu), {@code delay_ms} (payload built).
 */
public class ThriftSampler extends RpcJavaSampler<EchoSetup<ThriftSettings>> {

    @Override
    protected void addParameters(Arguments arguments) {
        arguments.addArgument(ThriftSettings.HOST, ThriftSettings.DEFAULT_HOST);
        arguments.addArgument(ThriftSettings.PORT, Integer.toString(ThriftSettings.DEFAULT_PORT));
        arguments.addArgument(ThriftSettings.TRANSPORT, ThriftSettings.DEFAULT_TRANSPORT);
        arguments.addArgument(ThriftSettings.PROTOCOL, ThriftSettings.DEFAULT_PROTOCOL);
        EchoSetup.addPayloadParameters(arguments);
    }

    @Override
    protected EchoSetup<ThriftSettings> setup(SamplerParameters parameters) {
        return new EchoSetup<>(ThriftSettings.from(parameters), EchoRequest.from(parameters));
    }

    @Override
    protected RpcClient open(EchoSetup<ThriftSettings> setup) {
        return new ThriftEchoClient(setup.settings(), setup.request());
    }

    @Override
    protected String target(EchoSetup<ThriftSettings> setup) {
        return setup.settings().target();
    }

    @Override
    protected FailureRules failureRules() {
        return ThriftFailureRules.RULES;
    }

    @Override
    protected String summary(EchoSetup<ThriftSettings> setup) {
        return setup.request().summary();
    }
}
