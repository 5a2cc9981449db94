package io.rpcbench.sampler.dubbo.triple;

import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import com.google.protobuf.DescriptorProtos.MethodDescriptorProto;
import com.google.protobuf.DescriptorProtos.OneofDescriptorProto;
import com.google.protobuf.DescriptorProtos.ServiceDescriptorProto;
import io.rpcbench.sampler.dubbo.ProtoStub;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The part of gRPC server reflection that {@link ServerReflection} speaks, as descriptors built here: the service
 * {@code ServerReflection} with its one bidirectional method {@code ServerReflectionInfo}, and of its messages only the
 * fields asked and read (a request's {@code file_containing_symbol} and {@code list_services}; a response's file
 * descriptors, service names and error). Field numbers and names are the protocol's, so the messages are the same on
 * the wire as those of gRPC's full definition; the package is either {@code grpc.reflection.v1} (gRPC's current
 * service) or {@code grpc.reflection.v1alpha} (the older one, which Dubbo 3.3's built-in service serves).
 *
 * <p>The sampler calls a {@code .proto} service from a descriptor set file ({@link ProtoStub}), so each package's
 * descriptors are written once per JVM to a file of the temporary folder ({@link #descriptorSetFile}).
 */
final class ReflectionProtocol {

    static final String SERVICE = "ServerReflection";
    static final String METHOD = "ServerReflectionInfo";

    private static final Map<String, Path> FILES = new ConcurrentHashMap<>();

    private ReflectionProtocol() {}

    /** The descriptor set of the reflection service in {@code protoPackage}, as a file. */
    static Path descriptorSetFile(String protoPackage) {
        return FILES.computeIfAbsent(protoPackage, name -> ServerReflection.writeTemporary("rpcbench-" + name + "-",
                FileDescriptorSet.newBuilder().addFile(file(name)).build()));
    }

    /** {@code grpc/reflection/<version>/reflection.proto}, with only what rpcbench sends and reads. */
    static FileDescriptorProto file(String protoPackage) {
        String prefix = "." + protoPackage + ".";
        DescriptorProto request = DescriptorProto.newBuilder().setName("ServerReflectionRequest")
                .addField(field("host", 1, FieldDescriptorProto.Type.TYPE_STRING, null, false, null))
                .addOneofDecl(OneofDescriptorProto.newBuilder().setName("message_request"))
                .addField(field("file_containing_symbol", 4, FieldDescriptorProto.Type.TYPE_STRING, null, false, 0))
                .addField(field("list_services", 7, FieldDescriptorProto.Type.TYPE_STRING, null, false, 0))
                .build();
        DescriptorProto files = DescriptorProto.newBuilder().setName("FileDescriptorResponse")
                .addField(field("file_descriptor_proto", 1, FieldDescriptorProto.Type.TYPE_BYTES, null, true, null))
                .build();
        DescriptorProto service = DescriptorProto.newBuilder().setName("ServiceResponse")
                .addField(field("name", 1, FieldDescriptorProto.Type.TYPE_STRING, null, false, null))
                .build();
        DescriptorProto services = DescriptorProto.newBuilder().setName("ListServiceResponse")
                .addField(field("service", 1, FieldDescriptorProto.Type.TYPE_MESSAGE, prefix + "ServiceResponse",
                        true, null))
                .build();
        DescriptorProto error = DescriptorProto.newBuilder().setName("ErrorResponse")
                .addField(field("error_code", 1, FieldDescriptorProto.Type.TYPE_INT32, null, false, null))
                .addField(field("error_message", 2, FieldDescriptorProto.Type.TYPE_STRING, null, false, null))
                .build();
        DescriptorProto response = DescriptorProto.newBuilder().setName("ServerReflectionResponse")
                .addField(field("valid_host", 1, FieldDescriptorProto.Type.TYPE_STRING, null, false, null))
                .addOneofDecl(OneofDescriptorProto.newBuilder().setName("message_response"))
                .addField(field("file_descriptor_response", 4, FieldDescriptorProto.Type.TYPE_MESSAGE,
                        prefix + "FileDescriptorResponse", false, 0))
                .addField(field("list_services_response", 6, FieldDescriptorProto.Type.TYPE_MESSAGE,
                        prefix + "ListServiceResponse", false, 0))
                .addField(field("error_response", 7, FieldDescriptorProto.Type.TYPE_MESSAGE, prefix + "ErrorResponse",
                        false, 0))
                .build();
        ServiceDescriptorProto reflection = ServiceDescriptorProto.newBuilder().setName(SERVICE)
                .addMethod(MethodDescriptorProto.newBuilder().setName(METHOD)
                        .setInputType(prefix + "ServerReflectionRequest").setOutputType(prefix + "ServerReflectionResponse")
                        .setClientStreaming(true).setServerStreaming(true))
                .build();
        return FileDescriptorProto.newBuilder()
                .setName("grpc/reflection/" + protoPackage.substring(protoPackage.lastIndexOf('.') + 1)
                        + "/reflection.proto")
                .setPackage(protoPackage).setSyntax("proto3")
                .addMessageType(request).addMessageType(response).addMessageType(files).addMessageType(services)
                .addMessageType(service).addMessageType(error).addService(reflection)
                .build();
    }

    private static FieldDescriptorProto field(String name, int number, FieldDescriptorProto.Type type,
            String typeName, boolean repeated, Integer oneof) {
        FieldDescriptorProto.Builder field = FieldDescriptorProto.newBuilder().setName(name).setNumber(number)
                .setType(type).setLabel(repeated ? FieldDescriptorProto.Label.LABEL_REPEATED
                        : FieldDescriptorProto.Label.LABEL_OPTIONAL);
        if (typeName != null) {
            field.setTypeName(typeName);
        }
        if (oneof != null) {
            field.setOneofIndex(oneof);
        }
        return field.build();
    }
}
