package io.rpcbench.sampler.protobuf;

import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import com.google.protobuf.Descriptors.DescriptorValidationException;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.Descriptors.ServiceDescriptor;
import com.google.protobuf.InvalidProtocolBufferException;
import io.rpcbench.sampler.call.BadParameterException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The services of a {@code .proto}, read from a descriptor set file, which protoc writes beside (or instead of) the
 * generated code: {@code protoc --include_imports --descriptor_set_out=user.protoset rpcbench/user.proto}. It is all
 * {@code invocation=proto-descriptor} needs to know about a service: no generated class.
 *
 * <p>A service is found by its proto name ({@code rpcbench.user.UserService}) or by the Java name Dubbo's generated
 * interface has ({@code java_package} + service name, {@code io.rpcbench.user.proto.UserService}), under which a
 * provider registers it. Every problem is a {@link BadParameterException} naming the file.
 *
 * <pre>{@code
 * ProtoDescriptorSet set = ProtoDescriptorSet.read("/plans/user.protoset");
 * ServiceDescriptor users = set.service("io.rpcbench.user.proto.UserService", "interface");
 * }</pre>
 */
public final class ProtoDescriptorSet {

    /** The sampler parameter naming the file. */
    public static final String PARAMETER = "proto_descriptor_set";

    private final String file;
    /** By proto name and by Java name. */
    private final Map<String, ServiceDescriptor> services;

    private ProtoDescriptorSet(String file, Map<String, ServiceDescriptor> services) {
        this.file = file;
        this.services = services;
    }

    /**
     * Reads and links every file of the set; read once per sampler thread's setup, never per sample.
     *
     * @throws BadParameterException when the file is missing, is no descriptor set, or lacks an import
     */
    public static ProtoDescriptorSet read(String file) {
        Path path = Paths.get(file);
        FileDescriptorSet set;
        try {
            set = FileDescriptorSet.parseFrom(Files.readAllBytes(path));
        } catch (InvalidProtocolBufferException e) {
            throw bad(file, "is not a protobuf descriptor set (" + e.getMessage() + ")");
        } catch (IOException e) {
            throw bad(file, "cannot be read (" + e + ")");
        }
        Map<String, FileDescriptorProto> protos = new LinkedHashMap<>();
        set.getFileList().forEach(proto -> protos.put(proto.getName(), proto));
        Map<String, FileDescriptor> linked = new HashMap<>();
        Map<String, ServiceDescriptor> services = new LinkedHashMap<>();
        for (String name : protos.keySet()) {
            for (ServiceDescriptor service : link(file, name, protos, linked, new ArrayList<>()).getServices()) {
                services.put(service.getFullName(), service);
                services.putIfAbsent(javaName(service), service);
            }
        }
        if (services.isEmpty()) {
            throw bad(file, "holds no service (files: " + String.join(", ", protos.keySet()) + ")");
        }
        return new ProtoDescriptorSet(file, services);
    }

    /**
     * The service named {@code name}, its proto or its Java name.
     *
     * @param parameter the parameter that named it, for the message
     * @throws BadParameterException naming the services the file holds
     */
    public ServiceDescriptor service(String name, String parameter) {
        ServiceDescriptor service = services.get(name);
        if (service == null) {
            String known = services.values().stream().distinct()
                    .map(s -> javaName(s) + " (proto " + s.getFullName() + ")")
                    .collect(Collectors.joining(", "));
            throw BadParameterException.of(parameter, name, "is not a service of the descriptor set " + file,
                    "one of its services: " + known);
        }
        return service;
    }

    /** The name of the interface Dubbo's compiler generates: {@code java_package} (else the proto package) + service. */
    public static String javaName(ServiceDescriptor service) {
        FileDescriptor file = service.getFile();
        String javaPackage = file.getOptions().hasJavaPackage() ? file.getOptions().getJavaPackage() : file.getPackage();
        return javaPackage.isEmpty() ? service.getName() : javaPackage + "." + service.getName();
    }

    private static FileDescriptor link(String file, String name, Map<String, FileDescriptorProto> protos,
            Map<String, FileDescriptor> linked, List<String> path) {
        FileDescriptor done = linked.get(name);
        if (done != null) {
            return done;
        }
        FileDescriptorProto proto = protos.get(name);
        if (proto == null) {
            throw bad(file, "lacks " + name + ", which " + path.get(path.size() - 1) + " imports (write it with "
                    + "protoc --include_imports)");
        }
        if (path.contains(name)) {
            throw bad(file, "has an import cycle: " + String.join(" -> ", path) + " -> " + name);
        }
        path.add(name);
        List<FileDescriptor> dependencies = new ArrayList<>();
        for (String dependency : proto.getDependencyList()) {
            dependencies.add(link(file, dependency, protos, linked, path));
        }
        path.remove(path.size() - 1);
        try {
            FileDescriptor descriptor = FileDescriptor.buildFrom(proto, dependencies.toArray(FileDescriptor[]::new));
            linked.put(name, descriptor);
            return descriptor;
        } catch (DescriptorValidationException e) {
            throw bad(file, "has an invalid " + name + " (" + e.getMessage() + ")");
        }
    }

    private static BadParameterException bad(String file, String problem) {
        return BadParameterException.of(PARAMETER, file, problem,
                "a descriptor set written by protoc --include_imports --descriptor_set_out=FILE");
    }
}
