package io.rpcbench.provider;

import io.rpcbench.echo.DubboLoopback;
import io.rpcbench.provider.user.UserStack;
import org.apache.dubbo.config.ApplicationConfig;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.config.bootstrap.DubboBootstrap;
import org.apache.dubbo.rpc.model.FrameworkModel;

/**
 * A typed Dubbo 3.3 consumer of one user service stack in the test JVM, in a {@link FrameworkModel} of its own, as a
 * user would write it: the stack's interface and the stack's key as group, and either a direct URL
 * ({@code <protocol>://host:port} with the stack's serialization) or the registry. {@link #close()} destroys it.
 *
 * <p>Closing destroys the consumer's {@code FrameworkModel}, and Dubbo 3.3's {@code TripleProtocol.destroy()} then
 * closes every triple server of the JVM ({@code PortUnificationExchanger} keeps them in one static map): a test with
 * triple providers in its own JVM closes its consumers only after its last call.
 *
 * <pre>{@code
 * try (UserConsumer<UserService> users = UserConsumer.direct(UserService.class, endpoint, "hessian2", null)) {
 *     users.service().getUser(7);
 * }
 * }</pre>
 *
 * @param <T> {@code io.rpcbench.user.UserService} or the generated {@code io.rpcbench.user.proto.UserService}
 */
final class UserConsumer<T> implements AutoCloseable {

    private static final int TIMEOUT_MS = 10_000;

    private final FrameworkModel framework;
    private final DubboBootstrap bootstrap;
    private final T service;

    private UserConsumer(FrameworkModel framework, DubboBootstrap bootstrap, T service) {
        this.framework = framework;
        this.bootstrap = bootstrap;
        this.service = service;
    }

    /**
     * @param endpoint {@code protocol://host:port} from the ready line; a loopback host is handed to Dubbo in the
     *                 mapped form ({@link DubboLoopback}), or Dubbo would dial the machine's network card
     */
    static <T> UserConsumer<T> direct(Class<T> type, String endpoint, String serialization, String group) {
        int scheme = endpoint.indexOf("://");
        int colon = endpoint.lastIndexOf(':');
        String host = endpoint.substring(scheme + 3, colon);
        String url = endpoint.substring(0, scheme + 3) + DubboLoopback.host(host) + endpoint.substring(colon)
                + "?serialization=" + serialization;
        return open(type, url, null, group);
    }

    /**
     * A stack by its endpoint from the ready line, with the stack's serialization and group: a direct URL needs the
     * group too, the provider keys its services by it ("Not found exported service ... may be version or group
     * mismatch" without it).
     */
    static <T> UserConsumer<T> direct(Class<T> type, UserStack stack, String endpoint) {
        return direct(type, endpoint, stack.serialization(), stack.key());
    }

    /** A stack through the registry, {@code zookeeper://host:port}, by its group; nothing is registered there. */
    static <T> UserConsumer<T> viaRegistry(Class<T> type, UserStack stack, String registry) {
        return viaRegistry(type, registry, stack.key());
    }

    /** @param group the service group, or null for none */
    static <T> UserConsumer<T> viaRegistry(Class<T> type, String registry, String group) {
        RegistryConfig config = new RegistryConfig(registry);
        config.setRegister(false);
        config.setUseAsConfigCenter(false);
        config.setUseAsMetadataCenter(false);
        return open(type, null, config, group);
    }

    private static <T> UserConsumer<T> open(Class<T> type, String url, RegistryConfig registry, String group) {
        FrameworkModel framework = new FrameworkModel();
        DubboBootstrap bootstrap = DubboBootstrap.newInstance(framework);
        try {
            ApplicationConfig application = new ApplicationConfig("rpcbench-user-consumer-test");
            application.setQosEnable(false);
            application.setEnableFileCache(false);
            ReferenceConfig<T> reference = new ReferenceConfig<>();
            reference.setInterface(type);
            reference.setTimeout(TIMEOUT_MS);
            reference.setRetries(0);
            bootstrap.application(application);
            reference.setGroup(group);
            if (url != null) {
                reference.setUrl(url);
            } else {
                bootstrap.registry(registry);
            }
            bootstrap.reference(reference).start();
            return new UserConsumer<>(framework, bootstrap, reference.get());
        } catch (RuntimeException | Error e) {
            bootstrap.destroy();
            framework.destroy();
            throw e;
        }
    }

    T service() {
        return service;
    }

    @Override
    public void close() {
        bootstrap.destroy();
        framework.destroy();
    }
}
