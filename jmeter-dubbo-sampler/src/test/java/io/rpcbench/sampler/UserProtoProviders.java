package io.rpcbench.sampler;

import io.rpcbench.provider.dubbo.DubboEndpoint;
import io.rpcbench.provider.dubbo.ExportedService;
import io.rpcbench.sampler.protobuf.UserProtoDescriptors;
import io.rpcbench.user.UserProtoDesk;
import io.rpcbench.user.proto.Empty;
import io.rpcbench.user.proto.PageRequest;
import io.rpcbench.user.proto.UserRequest;
import io.rpcbench.user.proto.UserService;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import org.apache.dubbo.common.serialize.protobuf.support.ProtobufUtils;
import org.apache.dubbo.config.RegistryConfig;

/**
 * Seed 004's protobuf user service ({@link UserProtoDesk}, Dubbo's generated triple stub) exported on 127.0.0.1
 * without a registry, for sampler tests: over triple, and over the dubbo protocol with protobuf serialization. In
 * the tests' JVM ({@link #tri()}, {@link #dubboProtobuf()}), or in a JVM of its own ({@link #main}) for tests whose
 * class path must hold no generated class of it.
 *
 * <p>Over the dubbo protocol the provider registers the request messages it reads with dubbo-serialization-protobuf
 * (its reader knows registered classes only), and only those: the consumer must register the results itself.
 */
public final class UserProtoProviders {

    /** The line {@link #main} prints once its endpoints accept calls. */
    public static final String READY = "user-proto-provider ready";

    private static final String HOST = "127.0.0.1";
    private static final int THREADS = 20;

    private UserProtoProviders() {}

    public static DubboEndpoint tri() {
        return DubboEndpoint.start(services(), RegistryConfig.NO_AVAILABLE, HOST, 0, "tri", "hessian2", THREADS, null,
                null);
    }

    public static DubboEndpoint dubboProtobuf() {
        ProtobufUtils.marshaller(Empty.getDefaultInstance());
        ProtobufUtils.marshaller(UserRequest.getDefaultInstance());
        ProtobufUtils.marshaller(PageRequest.getDefaultInstance());
        return DubboEndpoint.start(services(), RegistryConfig.NO_AVAILABLE, HOST, 0, "dubbo", "protobuf", THREADS,
                null, null);
    }

    private static List<ExportedService<?>> services() {
        return List.of(ExportedService.of(UserService.class, new UserProtoDesk()));
    }

    /**
     * Writes the service's descriptor set to {@code args[0]}, exports it over tri and, unless {@code args[1]} is
     * {@code tri-only}, over dubbo with protobuf serialization; prints {@code user-proto-provider ready tri=P
     * dubbo=P} (dubbo=0 when not exported) and serves until stopped (SIGTERM).
     */
    public static void main(String[] args) throws Exception {
        Path descriptorSet = UserProtoDescriptors.write(Paths.get(args[0]), true);
        boolean triOnly = args.length > 1 && args[1].equals("tri-only");
        List<DubboEndpoint> endpoints = new ArrayList<>();
        DubboEndpoint tri = tri();
        endpoints.add(tri);
        DubboEndpoint dubbo = triOnly ? null : dubboProtobuf();
        if (dubbo != null) {
            endpoints.add(dubbo);
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> endpoints.forEach(DubboEndpoint::close)));
        System.out.println(READY + " tri=" + tri.port() + " dubbo=" + (dubbo == null ? 0 : dubbo.port())
                + " descriptors=" + descriptorSet);
        System.out.flush();
        Thread.currentThread().join(); // until SIGTERM
    }
}
