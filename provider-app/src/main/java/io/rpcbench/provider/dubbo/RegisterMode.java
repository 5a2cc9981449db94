package io.rpcbench.provider.dubbo;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What a Dubbo 3 provider writes into its registry, Dubbo's application setting {@code register-mode}: one entry per
 * service (interface level, as Dubbo 2.7 does), one entry per application instance (application level, with the
 * interface-to-application mapping and the application's metadata beside it), or both, Dubbo 3's default so that
 * consumers of either kind find the provider.
 */
public enum RegisterMode {
    /** Interface-level entries only: what a Dubbo 2.7 consumer reads. */
    INTERFACE,
    /** Application-level entries only (the instance, the mapping, the metadata): what Dubbo 3 consumers prefer. */
    INSTANCE,
    /** Both: Dubbo 3.3's default, the provider app's behaviour before the option existed. */
    ALL;

    /** The value Dubbo takes: {@code interface}, {@code instance} or {@code all}. */
    public String dubboValue() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * @throws IllegalArgumentException naming the value and the expected ones
     */
    public static RegisterMode parse(String value) {
        for (RegisterMode mode : values()) {
            if (mode.dubboValue().equals(value)) {
                return mode;
            }
        }
        throw new IllegalArgumentException("unknown register mode '" + value + "'; expected one of "
                + Arrays.stream(values()).map(RegisterMode::dubboValue).collect(Collectors.joining(", ")));
    }
}
