package io.rpcbench.sampler.protobuf;

import com.google.protobuf.DescriptorProtos.FileDescriptorSet;
import com.google.protobuf.Descriptors.FileDescriptor;
import io.rpcbench.user.proto.UserProto;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The descriptor set of {@code rpcbench/user.proto} as {@code protoc --include_imports --descriptor_set_out} writes
 * it (each file once, its imports first), taken from the generated classes, for unit tests: also without its imports,
 * which protoc would not write. ({@code UserProtoIT} uses the set the build writes with protoc.)
 */
public final class UserProtoDescriptors {

    private UserProtoDescriptors() {}

    /** Writes the set to {@code file}; {@code withImports} false leaves out the google/protobuf files it imports. */
    public static Path write(Path file, boolean withImports) throws IOException {
        Map<String, FileDescriptor> files = new LinkedHashMap<>();
        add(UserProto.getDescriptor(), files, withImports);
        FileDescriptorSet.Builder set = FileDescriptorSet.newBuilder();
        files.values().forEach(f -> set.addFile(f.toProto()));
        return Files.write(file, set.build().toByteArray());
    }

    private static void add(FileDescriptor file, Map<String, FileDescriptor> files, boolean withImports) {
        if (withImports) {
            file.getDependencies().forEach(dependency -> add(dependency, files, true));
        }
        files.putIfAbsent(file.getName(), file);
    }
}
