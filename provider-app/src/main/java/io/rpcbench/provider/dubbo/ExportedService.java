package io.rpcbench.provider.dubbo;

import java.util.Objects;

/**
 * One service a {@link DubboEndpoint} exports: the interface consumers ask for and the object that answers.
 * The endpoint takes a list of these so that the caller decides which classes get loaded: the provider app
 * exports the echo and the example {@code OrderService}, sampler tests the echo only (their class path has
 * no example API).
 *
 * @param type           the service interface, e.g. {@code EchoService.class}
 * @param implementation the object answering its calls
 * @param <T>            the service interface
 */
public record ExportedService<T>(Class<T> type, T implementation) {

    public ExportedService {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(implementation, "implementation");
        if (!type.isInterface()) {
            throw new IllegalArgumentException(type.getName() + " is not an interface; Dubbo exports interfaces");
        }
    }

    public static <T> ExportedService<T> of(Class<T> type, T implementation) {
        return new ExportedService<>(type, implementation);
    }
}
