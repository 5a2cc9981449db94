package io.rpcbench.sampler;

import io.rpcbench.dubbo.protobuf.ProtobufMessages;
import io.rpcbench.provider.dubbo.DubboEndpoint;
import io.rpcbench.provider.dubbo.ExportedService;
import io.rpcbench.user.UserProtoDesk;
import io.rpcbench.user.proto.UserService;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.List;
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
        return tri(RegistryConfig.NO_AVAILABLE);
    }

    /** @param registry {@code zookeeper://host:port}, or {@code N/A} for none */
    static DubboEndpoint tri(String registry) {
        return DubboEndpoint.start(stub(), registry, HOST, 0, "tri", "hessian2", THREADS, null, null);
    }

    public static DubboEndpoint dubboProtobuf() {
        return dubboProtobuf(RegistryConfig.NO_AVAILABLE);
    }

    static DubboEndpoint dubboProtobuf(String registry) {
        registerRequests();
        return DubboEndpoint.start(stub(), registry, HOST, 0, "dubbo", "protobuf", THREADS, null, null);
    }

    /**
     * The same answers behind a plain implementation of the generated interface (not Dubbo's stub base class), which
     * Dubbo exports by reflection, as a provider written before the stubs existed would be: the service key is
     * then the Java interface name, and Dubbo's generic filter finds the method's {@code java.lang.reflect.Method}.
     */
    public static DubboEndpoint plain(String protocol) {
        if (protocol.equals("dubbo")) {
            registerRequests();
        }
        UserProtoDesk desk = new UserProtoDesk();
        UserService plain = (UserService) Proxy.newProxyInstance(UserService.class.getClassLoader(),
                new Class<?>[] {UserService.class}, (proxy, method, args) -> {
                    try {
                        return method.invoke(desk, args);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
        return DubboEndpoint.start(List.of(ExportedService.of(UserService.class, plain)), RegistryConfig.NO_AVAILABLE,
                HOST, 0, protocol, protocol.equals("dubbo") ? "protobuf" : "hessian2", THREADS, null, null);
    }

    private static void registerRequests() {
        ProtobufMessages.registerRequests(UserService.class); // Empty, UserRequest, PageRequest: not User nor Page
    }

    private static List<ExportedService<?>> stub() {
        return List.of(ExportedService.of(UserService.class, new UserProtoDesk()));
    }

    /**
     * Exports the stub and the {@link #plain} service over tri and, unless {@code args[0]} is {@code tri-only} (no
     * protobuf serialization on the class path), over dubbo with protobuf serialization; with {@code args[0]}
     * {@code registry} the stub alone, over both, registered in the ZooKeeper {@code args[1]}. Prints
     * {@code user-proto-provider ready tri=P dubbo=P plain-tri=P plain-dubbo=P} (0 for a port not opened) and serves
     * until stopped (SIGTERM).
     */
    public static void main(String[] args) throws Exception {
        String mode = args.length > 0 ? args[0] : "both";
        String registry = mode.equals("registry") ? args[1] : RegistryConfig.NO_AVAILABLE;
        List<DubboEndpoint> endpoints = new ArrayList<>();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> endpoints.forEach(DubboEndpoint::close)));
        DubboEndpoint tri = add(endpoints, tri(registry));
        DubboEndpoint dubbo = mode.equals("tri-only") ? null : add(endpoints, dubboProtobuf(registry));
        DubboEndpoint plainTri = mode.equals("registry") ? null : add(endpoints, plain("tri"));
        DubboEndpoint plainDubbo = mode.equals("both") ? add(endpoints, plain("dubbo")) : null;
        System.out.println(READY + " tri=" + port(tri) + " dubbo=" + port(dubbo) + " plain-tri=" + port(plainTri)
                + " plain-dubbo=" + port(plainDubbo));
        System.out.flush();
        Thread.currentThread().join(); // until SIGTERM
    }

    private static DubboEndpoint add(List<DubboEndpoint> endpoints, DubboEndpoint endpoint) {
        endpoints.add(endpoint);
        return endpoint;
    }

    private static int port(DubboEndpoint endpoint) {
        return endpoint == null ? 0 : endpoint.port();
    }
}
