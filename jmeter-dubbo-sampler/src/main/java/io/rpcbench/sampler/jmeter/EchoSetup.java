package io.rpcbench.sampler.jmeter;

import io.rpcbench.sampler.call.SamplerParameters;
import io.rpcbench.sampler.call.echo.EchoRequest;
import org.apache.jmeter.config.Arguments;

/**
 * The setup of an echo sampler: where to call ({@code S}, the library's settings) and the echo request built once
 * from the payload parameters every echo sampler shares.
 */
record EchoSetup<S>(S settings, EchoRequest request) {

    /** Adds the timeout and payload parameters, after the sampler's own target parameters. */
    static void addPayloadParameters(Arguments arguments) {
        arguments.addArgument(SamplerParameters.TIMEOUT_MS, Integer.toString(SamplerParameters.DEFAULT_TIMEOUT_MS));
        arguments.addArgument(SamplerParameters.PAYLOAD, SamplerParameters.DEFAULT_PAYLOAD);
        arguments.addArgument(SamplerParameters.SIZE_BYTES, Integer.toString(SamplerParameters.DEFAULT_SIZE_BYTES));
        arguments.addArgument(SamplerParameters.LIST_COUNT, Integer.toString(SamplerParameters.DEFAULT_LIST_COUNT));
        arguments.addArgument(SamplerParameters.ROUNDS, Integer.toString(SamplerParameters.DEFAULT_ROUNDS));
        arguments.addArgument(SamplerParameters.DELAY_MS, Integer.toString(SamplerParameters.DEFAULT_DELAY_MS));
    }
}
