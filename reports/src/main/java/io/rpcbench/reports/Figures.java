package io.rpcbench.reports;

import java.math.BigDecimal;
import java.math.RoundingMode;

/** Rounding of the dashboard's figures, so the JSON holds what a reader can use and golden files stay stable. */
final class Figures {

    private Figures() {}

    /** {@code value} rounded half-up to {@code decimals}; NaN and infinities stay as they are. */
    static double round(double value, int decimals) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return value;
        }
        return BigDecimal.valueOf(value).setScale(decimals, RoundingMode.HALF_UP).doubleValue();
    }
}
