package io.rpcbench.sampler.thrift;

import io.rpcbench.sampler.call.BadParameterException;
import io.rpcbench.sampler.call.SamplerParameters;

/**
 * Where and what a generic Thrift sampler calls, read once per thread from its parameters: the connection
 * ({@link ThriftSettings}), the method (resolved in the generated service class), the name the service is
 * multiplexed under (empty: a plain, non-multiplexed call) and the most response text a sample carries. The
 * arguments are not here: they are read per sample ({@link ThriftServiceClient#bind}).
 */
public record ThriftServiceSettings(ThriftSettings connection, ThriftMethod method, String multiplexedService,
        int responseMaxBytes) {

    public static final String ARGUMENTS = "arguments";
    public static final String MULTIPLEXED_SERVICE = "multiplexed_service";
    public static final String RESPONSE_MAX_BYTES = "response_max_bytes";

    public static final String DEFAULT_SERVICE = "io.rpcbench.example.thrift.InventoryService";
    public static final String DEFAULT_METHOD = "find";
    public static final String DEFAULT_ARGUMENTS = "[7]";
    public static final int DEFAULT_RESPONSE_MAX_BYTES = 65_536;
    public static final int MAX_RESPONSE_MAX_BYTES = 67_108_864;

    /**
     * @param loader where the generated service class is looked up: JMeter's class loader, which holds lib/ext
     * @throws BadParameterException for the first invalid parameter
     */
    public static ThriftServiceSettings from(SamplerParameters parameters, ClassLoader loader) {
        ThriftSettings connection = ThriftSettings.from(parameters);
        ThriftMethod method = ThriftMethod.resolve(parameters.text(ThriftMethod.SERVICE, ""),
                parameters.text(ThriftMethod.METHOD, ""), loader);
        String multiplexed = parameters.optionalText(MULTIPLEXED_SERVICE);
        if (multiplexed.contains(":")) { // TMultiplexedProtocol separates service and method by ':'
            throw BadParameterException.of(MULTIPLEXED_SERVICE, multiplexed, "contains ':'",
                    "the name the provider registered the service under in its TMultiplexedProcessor, or empty");
        }
        int max = parameters.integer(RESPONSE_MAX_BYTES, DEFAULT_RESPONSE_MAX_BYTES, 0, MAX_RESPONSE_MAX_BYTES);
        return new ThriftServiceSettings(connection, method, multiplexed, max);
    }

    /** e.g. {@code thrift://127.0.0.1:9090 (buffered, binary) InventoryService:find}, ':' when multiplexed. */
    public String target() {
        String call = multiplexedService.isEmpty() ? method.qualifiedName() : multiplexedService + ":" + method.name();
        return connection.target() + " " + call;
    }

    /** The sample's request summary: {@code thrift InventoryService.find}. */
    public String summary() {
        return "thrift " + method.qualifiedName();
    }
}
