package io.rpcbench.sampler.registry;

/**
 * A Dubbo service as a registry files it: the interface, and the version and group its provider declared (empty when
 * none). Not the registry's own group ({@link RegistryAccess#group()}), which is where the registration is kept.
 */
public record ServiceKey(String interfaceName, String version, String group) {

    public ServiceKey {
        version = version == null ? "" : version;
        group = group == null ? "" : group;
    }

    /** For messages: {@code com.example.OrderService version 1.0 group eu}. */
    public String describe() {
        return interfaceName + (version.isEmpty() ? "" : " version " + version) + (group.isEmpty() ? "" : " group "
                + group);
    }
}
