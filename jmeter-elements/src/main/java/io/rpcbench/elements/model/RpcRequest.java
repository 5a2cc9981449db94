package io.rpcbench.elements.model;

import io.rpcbench.sampler.jmeter.RpcJavaSampler;
import java.util.List;
import org.apache.jmeter.samplers.AbstractSampler;
import org.apache.jmeter.samplers.Entry;
import org.apache.jmeter.samplers.Interruptible;
import org.apache.jmeter.samplers.SampleResult;

/**
 * What the rpcbench sampler elements share: their fields are the properties named as the parameters of the Java
 * Request sampler they run ({@link #newJavaRequest}), and each sample is that sampler's, through a
 * {@link JavaRequestDriver} made in the thread's first sample. An empty field takes the sampler's default, or a config
 * element's value where the element {@linkplain #applies accepts} one (JMeter merges it into empty fields before each
 * sample).
 *
 * <p>Stopping: JMeter calls {@link #interrupt} on the sampler in progress, which is forwarded to the Java Request
 * sampler (a Thrift call's socket is closed, the sample fails as {@code stopped}).
 */
public abstract class RpcRequest extends AbstractSampler implements Interruptible {

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
