package io.rpcbench.elements.model;

import io.rpcbench.sampler.dubbo.DubboSettings;
import io.rpcbench.sampler.jmeter.DubboServiceSampler;
import io.rpcbench.sampler.jmeter.RpcJavaSampler;
import org.apache.jmeter.config.ConfigTestElement;

/**
 * JMeter's <em>Dubbo Request</em> sampler: a call of any method of any Dubbo service, by the same client and with the
 * same results as the Java Request sampler {@link DubboServiceSampler}, whose parameters are its fields
 * ({@code address}, {@code protocol}, {@code serialization}, {@code interface}, {@code method},
 * {@code parameter_types}, {@code arguments}, ... {@code property_overrides}). Every field it leaves empty takes the
 * value of a {@link DubboDefaults} in its scope, as an HTTP Request takes HTTP Request Defaults', else the sampler's
 * default.
 */
public class DubboRequest extends RpcRequest {

    private static final long serialVersionUID = 1L;

    @Override
    protected RpcJavaSampler<?> newJavaRequest() {
        return new DubboServiceSampler();
    }

    /**
     * Only when the request names its own address: a plan that leaves it to a {@link DubboDefaults} (whose scope the
     * test start does not tell) would otherwise build a consumer of the sampler's default address, not the one its
     * threads use. A Defaults that fills another field (a timeout, a version) while the address is the request's own
     * makes the consumer built here a second one, kept idle to the run's end.
     */
    @Override
    protected boolean readyAtTestStart() {
        return !field(DubboSettings.ADDRESS).isEmpty();
    }

    /** Only a {@link DubboDefaults} fills this sampler's empty fields; other config elements' properties are not its own. */
    @Override
    public boolean applies(ConfigTestElement config) {
        return config instanceof DubboDefaults;
    }
}
