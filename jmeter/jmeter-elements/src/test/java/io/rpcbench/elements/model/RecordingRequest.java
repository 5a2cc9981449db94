package io.rpcbench.elements.model;

import io.rpcbench.sampler.jmeter.RpcJavaSampler;
import java.util.ArrayList;
import java.util.List;

/** An element over {@link RecordingJavaRequest}: public, as JMeter's clone makes its copies by reflection. */
public class RecordingRequest extends RpcRequest {

    private static final long serialVersionUID = 1L;

    /** Every Java Request sampler the copies of this element made, in order. */
    final transient List<RecordingJavaRequest> made = new ArrayList<>();

    @Override
    protected RpcJavaSampler<?> newJavaRequest() {
        RecordingJavaRequest sampler = new RecordingJavaRequest();
        made.add(sampler);
        return sampler;
    }
}
