package io.rpcbench.elements.gui;

import io.rpcbench.elements.check.AddressCheck;
import io.rpcbench.elements.check.ChoiceCheck;
import io.rpcbench.elements.check.FieldCheck;
import io.rpcbench.elements.check.IntegerCheck;
import io.rpcbench.elements.check.JsonArgumentsCheck;
import io.rpcbench.sampler.call.SamplerParameters;
import io.rpcbench.sampler.call.ServiceCallParameters;
import io.rpcbench.sampler.call.StreamPace;
import io.rpcbench.sampler.dubbo.DubboServiceRequest;
import io.rpcbench.sampler.dubbo.DubboSettings;
import io.rpcbench.sampler.jmeter.RpcJavaSampler;
import io.rpcbench.sampler.registry.RegistryAccess;
import java.util.ArrayList;
import java.util.List;

/**
 * The fields of the Dubbo Request and Dubbo Defaults panels: their groups, labels, tooltips and checks. A tooltip says
 * what the field is, an example, and what an empty field means: for a request, the Dubbo Defaults' value in its scope,
 * else the sampler's default; for the Defaults, each request's own default.
 */
final class DubboFields {

    static final String WHERE = "Where: the registry or provider, and how to talk to it";
    static final String NACOS = "Nacos registry access (empty for ZooKeeper)";
    static final String WHAT = "What: the service, method and arguments";
    static final String RESULTS = "Results";
    static final String CALLS = "How calls are made";

    private DubboFields() {}

    /** The Dubbo Request's groups, in the order its panel shows them: the call's, then the rest. */
    static List<FieldGroup> request() {
        List<FieldGroup> groups = new ArrayList<>(call());
        groups.addAll(advanced());
        return groups;
    }

    /** The groups of the Dubbo Request's first tab. */
    static List<FieldGroup> call() {
        Field responseMaxBytes = Field.text(DubboServiceRequest.RESPONSE_MAX_BYTES, "Response size limit (bytes)",
                "The most of each answer kept as the sample's response data (the JSON text is cut there, and says "
                        + "so). Empty: " + DubboServiceRequest.DEFAULT_RESPONSE_MAX_BYTES + " (64 KiB).",
                new IntegerCheck(DubboServiceRequest.RESPONSE_MAX_BYTES, 0, DubboServiceRequest.MAX_RESPONSE_MAX_BYTES,
                        Integer.toString(DubboServiceRequest.DEFAULT_RESPONSE_MAX_BYTES)));
        return List.of(where(false), what(), FieldGroup.of("results", RESULTS, responseMaxBytes));
    }

    /** The groups of the Dubbo Request's second tab. */
    static List<FieldGroup> advanced() {
        return List.of(nacos(false), FieldGroup.of("calls", CALLS,
                Field.choice(DubboSettings.INVOCATION, "Invocation", "How the call is made: generic (no API jar "
                        + "needed), typed (the interface's jar in JMeter's lib/ext), protobuf-json, or proto-descriptor "
                        + "(a triple service from its .proto descriptor set alone). Empty: generic.",
                        DubboSettings.INVOCATIONS, new ChoiceCheck(DubboSettings.INVOCATION, DubboSettings.INVOCATIONS,
                                DubboSettings.DEFAULT_INVOCATION)),
                Field.text(DubboSettings.PROTO_DESCRIPTOR_SET, "Proto descriptor set", "For invocation "
                        + "proto-descriptor: the file protoc wrote with --descriptor_set_out and --include_imports.",
                        FieldCheck.NONE),
                Field.text(StreamPace.PARAMETER, "Stream send", "For a triple method that streams its requests "
                        + "(invocation typed or proto-descriptor): how its messages (the arguments' array) are sent: at "
                        + "once, every N ms (e.g. every 10 ms), or after each answer (a ping-pong, bidirectional "
                        + "methods). Empty: at once.", FieldCheck.NONE),
                Field.text(DubboServiceRequest.ATTACHMENTS, "Attachments", "Values sent beside the call, read per "
                        + "sample: key=value pairs separated by ';', e.g. traceId=${id};tenant=blue.", FieldCheck.NONE),
                Field.choice(DubboSettings.CLUSTER, "Cluster", "What Dubbo does when a call fails or several providers "
                        + "answer. Empty: failover.", DubboSettings.CLUSTERS, new ChoiceCheck(DubboSettings.CLUSTER,
                                DubboSettings.CLUSTERS, DubboSettings.DEFAULT_CLUSTER)),
                Field.choice(DubboSettings.LOADBALANCE, "Load balance", "How a provider is picked among several. "
                        + "Empty: random.", DubboSettings.LOADBALANCES, new ChoiceCheck(DubboSettings.LOADBALANCE,
                                DubboSettings.LOADBALANCES, DubboSettings.DEFAULT_LOADBALANCE)),
                Field.text(DubboSettings.RETRIES, "Retries", "Calls made again after a failure, within one sample "
                        + "(which then times them together). Empty: 0.", new IntegerCheck(DubboSettings.RETRIES, 0,
                                DubboSettings.MAX_RETRIES, "0")),
                Field.text(DubboSettings.CONNECTIONS, "Connections", "Connections to each provider for this request. "
                        + "Empty: 0, the one connection per provider that Dubbo shares.",
                        new IntegerCheck(DubboSettings.CONNECTIONS, 0, DubboSettings.MAX_CONNECTIONS, "0")),
                maxInFlight(), propertyOverrides("address=dubbo.address, timeout_ms=timeout_ms")));
    }

    /** The Dubbo Defaults' groups. */
    static List<FieldGroup> defaults() {
        return List.of(where(true), nacos(true));
    }

    private static FieldGroup where(boolean defaults) {
        return FieldGroup.of("where", WHERE,
                Field.text(DubboSettings.ADDRESS, "Registry or URL", "Where the providers are: a registry, "
                        + "zookeeper://host:port or nacos://host:port, or one provider directly, dubbo://host:port or "
                        + "tri://host:port (a direct URL needs the parameter types)." + empty(defaults,
                                DubboSettings.DEFAULT_ADDRESS),
                        new AddressCheck(DubboSettings.ADDRESS, List.of("zookeeper", "nacos", "dubbo", "tri"),
                                DubboSettings.DEFAULT_ADDRESS)),
                Field.choice(DubboSettings.PROTOCOL, "Protocol", "The protocol the providers serve: dubbo or tri "
                        + "(triple)." + empty(defaults, DubboSettings.DEFAULT_PROTOCOL), DubboSettings.PROTOCOLS,
                        new ChoiceCheck(DubboSettings.PROTOCOL, DubboSettings.PROTOCOLS,
                                DubboSettings.DEFAULT_PROTOCOL)),
                Field.choice(DubboSettings.SERIALIZATION, "Serialization", "How arguments and results travel: "
                        + "hessian2, fastjson2, or protobuf." + empty(defaults, DubboSettings.DEFAULT_SERIALIZATION),
                        DubboSettings.SERVICE_SERIALIZATIONS, new ChoiceCheck(DubboSettings.SERIALIZATION,
                                DubboSettings.SERVICE_SERIALIZATIONS, DubboSettings.DEFAULT_SERIALIZATION)),
                Field.text(SamplerParameters.TIMEOUT_MS, "Timeout (ms)", "How long a call may take before the sample "
                        + "fails as timeout, in milliseconds." + empty(defaults,
                                Integer.toString(SamplerParameters.DEFAULT_TIMEOUT_MS)),
                        new IntegerCheck(SamplerParameters.TIMEOUT_MS, 1, SamplerParameters.MAX_TIMEOUT_MS,
                                Integer.toString(SamplerParameters.DEFAULT_TIMEOUT_MS))),
                Field.text(DubboSettings.VERSION, "Version", "The service version its providers declare, e.g. 1.0.0."
                        + empty(defaults, "none"), FieldCheck.NONE),
                Field.text(DubboSettings.GROUP, "Group", "The service group its providers declare (the service's, "
                        + "not the Nacos registry group)." + empty(defaults, "none"), FieldCheck.NONE));
    }

    private static FieldGroup nacos(boolean defaults) {
        return FieldGroup.of("nacos", NACOS,
                Field.text(RegistryAccess.NAMESPACE, "Namespace", "The Nacos namespace's id (not its name)."
                        + empty(defaults, "public"), FieldCheck.NONE),
                Field.text(RegistryAccess.REGISTRY_GROUP, "Registry group", "The Nacos group the providers registered "
                        + "in, not the service's group." + empty(defaults, "DEFAULT_GROUP"), FieldCheck.NONE),
                Field.text(RegistryAccess.USERNAME, "Username", "A Nacos user, when Nacos authenticates."
                        + empty(defaults, "none"), FieldCheck.NONE),
                Field.password(RegistryAccess.PASSWORD, "Password", "That user's password, never shown. It is saved "
                        + "in the plan as typed: write ${__P(dubbo.password)} and give -Jdubbo.password=... (or "
                        + "user.properties) to keep it out of the plan." + empty(defaults, "none")));
    }

    private static FieldGroup what() {
        return FieldGroup.of("what", WHAT,
                Field.text(DubboSettings.INTERFACE, "Interface", "The service's Java interface, e.g. "
                        + "io.rpcbench.example.OrderService. Browse lists what the registry holds.", FieldCheck.NONE),
                Field.text(ServiceCallParameters.METHOD, "Method", "The method to call, e.g. place.", FieldCheck.NONE),
                Field.text(ServiceCallParameters.PARAMETER_TYPES, "Parameter types", "The method's parameter types, "
                        + "comma-separated, e.g. long,java.util.List<com.example.OrderLine>. Empty: read from the "
                        + "registry's metadata (a direct URL, or overloads of the same length, need them).",
                        FieldCheck.NONE),
                Field.json(ServiceCallParameters.ARGUMENTS, "Arguments (JSON)", "One JSON array, one value per "
                        + "parameter, typed by the parameter types, e.g. [9007199254740993, \"A-1\", {\"sku\": \"A-1\", "
                        + "\"quantity\": 3}]. ${var} and functions work anywhere in it, substituted at each sample. "
                        + "Empty: [] (no arguments).", new JsonArgumentsCheck(ServiceCallParameters.ARGUMENTS, true)));
    }

    static Field maxInFlight() {
        return Field.text(RpcJavaSampler.MAX_IN_FLIGHT, "Max calls in flight", "The most calls of this sampler (by "
                + "its name, across threads) in flight at once; a sample due beyond it fails as dropped without a "
                + "call. For open workloads. Empty: 0, no cap.",
                new IntegerCheck(RpcJavaSampler.MAX_IN_FLIGHT, 0, Integer.MAX_VALUE, "0"));
    }

    static Field propertyOverrides(String example) {
        return Field.text("property_overrides", "Property overrides", "Fields replaced by JMeter properties when "
                + "those are set (-Jname=value or user.properties), read once per thread: field=property pairs "
                + "separated by commas, e.g. " + example + ". Empty: none.", FieldCheck.NONE);
    }

    private static String empty(boolean defaults, String value) {
        return defaults ? " Empty: each Dubbo Request's own default, " + value + "."
                : " Empty: the Dubbo Defaults' value in scope, else " + value + ".";
    }
}
