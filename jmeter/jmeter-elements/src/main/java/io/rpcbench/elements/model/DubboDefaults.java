package io.rpcbench.elements.model;

import io.rpcbench.sampler.call.SamplerParameters;
import io.rpcbench.sampler.dubbo.DubboSettings;
import io.rpcbench.sampler.registry.RegistryAccess;
import java.util.List;
import org.apache.jmeter.config.ConfigTestElement;

/**
 * JMeter's <em>Dubbo Defaults</em> config element: where every {@link DubboRequest} in its scope calls, unless the
 * request's own field says otherwise, as HTTP Request Defaults does for HTTP Requests. Its fields ({@link #FIELDS})
 * have the names of the Dubbo Request's: before each sample JMeter merges them into the request's empty fields
 * (a field with a value, even one that a function makes empty, keeps it).
 */
public class DubboDefaults extends ConfigTestElement {

    private static final long serialVersionUID = 1L;

    /** What a Dubbo Defaults holds: the registry or URL and how to reach the services there. */
    public static final List<String> FIELDS = List.of(DubboSettings.ADDRESS, DubboSettings.PROTOCOL,
            DubboSettings.SERIALIZATION, SamplerParameters.TIMEOUT_MS, DubboSettings.VERSION, DubboSettings.GROUP,
            RegistryAccess.NAMESPACE, RegistryAccess.REGISTRY_GROUP, RegistryAccess.USERNAME, RegistryAccess.PASSWORD);

    /** The field's value, empty when unset. */
    public String field(String name) {
        return getPropertyAsString(name);
    }

    /** Sets a field; empty leaves the requests' own default. */
    public void setField(String name, String value) {
        setProperty(name, value == null ? "" : value);
    }
}
