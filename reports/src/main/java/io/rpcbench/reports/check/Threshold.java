package io.rpcbench.reports.check;

import io.rpcbench.reports.figures.DashboardData.LabelFigures;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One pass/fail condition on a run's figures, as a user writes it for CI: {@code p99 < 2ms}, {@code errors < 0.1%},
 * {@code tps > 20000}, for one plan ({@code dubbo-echo-1k: p99 < 2ms}) or every plan of the run. {@link #parse} reads
 * an {@code --assert} value, one or more conditions separated by commas, after an optional {@code PLAN:}.
 *
 * @param plan    the plan (run) it is about, or empty for every plan
 * @param metric  what it reads of the plan's measured window
 * @param op      how the figure must compare with the limit
 * @param limit   the limit in the metric's unit (ms, %, calls/s)
 * @param written the condition as written, for the lines and the JUnit test names
 */
public record Threshold(Optional<String> plan, Metric metric, Op op, double limit, String written) {

    /** What a condition reads, in its unit. */
    public enum Metric {
        P50("p50", "ms", LabelFigures::p50Ms),
        P90("p90", "ms", LabelFigures::p90Ms),
        P95("p95", "ms", LabelFigures::p95Ms),
        P99("p99", "ms", LabelFigures::p99Ms),
        P999("p99.9", "ms", LabelFigures::p999Ms),
        MEAN("mean", "ms", LabelFigures::averageMs),
        MAX("max", "ms", LabelFigures::maxMs),
        ERRORS("errors", "%", LabelFigures::errorPercent),
        TPS("tps", "calls/s", LabelFigures::tps);

        private final String name;
        private final String unit;
        private final ToDoubleFunction<LabelFigures> read;

        Metric(String name, String unit, ToDoubleFunction<LabelFigures> read) {
            this.name = name;
            this.unit = unit;
            this.read = read;
        }

        public String written() {
            return name;
        }

        public String unit() {
            return unit;
        }

        /** The figure of {@code figures}, in {@link #unit()}. */
        public double of(LabelFigures figures) {
            return read.applyAsDouble(figures);
        }

        static Optional<Metric> named(String name) {
            String wanted = name.toLowerCase(Locale.ROOT);
            if (wanted.equals("avg") || wanted.equals("average")) {
                return Optional.of(MEAN);
            }
            for (Metric metric : values()) {
                if (metric.name.equals(wanted)) {
                    return Optional.of(metric);
                }
            }
            return Optional.empty();
        }
    }

    /** How the figure compares with the limit. */
    public enum Op {
        LT("<"), LE("<="), GT(">"), GE(">=");

        private final String symbol;

        Op(String symbol) {
            this.symbol = symbol;
        }

        public String symbol() {
            return symbol;
        }

        boolean holds(double figure, double limit) {
            return switch (this) {
                case LT -> figure < limit;
                case LE -> figure <= limit;
                case GT -> figure > limit;
                case GE -> figure >= limit;
            };
        }

        static Op of(String symbol) {
            for (Op op : values()) {
                if (op.symbol.equals(symbol)) {
                    return op;
                }
            }
            throw new IllegalArgumentException(symbol);
        }
    }

    private static final String EXPECTED = "expected [PLAN:] METRIC OP VALUE[, METRIC OP VALUE...], METRIC one of p50, "
            + "p90, p95, p99, p99.9, mean, max (ms, or with a unit: 500us, 2ms, 1.5s), errors (%, e.g. 0.1%) or tps, "
            + "OP one of < <= > >=, e.g. \"dubbo-echo-1k: p99 < 2ms, errors < 0.1%, tps > 20000\"";

    private static final Pattern CONDITION = Pattern.compile(
            "\\s*([A-Za-z][A-Za-z0-9.]*)\\s*(<=|>=|<|>)\\s*([0-9]+(?:\\.[0-9]+)?)\\s*(ms|us|µs|s|%)?\\s*");

    /** Whether {@code figure} meets the condition. */
    public boolean holds(double figure) {
        return op.holds(figure, limit);
    }

    /**
     * The conditions of one {@code --assert} value.
     *
     * @throws IllegalArgumentException naming the value, the part that is wrong and what was expected
     */
    public static List<Threshold> parse(String text) {
        String rest = text;
        Optional<String> plan = Optional.empty();
        int colon = text.indexOf(':');
        if (colon >= 0) {
            String name = text.substring(0, colon).strip();
            if (name.isEmpty() || name.contains(" ") || name.contains("<") || name.contains(">")) {
                throw new IllegalArgumentException("--assert '" + text + "': '" + name + "' before ':' is not a plan "
                        + "name; " + EXPECTED);
            }
            plan = Optional.of(name);
            rest = text.substring(colon + 1);
        }
        List<Threshold> thresholds = new ArrayList<>();
        for (String part : rest.split(",", -1)) {
            Matcher m = CONDITION.matcher(part);
            if (!m.matches()) {
                throw new IllegalArgumentException("--assert '" + text + "': '" + part.strip() + "' is not a "
                        + "condition; " + EXPECTED);
            }
            Metric metric = Metric.named(m.group(1)).orElseThrow(() -> new IllegalArgumentException("--assert '"
                    + text + "': '" + m.group(1) + "' is not a metric; " + EXPECTED));
            double value = Double.parseDouble(m.group(3));
            String unit = m.group(4);
            thresholds.add(new Threshold(plan, metric, Op.of(m.group(2)), inUnit(text, metric, value, unit),
                    part.strip()));
        }
        return List.copyOf(thresholds);
    }

    /** {@code value} with {@code unit} (or none) in the metric's own unit. */
    private static double inUnit(String text, Metric metric, double value, String unit) {
        if (unit == null) {
            return value;
        }
        if (metric.unit.equals("ms")) {
            return switch (unit) {
                case "ms" -> value;
                case "us", "µs" -> value / 1000;
                case "s" -> value * 1000;
                default -> throw wrongUnit(text, metric, unit);
            };
        }
        if (metric == Metric.ERRORS && unit.equals("%")) {
            return value;
        }
        throw wrongUnit(text, metric, unit);
    }

    private static IllegalArgumentException wrongUnit(String text, Metric metric, String unit) {
        return new IllegalArgumentException("--assert '" + text + "': " + metric.name + " is in " + metric.unit
                + ", not '" + unit + "'; " + EXPECTED);
    }
}
