package io.rpcbench.sampler.dubbo;

import io.rpcbench.sampler.call.BadParameterException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.dubbo.rpc.Invoker;
import org.apache.dubbo.rpc.model.DubboStub;
import org.apache.dubbo.rpc.model.MethodDescriptor;
import org.apache.dubbo.rpc.model.ServiceDescriptor;
import org.apache.dubbo.rpc.stub.StubSuppliers;

/**
 * What the generated triple stub of a {@code .proto} service ({@code Dubbo<Service>Triple}, from Dubbo's protoc plugin)
 * registered in Dubbo's {@link StubSuppliers}, kept when a {@code proto-descriptor} consumer ({@link ProtoStub})
 * registers its own stub under the same names, and put back before a typed consumer of the generated interface is
 * built. So both ways of calling one service work side by side in one JMeter JVM.
 *
 * <p>Why: {@link StubSuppliers} is one table per JVM, keyed by service name, and the generated class fills it once, when
 * it is first loaded. A reference reads it only while it is built (its descriptor, and the factory of its proxy), so
 * each consumer must be built with its own entries in place; {@link DubboReferences} builds one at a time.
 *
 * <p>Order of calls, under {@link DubboReferences}' lock: {@link #keep} before {@link ProtoStub#prepare} registers its
 * stub under a name; {@link #putBack} before a typed consumer of a {@link DubboStub} interface is built.
 */
public final class GeneratedStubs {

    /** The generated descriptors replaced, by name; as long-lived as StubSuppliers' own table, which they restore. */
    private static final Map<String, ServiceDescriptor> REPLACED = new ConcurrentHashMap<>();

    private GeneratedStubs() {}

    /**
     * Keeps the generated stub's descriptor registered under {@code name}, if any, before a {@code proto-descriptor}
     * stub replaces it; loads the generated class first (its loading registers it), so that it cannot replace the
     * other later. {@code javaName} is the service's Java interface name, which names the generated class.
     */
    static void keep(String javaName, List<String> names) {
        try {
            Class.forName(generatedClassName(javaName), true, loader());
        } catch (ClassNotFoundException | LinkageError e) {
            return; // no generated class of the service here: nothing of it to keep
        }
        for (String name : names) {
            try {
                ServiceDescriptor current = StubSuppliers.getServiceDescriptor(name);
                if (current.getServiceInterfaceClass() != ProtoStub.Service.class) {
                    REPLACED.put(name, current);
                }
            } catch (IllegalStateException e) {
                // nothing registered under this name
            }
        }
    }

    /**
     * Registers again what the generated stub of {@code serviceInterface} registered, where a {@code proto-descriptor}
     * stub replaced it; nothing otherwise.
     *
     * @throws BadParameterException when the generated class cannot make its stub again
     */
    static void putBack(Class<?> serviceInterface) {
        if (!DubboStub.class.isAssignableFrom(serviceInterface)) {
            return;
        }
        List<String> names = REPLACED.entrySet().stream()
                .filter(entry -> entry.getValue().getServiceInterfaceClass() == serviceInterface)
                .map(Map.Entry::getKey).toList();
        if (names.isEmpty()) {
            return;
        }
        Method newStub = newStub(serviceInterface);
        for (String name : names) {
            StubSuppliers.addDescriptor(name, REPLACED.get(name));
            StubSuppliers.addSupplier(name, invoker -> {
                try {
                    return newStub.invoke(null, invoker);
                } catch (IllegalAccessException | InvocationTargetException e) {
                    throw new IllegalStateException("the generated stub " + newStub + " failed: " + e, e);
                }
            });
        }
    }

    /**
     * The kind of {@code method} of {@code serviceInterface} that streams, as the {@code .proto} declares it, where the
     * interface is Dubbo's generated one ({@link DubboStub}): its Java signature cannot tell client streaming from
     * bidirectional, its generated stub's descriptor can. Empty for any other interface (Dubbo reads the kind from the
     * signature then) or a method without a streaming descriptor.
     */
    public static Optional<MethodDescriptor.RpcType> rpcType(Class<?> serviceInterface, String method) {
        if (!DubboStub.class.isAssignableFrom(serviceInterface)) {
            return Optional.empty();
        }
        try {
            Class.forName(generatedClassName(serviceInterface.getName()), true, serviceInterface.getClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            return Optional.empty(); // no generated class beside it: Dubbo builds the descriptor from the signature
        }
        List<ServiceDescriptor> descriptors = new ArrayList<>();
        REPLACED.values().stream().filter(d -> d.getServiceInterfaceClass() == serviceInterface)
                .forEach(descriptors::add);
        try {
            Object name = serviceInterface.getField("SERVICE_NAME").get(null);
            descriptors.add(StubSuppliers.getServiceDescriptor(String.valueOf(name)));
        } catch (ReflectiveOperationException | IllegalStateException e) {
            // no name, or nothing registered under it: the replaced ones, if any, say
        }
        return descriptors.stream().filter(d -> d.getServiceInterfaceClass() == serviceInterface)
                .flatMap(d -> d.getMethods(method).stream()).map(MethodDescriptor::getRpcType)
                .filter(type -> type != MethodDescriptor.RpcType.UNARY).findFirst();
    }

    /** The generated class's public {@code newStub(Invoker)}, the factory its loading registered. */
    private static Method newStub(Class<?> serviceInterface) {
        String generated = generatedClassName(serviceInterface.getName());
        try {
            return Class.forName(generated, true, serviceInterface.getClassLoader()).getMethod("newStub", Invoker.class);
        } catch (ClassNotFoundException | NoSuchMethodException | LinkageError e) {
            throw BadParameterException.of(DubboSettings.INVOCATION, DubboSettings.TYPED, "cannot call "
                    + serviceInterface.getName() + " in this JVM any more: an invocation=proto-descriptor sampler of "
                    + "the same service replaced its generated stub in Dubbo, and " + generated + ".newStub(Invoker), "
                    + "which would register it again, is not found (" + e + ")",
                    "one way of calling the service per test plan: typed or proto-descriptor");
        }
    }

    /** Dubbo's name for the generated stub of a Java interface name: {@code pkg.DubboUserServiceTriple}. */
    static String generatedClassName(String javaName) {
        int dot = javaName.lastIndexOf('.');
        return javaName.substring(0, dot + 1) + "Dubbo" + javaName.substring(dot + 1) + "Triple";
    }

    private static ClassLoader loader() {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        return loader != null ? loader : GeneratedStubs.class.getClassLoader();
    }
}
