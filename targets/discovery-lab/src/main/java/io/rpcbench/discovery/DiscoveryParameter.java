package io.rpcbench.discovery;

import java.util.List;

/**
 * The parameters of seed 004's discovery set-up, declared once: the benchmark's {@code seed-004-discovery} scenario
 * takes them as {@code --param NAME=VALUE}, checks them against {@link #min()} and {@link #max()} and passes each on
 * as {@code --NAME VALUE}; the registry farm ({@link RegistryFarmCommand}: the shape and the churn) and the consumer
 * ({@link DiscoveryConsumerCommand}: the shape and the call interval) take those options, with {@link #defaultValue()}
 * when one is not given, and {@link RegistryShape} refuses a shape outside the same limits.
 */
public enum DiscoveryParameter {

    INSTANCES("instances", "provider instances", 50, "; the seed and --full: 500", 1, RegistryShape.MAX_INSTANCES),
    INTERFACES("interfaces", "interfaces per instance", 8, ", as the seed", 1, 1_000),
    PROTOCOLS("protocols", "protocols per interface", 5, ", as the seed", 1, 100),
    INSTANCES_PER_APP("instances-per-app", "instances of one application", 10, "; the seed does not say", 1,
            RegistryShape.MAX_INSTANCES),
    URL_BYTES("url-bytes", "characters of an interface-level URL", 1024, ", the seed's \"about 1k\"", 100, 100_000),
    /** At most 10 steps a second. */
    CHURN_PER_MINUTE("churn-per-minute", "instances leaving (the previous one joining again) per minute", 12, "", 0,
            600),
    /** At least one call an hour. */
    CALL_EVERY_SECONDS("call-every-seconds", "seconds between the consumer's calls", 5, ", as the seed", 1, 3_600);

    /** The registry's shape, which the farm and the consumer both take so that they name the same interfaces. */
    public static final List<DiscoveryParameter> SHAPE = List.of(INSTANCES, INTERFACES, PROTOCOLS, INSTANCES_PER_APP,
            URL_BYTES);

    private final String key;
    private final String what;
    private final int defaultValue;
    private final String aboutDefault;
    private final int min;
    private final int max;

    DiscoveryParameter(String key, String what, int defaultValue, String aboutDefault, int min, int max) {
        this.key = key;
        this.what = what;
        this.defaultValue = defaultValue;
        this.aboutDefault = aboutDefault;
        this.min = min;
        this.max = max;
    }

    /** The scenario's parameter name; the commands' option is {@link #option()}. */
    public String key() {
        return key;
    }

    /** {@code --}{@link #key()}. */
    public String option() {
        return "--" + key;
    }

    public int defaultValue() {
        return defaultValue;
    }

    /** The smallest value accepted. */
    public int min() {
        return min;
    }

    /** The largest value accepted. */
    public int max() {
        return max;
    }

    /** What it is, with its default, as {@code --scenarios} lists it. */
    public String meaning() {
        return what + " (default " + defaultValue + aboutDefault + ")";
    }
}
