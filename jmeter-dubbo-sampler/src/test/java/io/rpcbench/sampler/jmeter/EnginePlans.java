package io.rpcbench.sampler.jmeter;

import java.util.List;
import java.util.Map;
import org.apache.jmeter.config.Arguments;
import org.apache.jmeter.engine.StandardJMeterEngine;
import org.apache.jmeter.protocol.java.sampler.AbstractJavaSamplerClient;
import org.apache.jmeter.protocol.java.sampler.JavaSampler;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.testelement.TestPlan;
import org.apache.jmeter.threads.AbstractThreadGroup;
import org.apache.jmeter.util.JMeterUtils;
import org.apache.jorphan.collections.HashTree;
import org.apache.jorphan.collections.ListedHashTree;

/**
 * The plans the tests run in JMeter's own engine, built in code as JMeter's GUI would save them: a test plan of one
 * thread group ({@link LoadThreadGroup}) holding Java Requests and the {@link CollectedSamples} listener.
 *
 * <pre>{@code
 * CollectedSamples samples = new CollectedSamples();
 * HashTree plan = EnginePlans.of("stop", LoadThreadGroup.of(4, -1), samples,
 *         List.of(EnginePlans.javaRequest("dubbo", new DubboSampler(), Map.of("address", "dubbo://127.0.0.1:20880"))));
 * }</pre>
 */
final class EnginePlans {

    private EnginePlans() {}

    /** A test plan named {@code name}: {@code group} running {@code samplers} in order, and {@code samples}. */
    /**
     * Runs {@code plan} in JMeter's engine on this thread, to its end, with JMeter's {@code sample_variables} naming
     * {@code variables} meanwhile (as jmeter-home's user.properties names them), removed after.
     */
    static void runWithSampleVariables(HashTree plan, String variables) {
        JMeterUtils.setProperty(SampleEvent.SAMPLE_VARIABLES, variables);
        try {
            StandardJMeterEngine engine = new StandardJMeterEngine();
            engine.configure(plan);
            engine.run(); // in this thread: returns once every thread ended
        } finally {
            JMeterUtils.getJMeterProperties().remove(SampleEvent.SAMPLE_VARIABLES);
        }
    }

    static HashTree of(String name, AbstractThreadGroup group, CollectedSamples samples, List<JavaSampler> samplers) {
        HashTree tree = new ListedHashTree();
        HashTree threads = tree.add(new TestPlan(name)).add(group);
        samplers.forEach(threads::add);
        threads.add(samples);
        return tree;
    }

    /**
     * A Java Request named {@code name} running {@code client}'s class, with the client's default parameters where
     * {@code parameters} gives no value.
     */
    static JavaSampler javaRequest(String name, AbstractJavaSamplerClient client, Map<String, String> parameters) {
        JavaSampler sampler = new JavaSampler();
        sampler.setName(name);
        sampler.setClassname(client.getClass().getName());
        Arguments arguments = new Arguments();
        client.getDefaultParameters().getArgumentsAsMap().forEach((key, value) ->
                arguments.addArgument(key, parameters.getOrDefault(key, value)));
        sampler.setArguments(arguments);
        return sampler;
    }
}
