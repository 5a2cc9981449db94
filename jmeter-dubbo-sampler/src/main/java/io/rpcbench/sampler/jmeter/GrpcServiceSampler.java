package io.rpcbench.sampler.jmeter;

import io.rpcbench.sampler.call.FailureRules;
import io.rpcbench.sampler.call.RpcClient;
import io.rpcbench.sampler.call.SamplerParameters;
import io.rpcbench.sampler.call.ServiceCallParameters;
import io.rpcbench.sampler.call.StreamPace;
import io.rpcbench.sampler.grpc.GrpcFailureRules;
import io.rpcbench.sampler.grpc.GrpcSettings;
import io.rpcbench.sampler.grpc.GrpcStubClient;
import org.apache.jmeter.config.Arguments;

/**
 * Java Request sampler calling any method of any gRPC server with grpc-java's own client (plaintext HTTP/2, no Dubbo
 * in the call's path): unary and the three streaming kinds, the {@code .proto}'s types from a descriptor set or from
 * the server's gRPC reflection. The arguments and the stream's messages are as for {@code DubboServiceSampler}'s
 * {@code invocation=proto-descriptor}, so a plain gRPC server and a Dubbo triple one are measured alike.
 *
 * <p>Parameters: {@code address} ({@code grpc://host:port}), {@code service} (the {@code .proto}'s service name),
 * {@code method}, {@code arguments} (a JSON array of the request message, or of every message a client streams),
 * {@code proto_descriptor_set} (empty: the server's reflection), {@code stream_send}, {@code timeout_ms},
 * {@code response_max_bytes}.
 */
public class GrpcServiceSampler extends RpcJavaSampler<GrpcSettings> {

    @Override
    protected void addParameters(Arguments arguments) {
        arguments.addArgument(GrpcSettings.ADDRESS, GrpcSettings.DEFAULT_ADDRESS);
        arguments.addArgument(GrpcSettings.SERVICE, GrpcSettings.DEFAULT_SERVICE);
        arguments.addArgument(ServiceCallParameters.METHOD, GrpcSettings.DEFAULT_METHOD);
        arguments.addArgument(ServiceCallParameters.ARGUMENTS, GrpcSettings.DEFAULT_ARGUMENTS);
        arguments.addArgument(GrpcSettings.DESCRIPTOR_SET, "");
        arguments.addArgument(StreamPace.PARAMETER, "");
        arguments.addArgument(SamplerParameters.TIMEOUT_MS, Integer.toString(SamplerParameters.DEFAULT_TIMEOUT_MS));
        arguments.addArgument(GrpcSettings.RESPONSE_MAX_BYTES,
                Integer.toString(GrpcSettings.DEFAULT_RESPONSE_MAX_BYTES));
    }

    @Override
    protected GrpcSettings setup(SamplerParameters parameters) {
        return GrpcSettings.from(parameters);
    }

    @Override
    protected RpcClient open(GrpcSettings settings) {
        return new GrpcStubClient(settings);
    }

    @Override
    protected String target(GrpcSettings settings) {
        return settings.address();
    }

    @Override
    protected FailureRules failureRules() {
        return GrpcFailureRules.RULES;
    }

    @Override
    protected String summary(GrpcSettings settings) {
        return settings.summary();
    }
}
