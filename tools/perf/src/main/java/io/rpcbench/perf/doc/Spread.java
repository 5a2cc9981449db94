package io.rpcbench.perf.doc;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

/**
 * Several measurements of one figure on a noisy machine: their median, shown with the lowest and highest, e.g.
 * {@code 0.97 (0.91-1.02)}. Every figure in docs/performance.md is one of these.
 */
public record Spread(double median, double min, double max, int count) {

    public static Spread of(List<Double> values) {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("no measurements");
        }
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int n = sorted.size();
        double median = n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
        return new Spread(median, sorted.get(0), sorted.get(n - 1), n);
    }

    /** {@code median (min-max)} with {@code decimals} decimals; the median alone when there is one measurement. */
    public String format(int decimals) {
        String pattern = "%." + decimals + "f";
        String m = String.format(Locale.ROOT, pattern, median);
        return count == 1 ? m : m + " (" + String.format(Locale.ROOT, pattern, min) + "-"
                + String.format(Locale.ROOT, pattern, max) + ")";
    }
}
