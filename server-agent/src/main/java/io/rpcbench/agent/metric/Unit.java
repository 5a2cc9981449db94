package io.rpcbench.agent.metric;

import java.util.Locale;

/** The {@code unit=} parameter: the divisor for byte values (b, kb, mb, gb; binary multiples as in the original). */
public final class Unit {
    private Unit() {
    }

    public static double divisor(MetricSpec spec) {
        String unit = spec.unit().toLowerCase(Locale.ROOT);
        if (unit.isEmpty() || unit.equals("b")) {
            return 1;
        } else if (unit.equals("kb")) {
            return 1024;
        } else if (unit.equals("mb")) {
            return 1024 * 1024;
        } else if (unit.equals("gb")) {
            return 1024 * 1024 * 1024;
        }
        throw new BadSpecException(spec, "unit= must be b, kb, mb or gb");
    }
}
