package io.rpcbench.reports.check;

import io.rpcbench.reports.figures.DashboardData.LabelFigures;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * {@link Threshold}s judged on a run's figures: one {@link Result} per condition and plan (a condition without a plan
 * is judged on every plan), printed one line each ({@link #lines}) and written as a JUnit XML report
 * ({@link #writeJUnit}) that Jenkins and GitLab show as test results.
 *
 * <pre>{@code
 * ThresholdCheck check = ThresholdCheck.of(Threshold.parse("dubbo-echo-1k: p99 < 2ms"), figuresByPlan);
 * check.lines().forEach(System.out::println);   // PASS dubbo-echo-1k: p99 < 2ms (p99 1.234 ms)
 * check.writeJUnit(Path.of("results/assertions.xml"));
 * return check.passed() ? 0 : ThresholdCheck.FAILED_EXIT;
 * }</pre>
 */
public final class ThresholdCheck {

    /** The exit code of a command whose run did not meet a condition (0: all met, 1 and 2: unreadable, bad usage). */
    public static final int FAILED_EXIT = 3;

    /**
     * One condition on one plan.
     *
     * @param measured the plan's figure in the metric's unit, empty when the run has no such plan
     * @param why      the line's explanation
     */
    public record Result(String plan, Threshold threshold, Optional<Double> measured, boolean passed, String why) {}

    private final List<Result> results;

    private ThresholdCheck(List<Result> results) {
        this.results = List.copyOf(results);
    }

    /**
     * Judges {@code thresholds} on {@code figures}: each plan's figures of its measured window, by plan name (a run's
     * name, or a JTL's label).
     */
    public static ThresholdCheck of(List<Threshold> thresholds, Map<String, LabelFigures> figures) {
        List<Result> results = new ArrayList<>();
        for (Threshold threshold : thresholds) {
            if (threshold.plan().isPresent()) {
                String plan = threshold.plan().get();
                LabelFigures planFigures = figures.get(plan);
                if (planFigures == null) {
                    results.add(new Result(plan, threshold, Optional.empty(), false, "no plan '" + plan
                            + "' in the results; they have " + figures.keySet()));
                } else {
                    results.add(judge(plan, threshold, planFigures));
                }
            } else {
                figures.forEach((plan, planFigures) -> results.add(judge(plan, threshold, planFigures)));
            }
        }
        return new ThresholdCheck(results);
    }

    private static Result judge(String plan, Threshold threshold, LabelFigures figures) {
        if (figures.samples() == 0) {
            return new Result(plan, threshold, Optional.empty(), false, "no samples in the measured window");
        }
        double measured = threshold.metric().of(figures);
        boolean passed = threshold.holds(measured);
        return new Result(plan, threshold, Optional.of(measured), passed, String.format(Locale.ROOT, "%s %s %s",
                threshold.metric().written(), number(measured), threshold.metric().unit()));
    }

    public List<Result> results() {
        return results;
    }

    /** Whether every condition held on every plan it is about (and there was at least one). */
    public boolean passed() {
        return !results.isEmpty() && results.stream().allMatch(Result::passed);
    }

    /** One line per result: {@code PASS dubbo-echo-1k: p99 < 2ms (p99 1.234 ms)}, then a line with the count. */
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        for (Result r : results) {
            lines.add((r.passed() ? "PASS " : "FAIL ") + r.plan() + ": " + r.threshold().written() + " (" + r.why()
                    + ")");
        }
        long failed = results.stream().filter(r -> !r.passed()).count();
        lines.add(failed == 0 ? "all " + results.size() + " conditions met"
                : failed + " of " + results.size() + " conditions NOT met");
        return lines;
    }

    /** Writes the results as a JUnit XML report: a test case per condition and plan, a failure where it did not hold. */
    public void writeJUnit(Path file) {
        JUnitReport.write(file, "rpcbench", results.stream().map(r -> new JUnitReport.Case("rpcbench." + r.plan(),
                r.threshold().written(), r.passed() ? Optional.empty()
                        : Optional.of(r.plan() + ": " + r.threshold().written() + " not met: " + r.why()),
                r.why())).toList());
    }

    private static String number(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? String.format(Locale.ROOT, "%,d", (long) value)
                : String.format(Locale.ROOT, "%,.3f", value);
    }
}
