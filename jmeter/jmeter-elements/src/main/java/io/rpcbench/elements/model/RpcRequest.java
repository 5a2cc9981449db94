package io.rpcbench.elements.model;

import io.rpcbench.sampler.jmeter.RpcJavaSampler;
import java.util.Collection;
import java.util.List;
import org.apache.jmeter.config.ConfigTestElement;
import org.apache.jmeter.samplers.AbstractSampler;
import org.apache.jmeter.samplers.Entry;
import org.apache.jmeter.samplers.Interruptible;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testelement.TestStateListener;

/**
 * What the rpcbench sampler elements share: their fields are the properties named as the parameters of the Java
 * Request sampler they run ({@link #newJavaRequest}), and each sample is that sampler's, through a
 * {@link JavaRequestDriver} made in the thread's first sample. An empty field takes the sampler's default, or a config
 * element's value where the element {@linkplain #applies accepts} one (JMeter merges it into empty fields before each
 * sample).
 *
 * <p>Ready before the first sample: when the test starts (JMeter's {@link TestStateListener#testStarted}, on the
 * engine's thread before any thread group starts, on each engine of a distributed run) the element builds what its
 * threads will share in the run, the Dubbo consumer or a connected Thrift socket ({@link #prepareClient()}), unless its
 * fields may still be filled by a config element ({@link #readyAtTestStart}); a thread group that knows the config
 * elements in the sampler's scope calls {@link #prepareClient(Collection)} instead. A failure is logged once and the
 * run goes on: the samples fail as they would have.
 *
 * <p>Stopping: JMeter calls {@link #interrupt} on the sampler in progress, which is forwarded to the Java Request
 * sampler (a Thrift call's socket is closed, the sample fails as {@code stopped}).
 */
public abstract class RpcRequest extends AbstractSampler implements Interruptible, TestStateListener {

    private static final long serialVersionUID = 1L;

    /** This thread's Java Request sampler; not copied by {@link #clone()}, so each thread's copy makes its own. */
    private transient volatile JavaRequestDriver driver;

    /** A new Java Request sampler of this element's kind, for one thread. */
    protected abstract RpcJavaSampler<?> newJavaRequest();

    /** The fields of this element, the parameters of its Java Request sampler, in the order that sampler shows them. */
    public List<String> fieldNames() {
        return JavaRequestDriver.parameterNames(newJavaRequest());
    }

    /** The field's value as JMeter gives it for this sample (functions and variables substituted), empty when unset. */
    public String field(String name) {
        return getPropertyAsString(name);
    }

    /** Sets a field; an empty value leaves it to a config element in scope or the sampler's default. */
    public void setField(String name, String value) {
        setProperty(name, value == null ? "" : value);
    }

    /**
     * Builds what this element's threads will share in the run under way (the Dubbo consumer, a Thrift socket left idle
     * for the first thread), with its own fields as they read now (functions and properties substituted), before its
     * first sample; on the engine's thread. See {@link RpcJavaSampler#prepareForRun}.
     *
     * @return true when ready; false when it could not be (logged once)
     */
    public boolean prepareClient() {
        return prepareClient(List.of());
    }

    /**
     * As {@link #prepareClient()}, each empty field taking the value of the first of {@code configsInScope} that this
     * element {@linkplain #applies accepts} and that has one, as JMeter will merge them into the threads' copies
     * (nearest first).
     */
    public boolean prepareClient(Collection<? extends ConfigTestElement> configsInScope) {
        List<? extends ConfigTestElement> applying = configsInScope.stream().filter(this::applies).toList();
        return JavaRequestDriver.prepare(getName(), newJavaRequest(), name -> {
            String own = field(name);
            if (!own.isEmpty()) {
                return own;
            }
            for (ConfigTestElement config : applying) {
                String merged = config.getPropertyAsString(name);
                if (!merged.isEmpty()) {
                    return merged;
                }
            }
            return own;
        });
    }

    /**
     * Whether {@link #testStarted} makes the client ready from the element's own fields: true unless a config element
     * may still fill a field that decides which shared client the threads use (the test start does not tell which
     * config elements are in scope; preparing another client than the threads use would hold it idle to the run's end).
     */
    protected boolean readyAtTestStart() {
        return true;
    }

    @Override
    public void testStarted() {
        if (readyAtTestStart()) {
            prepareClient();
        }
    }

    @Override
    public void testStarted(String host) {
        testStarted();
    }

    /** Nothing to end here: what {@link #prepareClient} built is kept to the run's end and released then (RunScope). */
    @Override
    public void testEnded() {
        // see the javadoc
    }

    @Override
    public void testEnded(String host) {
        testEnded();
    }

    @Override
    public SampleResult sample(Entry entry) {
        JavaRequestDriver current = driver;
        if (current == null) {
            current = new JavaRequestDriver(newJavaRequest());
            driver = current;
        }
        SampleResult result = current.sample(this::field);
        if (result.getSampleLabel().isEmpty()) {
            result.setSampleLabel(getName()); // as JMeter's Java Request labels it
        }
        return result;
    }

    @Override
    public boolean interrupt() {
        JavaRequestDriver current = driver;
        return current != null && current.interrupt();
    }
}
