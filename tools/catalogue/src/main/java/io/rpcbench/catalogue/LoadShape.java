package io.rpcbench.catalogue;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The load a written plan runs by default: threads, ramp-up, warm-up and measured duration in seconds, each the default
 * of the JMeter property the plan reads ({@code ${__P(threads,20)}}), so {@code -Jthreads=...} still changes it.
 * A null keeps the model plan's default (20 threads, 1 s ramp-up, 60 s warm-up, 600 s).
 */
record LoadShape(Integer threads, Integer rampup, Integer warmup, Integer duration) {

    static final LoadShape MODEL_DEFAULTS = new LoadShape(null, null, null, null);

    LoadShape {
        check("--threads", threads, 1);
        check("--rampup", rampup, 0);
        check("--warmup", warmup, 0);
        check("--duration", duration, 1);
    }

    /** The JMeter properties whose defaults change, by name. */
    Map<String, String> propertyDefaults() {
        Map<String, String> defaults = new LinkedHashMap<>();
        put(defaults, "threads", threads);
        put(defaults, "rampup", rampup);
        put(defaults, "warmup", warmup);
        put(defaults, "duration", duration);
        return defaults;
    }

    private static void put(Map<String, String> defaults, String name, Integer value) {
        if (value != null) {
            defaults.put(name, value.toString());
        }
    }

    private static void check(String option, Integer value, int min) {
        if (value != null && value < min) {
            throw BadOptionException.of(option, value.toString(), "is below " + min, "a whole number of " + min
                    + " or more");
        }
    }
}
