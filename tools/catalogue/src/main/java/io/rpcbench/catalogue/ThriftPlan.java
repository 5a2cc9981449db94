package io.rpcbench.catalogue;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A JMeter plan calling one method of a Thrift service with rpcbench's <em>Thrift Request</em>, modelled on
 * {@code thrift-inventory-service.jmx} ({@link ModelPlan}): {@code host}, {@code port}, {@code transport},
 * {@code protocol}, {@code service}, {@code method}, {@code multiplexed_service} and {@code arguments} (the
 * {@link io.rpcbench.sampler.template.ThriftArgumentTemplate}) filled in; the service's jar or class folder is the Test Plan's own class path
 * (JMeter's "Add directory or jar to classpath"), so the plan runs as written.
 */
final class ThriftPlan {

    private ThriftPlan() {}

    /** The provider, and how to reach it: {@code transport} buffered or framed, {@code protocol} binary or compact. */
    record Endpoint(String host, int port, String transport, String protocol, String multiplexedService) {}

    static ModelPlan of(String planName, Endpoint endpoint, String service, String method, String classpath,
            String arguments, LoadShape load) {
        ModelPlan plan = ModelPlan.load(ModelPlan.THRIFT);
        plan.name(planName, "rpcbench plan: calls " + method + " of the Thrift service " + service + " at "
                + endpoint.host() + ":" + endpoint.port() + ".\nWritten by ./rpcbench plan from the generated classes'"
                + " metadata: change the values in the Thrift Request's arguments\n(a JSON array of the arguments in the"
                + " IDL's order; ${var} and functions work inside it).\nThe service's generated classes: the Test Plan's"
                + " class path below (or -Juser.classpath=JAR, or JMeter's lib/ext).");
        plan.classpath(classpath);
        plan.defaults(load.propertyDefaults());
        Map<String, String> values = new LinkedHashMap<>();
        values.put("host", endpoint.host());
        values.put("port", Integer.toString(endpoint.port()));
        values.put("transport", endpoint.transport());
        values.put("protocol", endpoint.protocol());
        values.put("service", service);
        values.put("method", method);
        values.put("arguments", arguments);
        values.put("multiplexed_service", endpoint.multiplexedService());
        plan.onlyRequest(method, values, "The arguments are a template: numbers 0, texts empty, enums their first"
                + " constant, one element per list, set and map, every field of a struct (remove an optional one to"
                + " leave it unset).");
        return plan;
    }
}
