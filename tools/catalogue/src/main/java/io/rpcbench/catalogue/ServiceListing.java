package io.rpcbench.catalogue;

import io.rpcbench.sampler.json.MethodSignature;
import io.rpcbench.sampler.registry.RegisteredService;
import java.util.List;
import java.util.TreeSet;

/**
 * What {@code ./rpcbench services} prints: the provider applications, then each service with its version and group,
 * the applications serving it, and its methods with their parameter types as its definition lists them, e.g.
 *
 * <pre>
 * the ZooKeeper registry 127.0.0.1:2181 holds 1 service of 1 application: rpcbench-provider
 *
 * io.rpcbench.example.OrderService
 *   served by rpcbench-provider
 *   io.rpcbench.example.Result&lt;io.rpcbench.example.Order&gt; place(io.rpcbench.example.Order)
 * </pre>
 *
 * A service whose provider published no definition says so. The text is for people; {@code plan} takes the
 * interface, version, group, method and (for overloads) parameter types as printed here.
 */
final class ServiceListing {

    private ServiceListing() {}

    static String text(String registry, List<RegisteredService> services) {
        TreeSet<String> applications = new TreeSet<>();
        services.forEach(service -> applications.addAll(service.applications()));
        StringBuilder out = new StringBuilder(registry).append(" holds ").append(count(services.size(), "service"))
                .append(" of ").append(count(applications.size(), "application"))
                .append(applications.isEmpty() ? "" : ": " + String.join(", ", applications)).append('\n');
        for (RegisteredService service : services) {
            out.append('\n').append(service.key().describe()).append('\n');
            out.append("  served by ").append(String.join(", ", service.applications()))
                    .append(service.applicationLevel() ? " (registered at application level only)" : "").append('\n');
            if (service.definition().methods().isEmpty()) {
                out.append("  (no methods: its provider published no definition in the registry's metadata)\n");
            }
            for (MethodSignature method : service.definition().methods()) {
                out.append("  ").append(method).append('\n');
            }
        }
        return out.toString();
    }

    private static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }
}
