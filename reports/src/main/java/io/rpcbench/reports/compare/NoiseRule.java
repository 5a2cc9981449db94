package io.rpcbench.reports.compare;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Judges the difference of a metric between a run and the baseline against the runs' own noise:
 *
 * <ul>
 *   <li>A run's noise band for a metric is the spread of that metric over the three thirds of its measured window,
 *       (max - min) / mean * 100, from {@code steadiness.thirds}: TPS, mean ms (averageMs) and p99 ms. p50 and
 *       p90 use the mean's band, p99.9 the p99's (the thirds hold neither); every other metric uses the TPS
 *       band.</li>
 *   <li>The difference is (other - base) / base * 100. If its absolute value is within the larger band of the two
 *       runs, it is "within noise"; beyond it, "better" or "worse" (higher TPS is better; lower times, errors,
 *       CPU, memory and GC pauses are better). Network bytes/s are neither: "higher" or "lower".</li>
 *   <li>A change from a baseline of 0 has no % difference and is always flagged (error % 0 -> 0.4 is worse);
 *       so is error % falling to 0.</li>
 *   <li>A run marked not steady makes every verdict of its rows "not comparable: RUN not steady" (the numbers
 *       are still shown).</li>
 *   <li>Differences and bands are compared as printed, rounded to 0.1 %, so the verdict agrees with what is read.</li>
 * </ul>
 *
 * {@link #TEXT} says the same for the command's help and the page.
 */
final class NoiseRule {

    /** The rule for users; '%%' because picocli formats a help footer (see {@link #text()}). */
    static final String TEXT = "Noise rule: a run's noise band for a metric is the spread of that metric over the "
            + "three thirds of its measured window, (max - min) / mean * 100, for TPS, mean ms and p99 ms "
            + "(steadiness.thirds); p50 and p90 use the mean's band, p99.9 the p99's, every other metric the "
            + "TPS band. A difference, "
            + "(other - base) / base * 100, whose absolute value is within the larger band of the two runs is "
            + "'within noise'; beyond it, 'better' or 'worse' (higher TPS is better; lower times, errors, CPU, "
            + "memory and GC pauses are better; network bytes/s are only 'higher' or 'lower'). A change from a "
            + "baseline of 0 (error %% 0 -> 0.4) is always flagged, and so is error %% falling to 0. A run marked "
            + "not steady makes every verdict of its rows 'not comparable' (its numbers are still shown). "
            + "Differences and bands are compared as printed, to 0.1 %%.";

    private NoiseRule() {}

    /** {@link #TEXT} as plain text ({@code %%} read as {@code %}). */
    static String text() {
        return String.format(Locale.ROOT, TEXT);
    }

    /** (max - min) / mean * 100 of a metric's values over the window's thirds; null when their mean is 0. */
    static Double band(double... thirds) {
        double min = Double.POSITIVE_INFINITY;
        double max = Double.NEGATIVE_INFINITY;
        double sum = 0;
        for (double value : thirds) {
            min = Math.min(min, value);
            max = Math.max(max, value);
            sum += value;
        }
        double mean = sum / thirds.length;
        return mean == 0 ? null : (max - min) / mean * 100;
    }

    /** (other - base) / base * 100, rounded to 0.1 %; null when base is 0. */
    static Double difference(double base, double other) {
        return base == 0 ? null : round((other - base) / base * 100);
    }

    /**
     * The verdict on {@code metric} for {@code other} (of run {@code otherRun}) against {@code base} (of run
     * {@code baseRun}), both the figures of the same scenario and system.
     */
    static Verdict judge(Metric metric, String baseRun, RowFigures base, String otherRun, RowFigures other) {
        List<String> unsteady = new ArrayList<>();
        if (base.notSteady()) {
            unsteady.add(baseRun);
        }
        if (other.notSteady()) {
            unsteady.add(otherRun);
        }
        if (!unsteady.isEmpty()) {
            return new Verdict(Verdict.Kind.NOT_COMPARABLE,
                    "not comparable: " + String.join(", ", unsteady) + " not steady");
        }
        Double b = base.value(metric);
        Double o = other.value(metric);
        if (b == null || o == null) {
            return Verdict.NONE;
        }
        if (b.equals(o)) {
            return new Verdict(Verdict.Kind.SAME, "same: " + metric.label() + " " + metric.format(b));
        }
        Verdict.Kind direction = direction(metric, o > b);
        if (b == 0) {
            return new Verdict(direction, direction.label() + ": " + metric.label() + " " + metric.format(b) + " -> "
                    + metric.format(o) + " (from 0)");
        }
        if (metric == Metric.ERROR_PERCENT && o == 0) {
            return new Verdict(direction, direction.label() + ": " + metric.label() + " " + metric.format(b) + " -> "
                    + metric.format(o) + " (to 0)");
        }
        Double baseBand = base.band(metric);
        Double otherBand = other.band(metric);
        if (baseBand == null || otherBand == null) {
            return Verdict.NONE;
        }
        double difference = difference(b, o);
        double band = round(Math.max(baseBand, otherBand));
        Verdict.Kind kind = Math.abs(difference) <= band ? Verdict.Kind.WITHIN_NOISE : direction;
        return new Verdict(kind, String.format(Locale.ROOT, "%s: %s %+.1f %% (%snoise +/-%.1f %%)", kind.label(),
                metric.label(), difference, metric.borrowedBand(), band));
    }

    private static Verdict.Kind direction(Metric metric, boolean up) {
        return switch (metric.better()) {
            case HIGHER -> up ? Verdict.Kind.BETTER : Verdict.Kind.WORSE;
            case LOWER -> up ? Verdict.Kind.WORSE : Verdict.Kind.BETTER;
            case NEITHER -> up ? Verdict.Kind.HIGHER : Verdict.Kind.LOWER;
        };
    }

    /** Half-up to 0.1, and never -0.0 (a difference that rounds to nothing prints as +0.0). */
    static double round(double value) {
        double rounded = BigDecimal.valueOf(value).setScale(1, RoundingMode.HALF_UP).doubleValue();
        return rounded == 0 ? 0.0 : rounded;
    }
}
