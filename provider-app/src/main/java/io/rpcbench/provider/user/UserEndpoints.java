package io.rpcbench.provider.user;

import io.rpcbench.dubbo.protobuf.ProtobufMessages;
import io.rpcbench.echo.PortInUseException;
import io.rpcbench.provider.dubbo.DubboEndpoint;
import io.rpcbench.provider.dubbo.RegisterMode;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * Seed 004's user service over the four Dubbo 3.3 stacks ({@link UserStack}), each a {@link DubboEndpoint} of its own
 * (own port, own {@code FrameworkModel}, own worker pool), registered under the group named by its stack's key, so
 * that a registry consumer picks a stack by group. Started in the order of {@link UserStack}, on consecutive ports
 * from the first one (or each on a free port for 0), and closed in reverse.
 *
 * <pre>{@code
 * try (UserEndpoints users = UserEndpoints.start("zookeeper://127.0.0.1:2181", RegisterMode.ALL, "127.0.0.1", 20881,
 *         200)) {
 *     users.readyTokens();  // user-dubbo-hessian2=dubbo://127.0.0.1:20881 ... user-tri-hessian2=tri://127.0.0.1:20884
 * }
 * }</pre>
 */
public final class UserEndpoints implements AutoCloseable {

    /** The first port when none is given: the four stacks take 20881 to 20884, next to Dubbo's 20880. */
    public static final int DEFAULT_FIRST_PORT = 20881;

    private final Map<UserStack, DubboEndpoint> endpoints;

    private UserEndpoints(Map<UserStack, DubboEndpoint> endpoints) {
        this.endpoints = endpoints;
    }

    /**
     * Exports the four stacks; returns once each accepts connections and is registered. On failure the stacks
     * already started are closed again.
     *
     * @param registry  {@code zookeeper://host:port}, or {@code N/A} for direct URLs only
     * @param registerMode what each stack writes into the registry
     * @param firstPort the first stack's port, the others following it; 0 picks a free port for each
     * @throws PortInUseException naming the stack's key when its port is taken
     */
    public static UserEndpoints start(String registry, RegisterMode registerMode, String bind, int firstPort,
            int threads) {
        // Over the dubbo protocol the protobuf serialization reads registered message types only.
        ProtobufMessages.register(io.rpcbench.user.proto.UserService.class);
        Map<UserStack, DubboEndpoint> endpoints = new EnumMap<>(UserStack.class);
        try {
            for (UserStack stack : UserStack.values()) {
                int port = firstPort == 0 ? 0 : firstPort + stack.ordinal();
                endpoints.put(stack, export(stack, registry, registerMode, bind, port, threads));
            }
            return new UserEndpoints(endpoints);
        } catch (RuntimeException e) {
            close(endpoints);
            throw e;
        }
    }

    private static DubboEndpoint export(UserStack stack, String registry, RegisterMode registerMode, String bind,
            int port, int threads) {
        try {
            return DubboEndpoint.start(stack.services(), registry, registerMode, bind, port, stack.protocol(),
                    stack.serialization(), threads, null, stack.key());
        } catch (PortInUseException e) {
            throw new PortInUseException(stack.key(), bind, e.port(), e.getCause());
        }
    }

    /** The endpoint serving {@code stack}. */
    public DubboEndpoint endpoint(UserStack stack) {
        return endpoints.get(stack);
    }

    /**
     * The ready line's tokens, in the order of {@link UserStack}: {@code <key>=<protocol>://<host>:<port>} separated
     * by single spaces.
     */
    public String readyTokens() {
        StringJoiner tokens = new StringJoiner(" ");
        endpoints.forEach((stack, endpoint) -> tokens.add(stack.key() + "=" + endpoint.endpoint()));
        return tokens.toString();
    }

    /** Unregisters and closes the four endpoints, the last started first. */
    @Override
    public void close() {
        close(endpoints);
    }

    private static void close(Map<UserStack, DubboEndpoint> endpoints) {
        RuntimeException failure = null;
        UserStack[] stacks = UserStack.values();
        for (int i = stacks.length - 1; i >= 0; i--) {
            DubboEndpoint endpoint = endpoints.get(stacks[i]);
            if (endpoint == null) {
                continue;
            }
            try {
                endpoint.close();
            } catch (RuntimeException e) {
                if (failure == null) {
                    failure = e;
                } else {
                    failure.addSuppressed(e);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
