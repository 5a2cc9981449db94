package io.rpcbench.sampler.jmeter;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.apache.jmeter.engine.util.NoThreadClone;
import org.apache.jmeter.samplers.SampleEvent;
import org.apache.jmeter.samplers.SampleListener;
import org.apache.jmeter.samplers.SampleResult;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.threads.JMeterContextService;
import org.apache.jmeter.threads.JMeterVariables;

/**
 * The listener of a plan the engine tests build ({@link EnginePlans}): every finished sample of every thread, kept
 * for the test. One instance, not cloned per thread ({@link NoThreadClone}), as JMeter's own listeners are shared.
 */
final class CollectedSamples extends AbstractTestElement implements SampleListener, NoThreadClone {
    private static final long serialVersionUID = 1L;
    private final transient List<SampleResult> results = Collections.synchronizedList(new ArrayList<>());
    /** Each sample's thread variables as the sample left them (this runs on the sample's thread, before its next). */
    private final transient Map<SampleResult, Map<String, String>> variables =
            Collections.synchronizedMap(new IdentityHashMap<>());

    @Override
    public void sampleOccurred(SampleEvent event) {
        JMeterVariables threadVariables = JMeterContextService.getContext().getVariables();
        if (threadVariables != null) {
            Map<String, String> copy = new HashMap<>();
            threadVariables.entrySet().forEach(entry -> {
                if (entry.getValue() instanceof String text) {
                    copy.put(entry.getKey(), text);
                }
            });
            variables.put(event.getResult(), copy);
        }
        results.add(event.getResult());
    }

    /** The value of the thread variable {@code name} right after {@code result}'s sample; null when it had none. */
    String variable(SampleResult result, String name) {
        Map<String, String> values = variables.get(result);
        return values == null ? null : values.get(name);
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
