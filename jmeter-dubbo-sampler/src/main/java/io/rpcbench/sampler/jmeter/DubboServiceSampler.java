package io.rpcbench.sampler.jmeter;

import io.rpcbench.sampler.call.BadParameterException;
import io.rpcbench.sampler.call.FailureRules;
import io.rpcbench.sampler.call.RpcClient;
import io.rpcbench.sampler.call.SamplerParameters;
import io.rpcbench.sampler.call.ServiceCallParameters;
import io.rpcbench.sampler.call.StreamPace;
import io.rpcbench.sampler.dubbo.DubboFailureRules;
import io.rpcbench.sampler.dubbo.DubboServiceClient;
import io.rpcbench.sampler.dubbo.DubboServiceRequest;
import io.rpcbench.sampler.dubbo.DubboSettings;
import io.rpcbench.sampler.dubbo.ProtoStub;
import io.rpcbench.sampler.dubbo.triple.ProtoStubClient;
import io.rpcbench.sampler.dubbo.triple.ServerReflection;
import io.rpcbench.sampler.dubbo.triple.TypedStreamClient;
import io.rpcbench.sampler.registry.RegistryAccess;
import java.lang.reflect.Method;
import java.util.Optional;
import org.apache.jmeter.config.Arguments;

/**
 * Java Request sampler calling any method of any Dubbo service, by generic invocation (no API jar needed), through
 * the interface itself ({@code invocation=typed}, the API jar in {@code lib/ext}; protobuf messages as protobuf JSON),
 * by Dubbo's protobuf-JSON generic invocation ({@code invocation=protobuf-json}) or, for triple services defined by a
 * {@code .proto}, from the descriptor set alone ({@code invocation=proto-descriptor}, unary and server-streaming
 * methods, no class of the service needed). The arguments are one JSON array, read per sample so that
 * {@code ${var}} works inside it; the result is the sample's response data as JSON.
 *
 * <p>Parameters: {@code address}, {@code protocol}, {@code serialization}, {@code interface}, {@code method},
 * {@code parameter_types} (empty: read from the registry's metadata), {@code arguments}, {@code version},
 * {@code group}, {@code cluster}, {@code loadbalance}, {@code retries}, {@code connections}, {@code attachments}
 * ({@code key=value;key=value}, per sample), {@code timeout_ms}, {@code invocation}, {@code proto_descriptor_set},
 * {@code response_max_bytes}. See the module README for the argument JSON.
 */
public class DubboServiceSampler extends RpcJavaSampler<DubboServiceRequest> {

    @Override
    protected void addParameters(Arguments arguments) {
        arguments.addArgument(DubboSettings.ADDRESS, DubboSettings.DEFAULT_ADDRESS);
        arguments.addArgument(DubboSettings.PROTOCOL, DubboSettings.DEFAULT_PROTOCOL);
        arguments.addArgument(DubboSettings.SERIALIZATION, DubboSettings.DEFAULT_SERIALIZATION);
        arguments.addArgument(DubboSettings.INTERFACE, "");
        arguments.addArgument(ServiceCallParameters.METHOD, "");
        arguments.addArgument(ServiceCallParameters.PARAMETER_TYPES, "");
        arguments.addArgument(ServiceCallParameters.ARGUMENTS, DubboServiceRequest.DEFAULT_ARGUMENTS);
        arguments.addArgument(DubboSettings.VERSION, "");
        arguments.addArgument(DubboSettings.GROUP, "");
        RegistryAccess.PARAMETERS.forEach(name -> arguments.addArgument(name, ""));
        arguments.addArgument(DubboSettings.CLUSTER, DubboSettings.DEFAULT_CLUSTER);
        arguments.addArgument(DubboSettings.LOADBALANCE, DubboSettings.DEFAULT_LOADBALANCE);
        arguments.addArgument(DubboSettings.RETRIES, Integer.toString(DubboSettings.DEFAULT_RETRIES));
        arguments.addArgument(DubboSettings.CONNECTIONS, Integer.toString(DubboSettings.DEFAULT_CONNECTIONS));
        arguments.addArgument(DubboServiceRequest.ATTACHMENTS, "");
        arguments.addArgument(SamplerParameters.TIMEOUT_MS, Integer.toString(SamplerParameters.DEFAULT_TIMEOUT_MS));
        arguments.addArgument(DubboSettings.INVOCATION, DubboSettings.DEFAULT_INVOCATION);
        arguments.addArgument(DubboSettings.PROTO_DESCRIPTOR_SET, "");
        arguments.addArgument(StreamPace.PARAMETER, "");
        arguments.addArgument(DubboServiceRequest.RESPONSE_MAX_BYTES,
                Integer.toString(DubboServiceRequest.DEFAULT_RESPONSE_MAX_BYTES));
    }

    @Override
    protected DubboServiceRequest setup(SamplerParameters parameters) {
        DubboServiceRequest request = DubboServiceRequest.from(parameters);
        String pace = parameters.optionalText(StreamPace.PARAMETER);
        if (!pace.isEmpty() && !request.settings().protoDescriptor() && !request.settings().typed()) {
            throw BadParameterException.of(StreamPace.PARAMETER, pace, "paces a triple stream's messages, which "
                    + "invocation " + request.settings().invocation() + " does not send", "it empty, or invocation "
                    + "proto-descriptor or typed for a method that streams its requests");
        }
        if (request.settings().typed()) {
            Class<?> service = DubboServiceClient.loadInterface(request.settings().interfaceName()); // bad-parameter
            Optional<Method> streaming = TypedStreamClient.streamMethod(service, request.method());
            if (streaming.isPresent() && !request.settings().protocol().equals("tri")) {
                throw BadParameterException.of(DubboSettings.PROTOCOL, request.settings().protocol(), "cannot carry "
                        + "the stream of " + service.getName() + "." + request.method() + " (it takes a "
                        + "StreamObserver): Dubbo streams over triple only", "tri, with the provider's triple port");
            }
            if (!pace.isEmpty() && streaming.isEmpty()) {
                throw BadParameterException.of(StreamPace.PARAMETER, pace, "paces a triple stream's messages, and "
                        + request.settings().interfaceName() + "." + request.method() + " takes no StreamObserver",
                        "it empty for this method, or a method that streams its requests");
            }
        } else if (request.settings().protoDescriptor()) {
            if (request.settings().descriptorSet().isEmpty()) { // the server describes the service itself
                DubboSettings settings = request.settings();
                request = new DubboServiceRequest(settings.withDescriptorSet(ServerReflection.descriptorSet(
                        settings.address(), settings.interfaceName(), settings.timeoutMs()).toString()),
                        request.method(), request.parameterTypes(), request.responseMaxBytes());
            }
            ProtoStub.method(request.settings(), request.method()); // a wrong file, service or method: bad-parameter
        }
        return request;
    }

    @Override
    protected RpcClient open(DubboServiceRequest request) {
        if (request.settings().protoDescriptor()) {
            return new ProtoStubClient(request);
        }
        if (request.settings().typed()) {
            Class<?> service = DubboServiceClient.loadInterface(request.settings().interfaceName());
            Optional<Method> streaming = TypedStreamClient.streamMethod(service, request.method());
            if (streaming.isPresent()) { // Dubbo 3 triple's interface style: a StreamObserver method
                return new TypedStreamClient(request, service, streaming.get());
            }
        }
        return new DubboServiceClient(request);
    }

    @Override
    protected String target(DubboServiceRequest request) {
        return request.settings().address();
    }

    @Override
    protected FailureRules failureRules() {
        return DubboFailureRules.RULES;
    }

    @Override
    protected String summary(DubboServiceRequest request) {
        return request.summary();
    }
}
