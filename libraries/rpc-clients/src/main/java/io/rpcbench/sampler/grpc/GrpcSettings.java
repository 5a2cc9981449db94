package io.rpcbench.sampler.grpc;

import com.google.protobuf.Descriptors.MethodDescriptor;
import com.google.protobuf.Descriptors.ServiceDescriptor;
import io.rpcbench.sampler.call.BadParameterException;
import io.rpcbench.sampler.call.SamplerParameters;
import io.rpcbench.sampler.call.ServiceCallParameters;
import io.rpcbench.sampler.dubbo.triple.ServerReflection;
import io.rpcbench.sampler.protobuf.ProtoDescriptorSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * Where and what a gRPC sampler calls with grpc-java's own client ({@link GrpcStubClient}), read once per thread: the
 * server ({@code grpc://host:port}, plaintext HTTP/2), the {@code .proto} method (from a descriptor set, or from the
 * server's gRPC reflection when none is given), the timeout and the most response text a sample carries. The arguments
 * and the stream's pace are read per sample.
 *
 * @param host              the server's host
 * @param port              its port
 * @param method            the method, with its service and message types
 * @param descriptorSet     the descriptor set file it was read from (a temporary file when read by reflection)
 * @param timeoutMs         a call's or a stream's deadline from its start
 * @param responseMaxBytes  the most response text a sample carries
 */
public record GrpcSettings(String host, int port, MethodDescriptor method, String descriptorSet, int timeoutMs,
        int responseMaxBytes) {

    public static final String ADDRESS = "address";
    public static final String SERVICE = "service";
    public static final String DESCRIPTOR_SET = "proto_descriptor_set";
    public static final String RESPONSE_MAX_BYTES = "response_max_bytes";

    public static final String DEFAULT_ADDRESS = "grpc://127.0.0.1:50051";
    public static final String DEFAULT_SERVICE = "rpcbench.user.UserService";
    public static final String DEFAULT_METHOD = "getUser";
    public static final String DEFAULT_ARGUMENTS = "[{\"id\": 7}]";
    public static final int DEFAULT_RESPONSE_MAX_BYTES = 65_536;
    public static final int MAX_RESPONSE_MAX_BYTES = 67_108_864;

    private static final Pattern ADDRESS_FORM = Pattern.compile("grpc://([^/:\\s]+):(\\d{1,5})");

    /** @throws BadParameterException for the first parameter that is wrong, naming it and what was expected */
    public static GrpcSettings from(SamplerParameters parameters) {
        String address = parameters.text(ADDRESS, DEFAULT_ADDRESS).strip();
        Matcher matcher = ADDRESS_FORM.matcher(address);
        int port = matcher.matches() ? Integer.parseInt(matcher.group(2)) : -1;
        if (port < 1 || port > 65_535) {
            throw BadParameterException.of(ADDRESS, address, "is not a gRPC server's address",
                    "grpc://host:port (plaintext HTTP/2, as grpc-java's usePlaintext)");
        }
        String host = matcher.group(1);
        int timeoutMs = parameters.timeoutMs();
        String serviceName = parameters.text(SERVICE, DEFAULT_SERVICE).strip();
        String file = parameters.optionalText(DESCRIPTOR_SET).strip();
        if (file.isEmpty()) { // the server describes its service itself
            file = ServerReflection.descriptorSet("tri://" + host + ":" + port, serviceName, timeoutMs).toString();
        }
        ServiceDescriptor service = ProtoDescriptorSet.read(file).service(serviceName, SERVICE);
        String name = parameters.text(ServiceCallParameters.METHOD, DEFAULT_METHOD).strip();
        MethodDescriptor method = service.findMethodByName(name);
        if (method == null) {
            throw BadParameterException.of(ServiceCallParameters.METHOD, name, "is not a method of "
                    + service.getFullName(), "one of its methods: " + service.getMethods().stream()
                            .map(GrpcSettings::describe).collect(Collectors.joining("; ")));
        }
        int max = parameters.integer(RESPONSE_MAX_BYTES, DEFAULT_RESPONSE_MAX_BYTES, 0, MAX_RESPONSE_MAX_BYTES);
        return new GrpcSettings(host, port, method, file, timeoutMs, max);
    }

    /** {@code grpc://127.0.0.1:50051}. */
    public String address() {
        return "grpc://" + host + ":" + port;
    }

    /** {@code grpc://127.0.0.1:50051 rpcbench.user.UserService/getUser}. */
    public String target() {
        return address() + " " + method.getService().getFullName() + "/" + method.getName();
    }

    /** The sample's request summary: {@code grpc rpcbench.user.UserService/getUser}. */
    public String summary() {
        return "grpc " + method.getService().getFullName() + "/" + method.getName();
    }

    /** {@code rpc streamUsers(rpcbench.user.PageRequest) returns (stream rpcbench.user.User)}. */
    static String describe(MethodDescriptor method) {
        return "rpc " + method.getName() + "(" + (method.isClientStreaming() ? "stream " : "")
                + method.getInputType().getFullName() + ") returns (" + (method.isServerStreaming() ? "stream " : "")
                + method.getOutputType().getFullName() + ")";
    }
}
