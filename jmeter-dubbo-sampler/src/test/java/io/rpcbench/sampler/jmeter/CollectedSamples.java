package io.rpcbench.sampler.jmeter;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.apache.jmeter.engine.util.NoThreadClone;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleListener;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testelement.AbstractTestElement;

/**
 * The listener of a plan the engine tests build ({@link EnginePlans}): every finished sample of every thread, kept
 * for the test. One instance, not cloned per thread ({@link NoThreadClone}), as JMeter's own listeners are shared.
 */
final class CollectedSamples extends AbstractTestElement implements SampleListener, NoThreadClone {
    private static final long serialVersionUID = 1L;
    private final transient List<SampleResult> results = Collections.synchronizedList(new ArrayList<>());

    @Override
    public void sampleOccurred(SampleEvent event) {
        results.add(event.getResult());
    }

    @Override
    public void sampleStarted(SampleEvent event) {
        // only finished samples count
    }

    @Override
    public void sampleStopped(SampleEvent event) {
        // only finished samples count
    }

    /** The samples so far, in the order they finished; a copy, safe to read while the run goes on. */
    List<SampleResult> results() {
        synchronized (results) {
            return new ArrayList<>(results);
        }
    }

    int count() {
        return results.size();
    }
}
