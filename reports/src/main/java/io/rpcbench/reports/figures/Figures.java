package io.rpcbench.reports.figures;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.Instant;
import java.util.Locale;

/** Rounding of the dashboard's figures, so the JSON holds what a reader can use and golden files stay stable. */
public final class Figures {

    private Figures() {}

    /** {@code value} rounded half-up to {@code decimals}; NaN and infinities stay as they are. */
    public static double round(double value, int decimals) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return value;
        }
        return BigDecimal.valueOf(value).setScale(decimals, RoundingMode.HALF_UP).doubleValue();
    }

    /** A duration for messages: "30 s", "2.5 s", "0.001 s". */
    public static String seconds(long ms) {
        return BigDecimal.valueOf(ms, 3).stripTrailingZeros().toPlainString() + " s";
    }

    /** A time for messages: ISO-8601 in UTC with ms, e.g. "2023-11-14T22:13:20.315Z". */
    public static String time(long epochMs) {
        return Instant.ofEpochMilli(epochMs).toString();
    }

    /** A figure for sentences: thousands separated by ',' and {@code decimals} decimals, e.g. "24,810". */
    public static String text(double value, int decimals) {
        return String.format(Locale.ROOT, "%,." + decimals + "f", value);
    }
}
