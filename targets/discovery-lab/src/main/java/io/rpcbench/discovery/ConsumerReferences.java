package io.rpcbench.discovery;

import io.rpcbench.echo.EchoService;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.dubbo.config.ReferenceConfig;
import org.apache.dubbo.config.RegistryConfig;
import org.apache.dubbo.registry.client.migration.MigrationInvoker;
import org.apache.dubbo.rpc.Invoker;
import org.apache.dubbo.rpc.cluster.ClusterInvoker;
import org.apache.dubbo.rpc.cluster.Directory;
import org.apache.dubbo.rpc.cluster.directory.StaticDirectory;
import org.apache.dubbo.rpc.service.GenericService;

/**
 * The discovery consumer's references: one generic reference per fake interface of the {@link RegistryShape}, lazy
 * ({@code lazy=true}: no connection until a call, and none is made) and {@code check=false}, over protocol
 * {@code dubbo}, so that the consumer subscribes to every interface and holds its addresses without dialling the
 * fake instances; and the echo reference of the real provider, which is called. All subscribe to both registries.
 * {@link #addresses} counts the addresses the consumer holds, per discovery level, from its directories.
 */
final class ConsumerReferences {

    private final List<ReferenceConfig<?>> all = new ArrayList<>();
    private final ReferenceConfig<EchoService> echo;

    ConsumerReferences(RegistryShape shape, List<RegistryConfig> registries) {
        for (String service : shape.interfaceNames()) {
            ReferenceConfig<GenericService> fake = new ReferenceConfig<>();
            fake.setInterface(service);
            fake.setGeneric("true");
            fake.setLazy(true);
            fake.setCheck(false);
            fake.setProtocol("dubbo");
            fake.setRegistries(registries);
            all.add(fake);
        }
        echo = new ReferenceConfig<>();
        echo.setInterface(EchoService.class);
        echo.setCheck(false);
        echo.setProtocol("dubbo");
        echo.setTimeout(5000);
        echo.setRetries(0);
        echo.setRegistries(registries);
        all.add(echo);
    }

    List<ReferenceConfig<?>> all() {
        return Collections.unmodifiableList(all);
    }

    EchoService echo() {
        return echo.get();
    }

    /**
     * Addresses held over all references and both registries: {@code interface_addresses} (interface-level
     * directories) and {@code application_addresses} (application-level ones); in APPLICATION_FIRST both are held.
     */
    Map<String, String> addresses() {
        long[] counts = new long[2];
        Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        for (ReferenceConfig<?> reference : all) {
            Invoker<?> invoker = reference.getInvoker();
            if (invoker != null) {
                count(invoker, -1, counts, seen);
            }
        }
        Map<String, String> figures = new LinkedHashMap<>();
        figures.put(DiscoveryFigure.REFERENCES.key(), Integer.toString(all.size()));
        figures.put(DiscoveryFigure.INTERFACE_ADDRESSES.key(), Long.toString(counts[0]));
        figures.put(DiscoveryFigure.APPLICATION_ADDRESSES.key(), Long.toString(counts[1]));
        return figures;
    }

    /** Walks cluster invokers down to the registries' directories; {@code level} 0 interface, 1 application. */
    private static void count(Invoker<?> invoker, int level, long[] counts, Set<Object> seen) {
        if (invoker == null || !seen.add(invoker)) {
            return;
        }
        if (invoker instanceof MigrationInvoker<?> migration) {
            count(migration.getInvoker(), 0, counts, seen);
            count(migration.getServiceDiscoveryInvoker(), 1, counts, seen);
            return;
        }
        if (invoker instanceof ClusterInvoker<?> cluster) {
            Directory<?> directory = cluster.getDirectory();
            if (directory == null || !seen.add(directory)) {
                return;
            }
            if (directory instanceof StaticDirectory<?> || level < 0) {
                for (Invoker<?> child : directory.getAllInvokers()) {
                    count(child, level, counts, seen);
                }
            } else {
                counts[level] += directory.getAllInvokers().size();
            }
        }
    }
}
