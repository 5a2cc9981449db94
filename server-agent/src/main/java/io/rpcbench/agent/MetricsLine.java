package io.rpcbench.agent;

import java.math.BigDecimal;

/**
 * The reply to {@code metrics:} and {@code metrics-single:}: one field per spec, each followed by a TAB, e.g.
 * {@code "12.5\t\t3.0\t"} for three specs of which the second could not be read. Numbers are plain decimals (no
 * exponent), which the collector's {@code Double.parseDouble} reads; an empty field is skipped by the collector.
 */
final class MetricsLine {
    private MetricsLine() {
    }

    static String format(double[] values) {
        StringBuilder line = new StringBuilder();
        for (double value : values) {
            line.append(field(value)).append('\t');
        }
        return line.toString();
    }

    static String field(double value) {
        if (Double.isNaN(value) || Double.isInfinite(value)) {
            return "";
        }
        String plain = BigDecimal.valueOf(value).toPlainString();
        // Always a decimal point, as the original's Double.toString wrote: "0.0", "25276514304.0".
        return plain.indexOf('.') < 0 ? plain + ".0" : plain;
    }
}
