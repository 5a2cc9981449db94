package io.rpcbench.sampler.jmeter;

import io.rpcbench.sampler.call.FailureRules;
import io.rpcbench.sampler.call.RpcClient;
import io.rpcbench.sampler.call.SamplerParameters;
import io.rpcbench.sampler.thrift.ThriftFailureRules;
import io.rpcbench.sampler.thrift.ThriftMethod;
import io.rpcbench.sampler.thrift.ThriftServiceClient;
import io.rpcbench.sampler.thrift.ThriftServiceSettings;
import io.rpcbench.sampler.thrift.ThriftSettings;
import org.apache.jmeter.config.Arguments;

/**
 * Java Request sampler calling any method of any Thrift service whose generated classes are on JMeter's class
 * path (lib/ext, or JMeter's {@code -Juser.classpath=<jar>}), one connection per JMeter thread. Parameters: {@code host}, {@code port}, {@code transport}
 * (buffered|framed), {@code protocol} (binary|compact), {@code timeout_ms}, {@code service} (the generated service
 * class), {@code method}, {@code arguments} (JSON, read per sample), {@code multiplexed_service} (empty: plain),
 * {@code response_max_bytes}. The rules of the argument JSON are {@link io.rpcbench.sampler.thrift.JsonToThrift}'s.
 */
public class ThriftServiceSampler extends RpcJavaSampler<ThriftServiceSettings> {

    @Override
    protected void addParameters(Arguments arguments) {
        arguments.addArgument(ThriftSettings.HOST, ThriftSettings.DEFAULT_HOST);
        arguments.addArgument(ThriftSettings.PORT, Integer.toString(ThriftSettings.DEFAULT_PORT));
        arguments.addArgument(ThriftSettings.TRANSPORT, ThriftSettings.DEFAULT_TRANSPORT);
        arguments.addArgument(ThriftSettings.PROTOCOL, ThriftSettings.DEFAULT_PROTOCOL);
        arguments.addArgument(SamplerParameters.TIMEOUT_MS, Integer.toString(SamplerParameters.DEFAULT_TIMEOUT_MS));
        arguments.addArgument(ThriftMethod.SERVICE, ThriftServiceSettings.DEFAULT_SERVICE);
        arguments.addArgument(ThriftMethod.METHOD, ThriftServiceSettings.DEFAULT_METHOD);
        arguments.addArgument(ThriftServiceSettings.ARGUMENTS, ThriftServiceSettings.DEFAULT_ARGUMENTS);
        arguments.addArgument(ThriftServiceSettings.MULTIPLEXED_SERVICE, "");
        arguments.addArgument(ThriftServiceSettings.RESPONSE_MAX_BYTES,
                Integer.toString(ThriftServiceSettings.DEFAULT_RESPONSE_MAX_BYTES));
    }

    /**
     * The service class is looked up in the loader that loaded this sampler: JMeter's, which holds lib/ext and what
     * {@code user.classpath} names.
     */
    @Override
    protected ThriftServiceSettings setup(SamplerParameters parameters) {
        return ThriftServiceSettings.from(parameters, ThriftServiceSampler.class.getClassLoader());
    }

    @Override
    protected RpcClient open(ThriftServiceSettings setup) {
        return new ThriftServiceClient(setup);
    }

    @Override
    protected String target(ThriftServiceSettings setup) {
        return setup.target();
    }

    @Override
    protected FailureRules failureRules() {
        return ThriftFailureRules.RULES;
    }

    @Override
    protected String summary(ThriftServiceSettings setup) {
        return setup.summary();
    }
}
