package io.rpcbench.sampler.jmeter;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.jmeter.config.Arguments;
import org.apache.jmeter.protocol.java.sampler.JavaSamplerContext;
import org.apache.jmeter.samplers.SampleResult;

/**
 * Drives a sampler the way JMeter's Java Request does, without the engine: the sampler's default
 * parameters overlaid with the test's, then setupTest, runTest per sample, closeClient (also on failure).
 */
final class SamplerRun {

    private SamplerRun() {}

    static List<SampleResult> run(RpcJavaSampler<?> sampler, Map<String, String> parameters, int samples) {
        JavaSamplerContext context = context(sampler, parameters);
        List<SampleResult> results = new ArrayList<>();
        sampler.setupTest(context);
        try {
            for (int i = 0; i < samples; i++) {
                results.add(sampler.runTest(context));
            }
        } finally {
            sampler.closeClient();
        }
        return results;
    }

    static SampleResult runOnce(RpcJavaSampler<?> sampler, Map<String, String> parameters) {
        return run(sampler, parameters, 1).get(0);
    }

    static JavaSamplerContext context(RpcJavaSampler<?> sampler, Map<String, String> parameters) {
        Map<String, String> merged = new LinkedHashMap<>(sampler.getDefaultParameters().getArgumentsAsMap());
        merged.putAll(parameters);
        Arguments arguments = new Arguments();
        merged.forEach(arguments::addArgument);
        return new JavaSamplerContext(arguments);
    }
}
