package io.rpcbench.catalogue;

import io.rpcbench.sampler.dubbo.DubboSettings;
import io.rpcbench.sampler.dubbo.triple.ServerReflection;
import io.rpcbench.sampler.json.MethodSignature;
import io.rpcbench.sampler.registry.RegistryAccess;
import io.rpcbench.sampler.registry.ServiceKey;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A JMeter plan calling one method of a Dubbo service through a registry with rpcbench's <em>Dubbo Request</em>
 * (generic invocation: JMeter needs no API jar), modelled on {@code dubbo-order-service.jmx} ({@link ModelPlan}).
 *
 * <p>What it fills in: in the plan's Dubbo Defaults, where to call: {@code address} and the Nacos {@code namespace},
 * {@code registry_group} and {@code username}; in the Dubbo Request, what to call: {@code interface}, {@code method},
 * {@code version}, {@code group} and {@code arguments} (the {@link io.rpcbench.sampler.template.ArgumentTemplate}).
 * {@code parameter_types} stays empty unless overloads of the method share its number of parameters: empty, the
 * sampler reads the signature from the registry's metadata and types every nested field by it (with the types given,
 * it types only the parameters). The password is never written: the model request's {@code property_overrides} takes
 * it from the JMeter property {@code dubbo.password}, which the plan's comment says how to give.
 */
final class DubboPlan {

    private DubboPlan() {}

    /**
     * @param overloaded whether other overloads of the method take as many parameters, so that the sampler needs the
     *                   types to choose
     */
    static ModelPlan of(String planName, String address, RegistryAccess access, ServiceKey service,
            MethodSignature method, boolean overloaded, String arguments, LoadShape load) {
        ModelPlan plan = ModelPlan.load(ModelPlan.DUBBO);
        plan.name(planName, intro(service, method, access));
        plan.defaults(load.propertyDefaults());
        Map<String, String> where = new LinkedHashMap<>();
        where.put("address", address);
        where.put(RegistryAccess.NAMESPACE, access.namespace());
        where.put(RegistryAccess.REGISTRY_GROUP, access.group());
        where.put(RegistryAccess.USERNAME, access.username());
        where.put(RegistryAccess.PASSWORD, ""); // from the property dubbo.password (property_overrides), never here
        plan.dubboDefaults(where);
        Map<String, String> values = new LinkedHashMap<>();
        values.put("interface", service.interfaceName());
        values.put("method", method.name());
        values.put("parameter_types", overloaded ? String.join(",", method.parameterTypes()) : "");
        values.put("arguments", arguments);
        values.put("version", service.version());
        values.put("group", service.group());
        values.put("attachments", "");
        plan.onlyRequest(method.name(), values, samplerComment(method));
        return plan;
    }

    /**
     * A plan calling {@code method} of the {@code .proto} service {@code service} that the server at {@code address}
     * ({@code tri://host:port}) describes through its gRPC reflection: triple, {@code invocation=proto-descriptor} with
     * no descriptor set (the sampler reads the server's reflection too), the arguments the method's request message at
     * its defaults.
     */
    static ModelPlan ofReflected(String planName, String address, String service,
            ServerReflection.ReflectedMethod method, LoadShape load) {
        ModelPlan plan = ModelPlan.load(ModelPlan.DUBBO);
        plan.name(planName, "rpcbench plan: calls " + method.described() + " of the server " + address + " (triple "
                + "or any gRPC server), as its gRPC reflection describes it.\nWritten by ./rpcbench plan --reflection:"
                + " the Dubbo Request calls it with invocation proto-descriptor and no descriptor set, so its sampler"
                + " asks the\nserver's reflection too (JMeter needs no class of the service). Change the values in its"
                + " arguments: a JSON array of the\nrequest message in protobuf's JSON mapping (int64 as text), or of"
                + " every message a method that streams its requests sends.\n");
        plan.defaults(load.propertyDefaults());
        Map<String, String> where = new LinkedHashMap<>();
        where.put("address", address);
        where.put("protocol", "tri");
        plan.dubboDefaults(where);
        Map<String, String> values = new LinkedHashMap<>();
        values.put("interface", service);
        values.put("method", method.name());
        values.put("parameter_types", "");
        values.put("arguments", method.arguments());
        values.put("invocation", DubboSettings.PROTO_DESCRIPTOR);
        values.put("proto_descriptor_set", "");
        values.put("attachments", "");
        plan.onlyRequest(method.name(), values, method.described() + "\nThe arguments are a template: the request "
                + "message with every field at its default (message fields left out).");
        return plan;
    }

    private static String intro(ServiceKey service, MethodSignature method, RegistryAccess access) {
        return "rpcbench plan: calls " + method + " of " + service.describe() + " by generic invocation (JMeter needs no"
                + " API jar).\nWritten by ./rpcbench plan from the service's definition in the registry: change the values in"
                + " the Dubbo Request's arguments\n(a JSON array, one value per parameter, its shape typed from the metadata;"
                + " ${var} and functions work inside it).\n"
                + (access.authenticated() ? "The registry's password: the property dubbo.password, in a properties file"
                        + " (jmeter -q registry.properties), not -J, which JMeter writes into its log.\n" : "");
    }

    private static String samplerComment(MethodSignature method) {
        return "Parameters: " + String.join(", ", method.parameterTypes()) + (method.returnType().isEmpty() ? ""
                : "\nReturns: " + method.returnType() + " (the response data is its JSON)")
                + "\nThe arguments are a template: numbers 0, texts empty, enums their first constant, one element per"
                + " list and map; a null is a nested value left out (Object, or a type inside itself).";
    }
}
