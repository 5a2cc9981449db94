package io.rpcbench.elements.model;

import io.rpcbench.sampler.jmeter.ClientsReady;
import io.rpcbench.sampler.jmeter.RpcJavaSampler;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.apache.jmeter.config.Arguments;
import org.apache.jmeter.protocol.java.sampler.JavaSamplerContext;
import org.apache.jmeter.samplers.SampleResult;

/**
 * One JMeter thread's Java Request sampler (an {@link RpcJavaSampler}: {@code DubboServiceSampler},
 * {@code ThriftServiceSampler}) driven from an element's fields, as JMeter's own Java Request drives it: the fields
 * are the sampler's parameters by name, {@code setupTest} runs once with the first sample's values and
 * {@code runTest} per sample with that sample's values (JMeter substitutes {@code ${var}} and functions anew for
 * each sample). So an element runs the same client and writes the same results as the Java Request adapter.
 *
 * <p>Order of calls: construct in the element's first sample (one driver per thread: JMeter gives each thread its own
 * copy of the element), {@link #sample} per sample, {@link #interrupt} from JMeter's stopping thread. There is no
 * tear-down: the sampler closes its client when the run ends, or after each sample on an Open Model arrival thread
 * (see {@link RpcJavaSampler#closeClient}), and nothing here registers itself anywhere, so neither this driver nor the
 * element holding it outlives its thread.
 *
 * <pre>{@code
 * JavaRequestDriver driver = new JavaRequestDriver(new DubboServiceSampler());
 * SampleResult result = driver.sample(element::getPropertyAsString);
 * }</pre>
 */
final class JavaRequestDriver {

    private final RpcJavaSampler<?> sampler;
    private final List<String> parameters;
    private final SampleValues values = new SampleValues();
    private boolean setUp;

    JavaRequestDriver(RpcJavaSampler<?> sampler) {
        this.sampler = sampler;
        this.parameters = parameterNames(sampler);
    }

    /** The names of {@code sampler}'s parameters, in the order the Java Request shows them. */
    static List<String> parameterNames(RpcJavaSampler<?> sampler) {
        return List.copyOf(sampler.getDefaultParameters().getArgumentsAsMap().keySet());
    }

    /**
     * Makes one sample with this sample's value of each parameter; never throws (the sampler turns every failure into
     * a failed sample with a category).
     *
     * @param fields the value of a field by its name, empty when it is not set (the sampler's default then applies)
     */
    SampleResult sample(UnaryOperator<String> fields) {
        Map<String, String> sample = new HashMap<>(parameters.size() * 2);
        for (String name : parameters) {
            sample.put(name, fields.apply(name));
        }
        values.current = sample;
        JavaSamplerContext context = new JavaSamplerContext(values);
        if (!setUp) {
            setUp = true;
            sampler.setupTest(context);
        }
        return sampler.runTest(context);
    }

    /**
     * Makes {@code sampler}'s clients ready for the run before its first sample ({@link RpcJavaSampler#prepareForRun},
     * through {@link ClientsReady}, which logs a failure), with these values of its parameters.
     *
     * @param name   the element's name, for the message
     * @param fields the value of a field by its name, empty when it is not set
     * @return true when the clients are ready
     */
    static boolean prepare(String name, RpcJavaSampler<?> sampler, UnaryOperator<String> fields) {
        Map<String, String> values = new HashMap<>();
        for (String parameter : parameterNames(sampler)) {
            values.put(parameter, fields.apply(parameter));
        }
        SampleValues arguments = new SampleValues();
        arguments.current = values;
        return ClientsReady.prepare(name, sampler, new JavaSamplerContext(arguments));
    }

    /** Forwards JMeter's stop to the sampler: a call in progress is cut short where the library allows it. */
    boolean interrupt() {
        return sampler.interrupt();
    }

    /**
     * A sample's values in the one form {@link JavaSamplerContext} takes: JMeter's {@link Arguments}, whose map is read
     * once by the context's constructor. One per thread, handing out each sample's own map, rather than a list of
     * {@code Argument} elements built for every sample.
     */
    private static final class SampleValues extends Arguments {

        private static final long serialVersionUID = 1L;

        private transient Map<String, String> current = Map.of();

        @Override
        public Map<String, String> getArgumentsAsMap() {
            return current;
        }
    }
}
