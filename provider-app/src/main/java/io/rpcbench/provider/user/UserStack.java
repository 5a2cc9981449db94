package io.rpcbench.provider.user;

import io.rpcbench.provider.dubbo.ExportedService;
import io.rpcbench.user.UserDesk;
import io.rpcbench.user.UserProtoDesk;
import io.rpcbench.user.UserService;
import io.rpcbench.user.UserStreamDesk;
import io.rpcbench.user.UserStreams;
import java.util.List;

/**
 * The four Dubbo 3.3 stacks of seed 004's matrix that the provider app serves with {@code --user-service}, in the
 * order of their ports and of the ready line. Each is a protocol, a serialization and the interface exported; the
 * key is the ready line's key and the service group consumers ask for through the registry. The fifth column of
 * the matrix, Dubbo 2.7 with hessian2, is the Dubbo 2.7 provider's (module dubbo27-provider, a JVM of its own).
 */
public enum UserStack {

    /** The dubbo protocol with hessian2: the plain Java interface {@link UserService}. */
    DUBBO_HESSIAN2("user-dubbo-hessian2", "dubbo", "hessian2", false),
    /**
     * The dubbo protocol with protobuf serialization (dubbo-serialization-protobuf): the interface protoc and
     * dubbo-compiler generate from {@code rpcbench/user.proto}, answered by {@link UserProtoDesk}.
     */
    DUBBO_PROTOBUF("user-dubbo-protobuf", "dubbo", "protobuf", true),
    /**
     * Triple with Dubbo's generated stub: protobuf on the wire whatever the serialization; hessian2 is what
     * triple wraps calls in that are not the IDL's (e.g. generic {@code $invoke}), as for any triple service.
     */
    TRI_PROTOBUF("user-tri-protobuf", "tri", "hessian2", true),
    /**
     * Triple with no IDL: the Java interface, each argument and result hessian2 inside triple's protobuf wrapper; and
     * the users as streams in triple's interface style ({@link UserStreams}).
     */
    TRI_HESSIAN2("user-tri-hessian2", "tri", "hessian2", false);

    private final String key;
    private final String protocol;
    private final String serialization;
    private final boolean protobuf;

    UserStack(String key, String protocol, String serialization, boolean protobuf) {
        this.key = key;
        this.protocol = protocol;
        this.serialization = serialization;
        this.protobuf = protobuf;
    }

    /** The ready line's key and the service group, e.g. {@code user-dubbo-protobuf}. */
    public String key() {
        return key;
    }

    /** {@code dubbo} or {@code tri}. */
    public String protocol() {
        return protocol;
    }

    /** The serialization of the protocol. */
    public String serialization() {
        return serialization;
    }

    /** The interface consumers call: {@link UserService}, or the generated one of {@code rpcbench/user.proto}. */
    public Class<?> serviceInterface() {
        return protobuf ? io.rpcbench.user.proto.UserService.class : UserService.class;
    }

    /**
     * New objects answering the stack's calls, each with the interface to export it under: the user service, and on
     * triple without IDL its streams too.
     */
    public List<ExportedService<?>> services() {
        if (protobuf) {
            return List.of(ExportedService.of(io.rpcbench.user.proto.UserService.class, new UserProtoDesk()));
        }
        ExportedService<?> users = ExportedService.of(UserService.class, new UserDesk());
        return this == TRI_HESSIAN2 ? List.of(users, ExportedService.of(UserStreams.class, new UserStreamDesk()))
                : List.of(users);
    }
}
