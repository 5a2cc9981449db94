package io.rpcbench.sampler.jmeter;

import org.apache.jmeter.config.Arguments;
import org.apache.jmeter.protocol.java.sampler.JavaSampler;
import org.apache.jmeter.protocol.java.sampler.JavaSamplerContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes the clients of a plan's Java Request samplers ready before the first arrival: for a thread group that starts
 * its schedule once the run's shared clients (a Dubbo consumer takes seconds to build) exist, so that the first second
 * of a run is like the tenth. Called on the engine's thread, after the test started (JMeter's test start time set,
 * which is the run {@link io.rpcbench.sampler.call.RunScope} keeps the clients for) and before the thread group's
 * threads start; on each engine of a distributed run.
 *
 * <p>For a Java Request whose class is an {@link RpcJavaSampler}, an instance of it is made and its
 * {@link RpcJavaSampler#prepareForRun} run with the element's arguments, read through the element on this thread (so
 * functions and properties are substituted; a {@code ${variable}} set by the threads is not, and a parameter that
 * holds one may then name other settings than the samples use). Other classes are left alone. A failure is logged
 * once, here, and the run goes on: its samples fail as they would have.
 *
 * <pre>{@code
 * ClientsReady.prepare(javaSamplerElement);   // the thread group, on the engine thread, before its threads start
 * }</pre>
 */
public final class ClientsReady {

    private static final Logger LOG = LoggerFactory.getLogger(ClientsReady.class);

    private ClientsReady() {}

    /**
     * Builds what the samples of {@code element} will share in the run, when its class is an rpcbench sampler.
     *
     * @return true when the clients are ready; false for another class, or when they could not be made ready (logged)
     */
    public static boolean prepare(JavaSampler element) {
        Class<?> type;
        try {
            // As JMeter's Java Request loads it; a class it cannot load is its to report, at the first sample
            type = Class.forName(element.getClassname(), false, Thread.currentThread().getContextClassLoader());
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
        if (!RpcJavaSampler.class.isAssignableFrom(type)) {
            return false;
        }
        RpcJavaSampler<?> sampler;
        try {
            sampler = (RpcJavaSampler<?>) type.getDeclaredConstructor().newInstance();
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            LOG.warn("{}: could not make {} to prepare its client before the run: {}", element.getName(),
                    type.getName(), e.toString());
            return false;
        }
        Arguments arguments = element.getArguments();
        return prepare(element.getName(), sampler, new JavaSamplerContext(arguments == null ? new Arguments()
                : arguments));
    }

    /**
     * Runs {@code sampler}'s {@link RpcJavaSampler#prepareForRun} with {@code context} and logs, once, why it could
     * not; for the rpcbench sampler elements, which build the context from their fields.
     *
     * @param name the element's name, for the message
     * @return true when the clients are ready
     */
    public static boolean prepare(String name, RpcJavaSampler<?> sampler, JavaSamplerContext context) {
        String problem;
        try {
            problem = sampler.prepareForRun(context);
        } catch (RuntimeException | LinkageError e) { // a sampler's own fault: the run goes on, its samples will say
            problem = e.toString();
        }
        if (problem != null) {
            LOG.warn("{}: its client could not be made ready before the run, so its samples will try as they come: {}",
                    name, problem);
            return false;
        }
        return true;
    }
}
