package io.rpcbench.sampler.dubbo;

import io.rpcbench.sampler.call.BadParameterException;
import io.rpcbench.sampler.call.SamplerParameters;
import io.rpcbench.sampler.call.ServiceCallParameters;
import io.rpcbench.sampler.json.JavaNames;
import io.rpcbench.sampler.json.TypeName;
import java.util.List;

/**
 * What the service sampler calls, read once per thread: the consumer ({@link DubboSettings}), the method, its
 * parameter types as given (empty: looked up in the registry's metadata on the first sample) and the cap of the
 * response text. The arguments and attachments are not here: they are read per sample ({@link DubboServiceClient#bind}).
 *
 * @param parameterTypes   as the user wrote them, each e.g. {@code long} or {@code java.util.List<com.example.Line>}
 * @param responseMaxBytes the most bytes of the JSON response text a sample keeps
 */
public record DubboServiceRequest(DubboSettings settings, String method, List<String> parameterTypes,
                                  int responseMaxBytes) {

    public static final String ATTACHMENTS = "attachments";
    public static final String RESPONSE_MAX_BYTES = "response_max_bytes";

    public static final String DEFAULT_ARGUMENTS = "[]";
    public static final int DEFAULT_RESPONSE_MAX_BYTES = 65_536;
    public static final int MAX_RESPONSE_MAX_BYTES = 64 * 1024 * 1024;

    /** @throws BadParameterException for the first invalid parameter */
    public static DubboServiceRequest from(SamplerParameters parameters) {
        DubboSettings settings = DubboSettings.forService(parameters);
        String method = parameters.optionalText(ServiceCallParameters.METHOD);
        if (!JavaNames.isMethodName(method)) {
            throw BadParameterException.of(ServiceCallParameters.METHOD, method, "is not a method name", "a method of "
                    + settings.interfaceName() + ", e.g. findOrder");
        }
        String typesText = parameters.optionalText(ServiceCallParameters.PARAMETER_TYPES);
        List<String> types = typesText.isEmpty() ? List.of() : parseTypes(typesText);
        int maxBytes = parameters.integer(RESPONSE_MAX_BYTES, DEFAULT_RESPONSE_MAX_BYTES, 0, MAX_RESPONSE_MAX_BYTES);
        return new DubboServiceRequest(settings, method, types, maxBytes);
    }

    private static List<String> parseTypes(String text) {
        List<String> types = TypeName.splitList(text);
        for (String type : types) {
            try {
                TypeName.parse(type);
            } catch (IllegalArgumentException e) {
                throw BadParameterException.of(ServiceCallParameters.PARAMETER_TYPES, text, "has '" + type
                        + "', which is not a Java type (" + e.getMessage() + ")",
                        "Java type names separated by commas, e.g. long,java.util.List<com.example.OrderLine>");
            }
        }
        return List.copyOf(types);
    }

    /** True when the parameter types are to be read from the registry's metadata. */
    public boolean typesFromMetadata() {
        return parameterTypes.isEmpty();
    }

    /** The sample's request data: {@code com.example.OrderService.find(long)}, types elided when looked up. */
    public String summary() {
        return settings.interfaceName() + "." + method + "("
                + (typesFromMetadata() ? "..." : String.join(", ", parameterTypes)) + ")";
    }
}
