package io.rpcbench.sampler.protobuf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.Descriptors.ServiceDescriptor;
import io.rpcbench.sampler.call.BadParameterException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProtoDescriptorSetTest {

    @TempDir
    Path dir;

    @Test
    void aServiceIsFoundByItsJavaNameAndByItsProtoName() throws Exception {
        ProtoDescriptorSet set = ProtoDescriptorSet.read(UserProtoDescriptors.write(dir.resolve("user.protoset"), true)
                .toString());

        ServiceDescriptor byJava = set.service("io.rpcbench.user.proto.UserService", "interface");
        ServiceDescriptor byProto = set.service("rpcbench.user.UserService", "interface");

        assertThat(byJava).isSameAs(byProto);
        assertThat(byJava.getMethods()).extracting(m -> m.getName())
                .containsExactly("ping", "getUser", "listUser", "streamUsers", "collectUsers", "chatUsers");
        assertThat(byJava.findMethodByName("streamUsers").isServerStreaming()).isTrue();
        assertThat(ProtoDescriptorSet.javaName(byJava)).isEqualTo("io.rpcbench.user.proto.UserService");
    }

    @Test
    void anUnknownServiceNamesTheServicesOfTheFile() throws Exception {
        Path file = UserProtoDescriptors.write(dir.resolve("user.protoset"), true);
        ProtoDescriptorSet set = ProtoDescriptorSet.read(file.toString());

        assertThatThrownBy(() -> set.service("io.rpcbench.user.proto.UserDesk", "interface"))
                .isInstanceOf(BadParameterException.class)
                .hasMessage("interface 'io.rpcbench.user.proto.UserDesk' is not a service of the descriptor set " + file
                        + "; expected one of its services: io.rpcbench.user.proto.UserService (proto "
                        + "rpcbench.user.UserService)");
    }

    @Test
    void aSetWithoutItsImportsSaysHowToWriteIt() throws Exception {
        Path file = UserProtoDescriptors.write(dir.resolve("no-imports.protoset"), false);

        assertThatThrownBy(() -> ProtoDescriptorSet.read(file.toString()))
                .isInstanceOf(BadParameterException.class)
                .hasMessage("proto_descriptor_set '" + file + "' lacks google/protobuf/timestamp.proto, which "
                        + "rpcbench/user.proto imports (write it with protoc --include_imports); expected a descriptor "
                        + "set written by protoc --include_imports --descriptor_set_out=FILE");
    }

    @Test
    void aFileThatIsNoDescriptorSetIsRefused() throws Exception {
        Path file = Files.writeString(dir.resolve("user.proto"), "syntax = \"proto3\";\n");

        assertThatThrownBy(() -> ProtoDescriptorSet.read(file.toString()))
                .isInstanceOf(BadParameterException.class)
                .hasMessageStartingWith("proto_descriptor_set '" + file + "' is not a protobuf descriptor set (");
    }

    @Test
    void aMissingFileIsRefused() {
        Path file = dir.resolve("missing.protoset");

        assertThatThrownBy(() -> ProtoDescriptorSet.read(file.toString()))
                .isInstanceOf(BadParameterException.class)
                .hasMessageStartingWith("proto_descriptor_set '" + file + "' cannot be read (java.nio.file."
                        + "NoSuchFileException");
    }
}
