package io.rpcbench.elements.model;

import io.rpcbench.sampler.jmeter.RpcJavaSampler;
import io.rpcbench.sampler.jmeter.ThriftServiceSampler;
import org.apache.jmeter.config.ConfigTestElement;

/**
 * JMeter's <em>Thrift Request</em> sampler: a call of any method of a Thrift service whose generated classes are on
 * JMeter's class path, by the same client and with the same results as the Java Request sampler
 * {@link ThriftServiceSampler}, whose parameters are its fields ({@code host}, {@code port}, {@code transport},
 * {@code protocol}, {@code timeout_ms}, {@code service}, {@code method}, {@code arguments},
 * {@code multiplexed_service}, {@code response_max_bytes}, {@code max_in_flight}, {@code property_overrides}).
 */
public class ThriftRequest extends RpcRequest {

    private static final long serialVersionUID = 1L;

    @Override
    protected RpcJavaSampler<?> newJavaRequest() {
        return new ThriftServiceSampler();
    }

    /**
     * No config element fills a Thrift Request's fields: a {@link DubboDefaults}' {@code protocol} or
     * {@code timeout_ms} would otherwise land in a Thrift request's field of the same name.
     */
    @Override
    public boolean applies(ConfigTestElement config) {
        return false;
    }
}
