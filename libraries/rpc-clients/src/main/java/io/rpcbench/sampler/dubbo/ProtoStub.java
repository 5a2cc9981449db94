package io.rpcbench.sampler.dubbo;

import com.google.protobuf.Descriptors.MethodDescriptor;
import com.google.protobuf.Descriptors.ServiceDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Message;
import io.rpcbench.sampler.call.BadParameterException;
import io.rpcbench.sampler.call.ServiceCallParameters;
import io.rpcbench.sampler.protobuf.ProtoDescriptorSet;
import java.util.List;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.rpc.model.DubboStub;
import org.apache.dubbo.rpc.model.MethodDescriptor.RpcType;
import org.apache.dubbo.rpc.model.StubMethodDescriptor;
import org.apache.dubbo.rpc.model.StubServiceDescriptor;
import org.apache.dubbo.rpc.stub.StubSuppliers;

/**
 * A {@code .proto} service called over triple the way Dubbo's generated stub calls it, with the stub built at run
 * time from the service's descriptors ({@link ProtoDescriptorSet}) instead of generated classes: its methods are
 * {@link StubMethodDescriptor}s whose messages are {@link DynamicMessage}s, packed and unpacked as protobuf bytes, of
 * all four kinds: unary, server streaming, client streaming and bidirectional. Dubbo's own triple client, cluster, filters and registry do the rest, so a call is the
 * same RPC on the wire as one through {@code DubboUserServiceTriple} (same path, same frames).
 *
 * <p>Why it works without a class: Dubbo's generated class only registers its {@code StubServiceDescriptor} and a
 * stub factory in {@link StubSuppliers}, under the service's names; a reference whose interface is a
 * {@link DubboStub} then takes that descriptor, and the factory's object is its proxy. Here the descriptor is built
 * from the descriptor set, the interface is the empty {@link Service}, and the factory hands out Dubbo's invoker
 * itself, which {@code ProtoStubClient} calls with {@code StubInvocationUtil}, as the generated stub does.
 *
 * <p>Order of calls: {@link #method} in the sampler's setup (checks the descriptor set and the method, a
 * bad-parameter failure otherwise); {@link #prepare} from {@link DubboReferences#acquire}, which holds its lock, so
 * that no other reference reads {@link StubSuppliers} in between; then the client's calls.
 *
 * <p>A generated class of the same service in the same JVM (an {@code invocation=typed} sampler of it) registers under
 * the same names: {@link GeneratedStubs} keeps its entries and puts them back before a typed consumer is built, so both
 * ways of calling one service work side by side.
 */
public final class ProtoStub {

    /**
     * The interface class of every {@code proto-descriptor} reference: a {@link DubboStub}, so that Dubbo takes the
     * stub route, and empty, since the methods come from the descriptor.
     */
    public interface Service extends DubboStub {}

    private ProtoStub() {}

    /**
     * The method {@code name} of the service named by {@code settings.interfaceName()} in its descriptor set.
     *
     * @throws BadParameterException when the file, the service or the method is wrong
     */
    public static MethodDescriptor method(DubboSettings settings, String name) {
        ServiceDescriptor service = service(settings);
        MethodDescriptor method = service.findMethodByName(name);
        if (method == null) {
            throw BadParameterException.of(ServiceCallParameters.METHOD, name, "is not a method of "
                    + service.getFullName() + " in " + settings.descriptorSet(), "one of its methods: " + service
                    .getMethods().stream().map(ProtoStub::describe).collect(Collectors.joining("; ")));
        }
        return method;
    }

    /** The descriptor a call names: the one {@link #prepare} registered has the same name and parameter class. */
    public static StubMethodDescriptor stubMethod(MethodDescriptor method) {
        return new StubMethodDescriptor(method.getName(), DynamicMessage.class, DynamicMessage.class, rpcType(method),
                message -> ((Message) message).toByteArray(),
                message -> ((Message) message).toByteArray(),
                bytes -> DynamicMessage.parseFrom(method.getInputType(), bytes),
                bytes -> DynamicMessage.parseFrom(method.getOutputType(), bytes));
    }

    /** Dubbo's kind of a {@code .proto} method: unary, server streaming, client streaming or bidirectional. */
    static RpcType rpcType(MethodDescriptor method) {
        if (method.isClientStreaming()) {
            return method.isServerStreaming() ? RpcType.BI_STREAM : RpcType.CLIENT_STREAM;
        }
        return method.isServerStreaming() ? RpcType.SERVER_STREAM : RpcType.UNARY;
    }

    /** Makes {@code reference} call the service as its generated stub would; before the reference starts. */
    static void prepare(ReferenceConfig<?> reference, DubboSettings settings) {
        ServiceDescriptor service = service(settings);
        // The provider serves an IDL service under its proto name (Dubbo's path of a stub service), so the calls go there.
        StubServiceDescriptor stub = new StubServiceDescriptor(service.getFullName(), Service.class);
        for (MethodDescriptor method : service.getMethods()) {
            stub.addMethod(stubMethod(method));
        }
        // What the generated class registers: the descriptor, read by the reference under its interface name, and
        // the stub factory, asked by the proxy factory under the URL's interface name (either name). The generated
        // class's own entries under these names are kept, for typed consumers built later (GeneratedStubs).
        String javaName = ProtoDescriptorSet.javaName(service);
        List<String> names = Stream.of(settings.interfaceName(), service.getFullName(), javaName).distinct().toList();
        GeneratedStubs.keep(javaName, names);
        StubSuppliers.addDescriptor(settings.interfaceName(), stub);
        names.forEach(name -> StubSuppliers.addSupplier(name, invoker -> invoker));
        reference.setInterface(Service.class);            // the stub route, and the class loader to use
        reference.setInterface(settings.interfaceName()); // the name the registry knows the service by
    }

    private static ServiceDescriptor service(DubboSettings settings) {
        return ProtoDescriptorSet.read(settings.descriptorSet()).service(settings.interfaceName(),
                DubboSettings.INTERFACE);
    }

    /** {@code rpc streamUsers(rpcbench.user.PageRequest) returns (stream rpcbench.user.User)}. */
    public static String describe(MethodDescriptor method) {
        return "rpc " + method.getName() + "(" + (method.isClientStreaming() ? "stream " : "")
                + method.getInputType().getFullName() + ") returns (" + (method.isServerStreaming() ? "stream " : "")
                + method.getOutputType().getFullName() + ")";
    }
}
