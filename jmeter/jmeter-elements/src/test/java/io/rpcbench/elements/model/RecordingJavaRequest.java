package io.rpcbench.elements.model;

import io.rpcbench.sampler.call.RpcClient;
import io.rpcbench.sampler.call.SamplerParameters;
import io.rpcbench.sampler.jmeter.RpcJavaSampler;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.jmeter.config.Arguments;
import org.apache.jmeter.protocol.java.sampler.JavaSamplerContext;
import org.apache.jmeter.samplers.SampleResult;

/** A Java Request sampler of two parameters, {@code where} and {@code what}, that records what JMeter's calls gave it. */
final class RecordingJavaRequest extends RpcJavaSampler<String> {

    final List<Map<String, String>> setups = new ArrayList<>();
    final List<Map<String, String>> samples = new ArrayList<>();
    boolean interrupted;
    /** The values {@code prepareForRun} read, and how often its client was prepared and closed. */
    final List<Map<String, String>> prepared = new ArrayList<>();
    int clientsPrepared;
    int clientsClosed;

    @Override
    protected void addParameters(Arguments arguments) {
        arguments.addArgument("where", "");
        arguments.addArgument("what", "");
    }

    @Override
    public void setupTest(JavaSamplerContext context) {
        setups.add(values(context));
    }

    @Override
    public SampleResult runTest(JavaSamplerContext context) {
        samples.add(values(context));
        SampleResult result = new SampleResult();
        result.setSuccessful(true);
        return result;
    }

    @Override
    public boolean interrupt() {
        interrupted = true;
        return true;
    }

    private static Map<String, String> values(JavaSamplerContext context) {
        Map<String, String> values = new LinkedHashMap<>();
        context.getParameterNamesIterator().forEachRemaining(name -> values.put(name, context.getParameter(name)));
        return values;
    }

    /** Reached only by {@code prepareForRun} (setupTest is recorded, not run): records the values it read. */
    @Override
    protected String setup(SamplerParameters parameters) {
        prepared.add(Map.of("where", parameters.text("where", ""), "what", parameters.text("what", "")));
        return "prepared";
    }

    /** Reached only by {@code prepareForRun}: a client that counts how often it was prepared and closed. */
    @Override
    protected RpcClient open(String setup) {
        return new RpcClient() {
            @Override
            public void prepare() {
                clientsPrepared++;
            }

            @Override
            public Object call() {
                throw new UnsupportedOperationException("a prepared client makes no call");
            }

            @Override
            public String mismatch(Object response) {
                return null;
            }

            @Override
            public long sentBytes() {
                return 0;
            }

            @Override
            public long receivedBytes(Object response) {
                return 0;
            }

            @Override
            public String answeredBy() {
                return "nowhere";
            }

            @Override
            public String target() {
                return "nowhere";
            }

            @Override
            public boolean interrupt() {
                return false;
            }

            @Override
            public void close() {
                clientsClosed++;
            }
        };
    }

    @Override
    protected String target(String setup) {
        return "nowhere";
    }

    @Override
    protected String summary(String setup) {
        return "recorded";
    }
}
