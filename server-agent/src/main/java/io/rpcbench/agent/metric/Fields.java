package io.rpcbench.agent.metric;

import java.util.Arrays;
import java.util.List;

/** The fields a metric family knows; the first is the default when a spec names none. */
public final class Fields {
    private final List<String> names;

    public Fields(String... names) {
        this.names = Arrays.asList(names);
    }

    public String pick(MetricSpec spec) {
        String field = spec.field();
        if (field.isEmpty()) {
            return names.get(0);
        }
        if (!names.contains(field)) {
            throw new BadSpecException(spec, "field of " + spec.type() + " must be one of " + names);
        }
        return field;
    }
}
