package io.rpcbench.reports.compare;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * Runs compared with the first, the baseline: one row per scenario and system that the baseline and at least one
 * other run have, in order of first appearance; per {@link Metric} each run's value, each other run's difference
 * to the baseline in % and its {@link Verdict} ({@link NoiseRule}). Scenarios and systems that only one run has,
 * or that the baseline lacks, are listed as not compared ("only in RUN"); every value or verdict shown as
 * {@code -} is explained once in the notes.
 *
 * <p>This record is also the data of the page ({@link ComparisonPage} embeds it as JSON) and what
 * {@link ComparisonText} prints, so both show the same figures. Lists per run are in the order of
 * {@link #runs}, the baseline first; a difference, noise band or verdict that does not apply is null.
 *
 * <pre>{@code
 * List<ComparedRun> runs = RunFolder.resolve(dirs).stream().map(ComparedRun::read).toList();
 * RunComparison comparison = RunComparison.of(runs, page.getParent());
 * }</pre>
 */
record RunComparison(String title, String baseline, List<Run> runs, String noiseRule, List<Row> rows,
        List<NotCompared> notCompared, List<String> notes) {

    /**
     * A compared run.
     *
     * @param figures its dashboard.json, relative to the page's folder
     * @param dashboard its dashboard.html beside the figures, relative to the page's folder; null when absent
     */
    record Run(String name, String title, String figures, String dashboard) {}

    /** The compared figures of one scenario and system. */
    record Row(String scenario, String system, List<MetricRow> metrics) {}

    /**
     * One metric of a row.
     *
     * @param better which direction is an improvement: {@code higher}, {@code lower} or {@code neither}
     * @param decimals how many decimals the value is shown with
     * @param values each run's value; null where missing or where the run lacks the row
     * @param differences (other - base) / base * 100 rounded to 0.1; null for the baseline and where undefined
     * @param noise each run's noise band for the metric in %, rounded to 0.1; null where unknown
     * @param verdicts each other run's verdict; null for the baseline
     */
    record MetricRow(String metric, String better, int decimals, List<Double> values, List<Double> differences,
            List<Double> noise, List<Verdict> verdicts) {}

    /** A scenario and system that could not be compared with the baseline, and the runs that have it. */
    record NotCompared(String scenario, String system, List<String> onlyIn) {}

    private record Key(String scenario, String system) {}

    /** Why something of a run is not shown, and what follows; said once for all rows it applies to. */
    private record Reason(String run, String why, String consequence) {}

    static RunComparison of(List<ComparedRun> runs, Path pageFolder) {
        if (runs.size() < 2) {
            throw new IllegalArgumentException("a comparison needs at least 2 runs, got " + runs.size());
        }
        return new Builder(runs).build(pageFolder);
    }

    private static final class Builder {
        private final List<ComparedRun> runs;
        private final String baseline;
        private final List<Row> rows = new ArrayList<>();
        private final List<NotCompared> notCompared = new ArrayList<>();
        private final Map<Reason, Set<String>> reasons = new LinkedHashMap<>();
        private final List<String> rowNotes = new ArrayList<>();

        Builder(List<ComparedRun> runs) {
            this.runs = runs;
            this.baseline = runs.get(0).name();
        }

        RunComparison build(Path pageFolder) {
            Map<Key, RowFigures[]> byKey = new LinkedHashMap<>();
            for (int i = 0; i < runs.size(); i++) {
                for (RowFigures figures : runs.get(i).rows()) {
                    Key key = new Key(figures.scenario(), figures.system());
                    byKey.computeIfAbsent(key, k -> new RowFigures[runs.size()])[i] = figures;
                }
            }
            byKey.forEach(this::add);

            List<String> notes = new ArrayList<>();
            reasons.forEach((reason, where) -> notes.add(reason.run() + ": " + reason.why() + " in "
                    + String.join(", ", where) + ": " + reason.consequence()));
            notes.addAll(rowNotes);
            List<Run> described = runs.stream().map(r -> describe(r, pageFolder)).toList();
            List<String> others = runs.subList(1, runs.size()).stream().map(ComparedRun::name).toList();
            String title = "rpcbench comparison: " + baseline + " (baseline) vs " + String.join(", ", others);
            return new RunComparison(title, baseline, described, NoiseRule.text(), rows, notCompared, notes);
        }

        private void add(Key key, RowFigures[] figures) {
            List<String> having = new ArrayList<>();
            for (int i = 0; i < figures.length; i++) {
                if (figures[i] != null) {
                    having.add(runs.get(i).name());
                }
            }
            if (figures[0] == null || having.size() == 1) {
                notCompared.add(new NotCompared(key.scenario(), key.system(), having));
                return;
            }
            explain(figures);
            List<MetricRow> metrics = new ArrayList<>();
            for (Metric metric : Metric.values()) {
                metrics.add(metricRow(metric, figures));
            }
            rows.add(new Row(key.scenario(), key.system(), metrics));
        }

        private MetricRow metricRow(Metric metric, RowFigures[] figures) {
            RowFigures base = figures[0];
            List<Double> values = new ArrayList<>();
            List<Double> differences = new ArrayList<>();
            List<Double> noise = new ArrayList<>();
            List<Verdict> verdicts = new ArrayList<>();
            for (int i = 0; i < figures.length; i++) {
                RowFigures run = figures[i];
                Double value = run == null ? null : run.value(metric);
                Double band = run == null ? null : run.band(metric);
                values.add(value);
                noise.add(band == null ? null : NoiseRule.round(band));
                if (i == 0) {
                    differences.add(null);
                    verdicts.add(null);
                    continue;
                }
                Double b = base.value(metric);
                differences.add(b == null || value == null ? null : NoiseRule.difference(b, value));
                if (run == null) {
                    verdicts.add(Verdict.notIn(runs.get(i).name()));
                    continue;
                }
                Verdict verdict = NoiseRule.judge(metric, baseline, base, runs.get(i).name(), run);
                verdicts.add(verdict);
                if (verdict.kind() == Verdict.Kind.NONE && b != null && value != null) {
                    // Both values are there, so a noise band is missing: say whose.
                    explainBand(metric, 0, base);
                    explainBand(metric, i, run);
                }
            }
            return new MetricRow(metric.label(), metric.better().name().toLowerCase(Locale.ROOT), metric.decimals(),
                    values, differences, noise, verdicts);
        }

        private void explainBand(Metric metric, int run, RowFigures figures) {
            String why = figures.whyNoBand(metric);
            if (why != null) {
                reason(run, why, "no noise band, so no verdict (-)", figures);
            }
        }

        /** Missing values, unsteady runs and settings that differ between the runs of one row. */
        private void explain(RowFigures[] figures) {
            for (int i = 0; i < figures.length; i++) {
                RowFigures run = figures[i];
                if (run == null) {
                    continue;
                }
                for (Metric metric : Metric.values()) {
                    String why = run.whyNoValue(metric);
                    if (why != null) {
                        reason(i, why, "shown as -", run);
                    }
                }
                if (run.notSteady()) {
                    rowNotes.add(runs.get(i).name() + ": " + run.row() + " is marked not steady"
                            + (run.steadinessVerdict() == null ? "" : " (\"" + run.steadinessVerdict() + "\")")
                            + ", so its verdicts are 'not comparable'");
                }
            }
            differing(figures, "latency resolution", RowFigures::resolution);
            // The warm-up a run had: what was asked for, less the clients' setup and the window's whole-second
            // alignment (a few seconds); compared to the nearest 10 s, so that only a different setting shows.
            differing(figures, "warm-up (to the nearest 10 s)",
                    f -> f.warmupMs() == null ? null : Math.round(f.warmupMs() / 10_000.0) * 10 + " s");
        }

        private void reason(int run, String why, String consequence, RowFigures figures) {
            reasons.computeIfAbsent(new Reason(runs.get(run).name(), why, consequence), r -> new LinkedHashSet<>())
                    .add(figures.row());
        }

        private void differing(RowFigures[] figures, String what, Function<RowFigures, String> of) {
            Set<String> distinct = new LinkedHashSet<>();
            List<String> each = new ArrayList<>();
            for (int i = 0; i < figures.length; i++) {
                String value = figures[i] == null ? null : of.apply(figures[i]);
                if (value != null) {
                    distinct.add(value);
                    each.add(runs.get(i).name() + " " + value);
                }
            }
            if (distinct.size() > 1) {
                rowNotes.add(figures[0].row() + ": the " + what + " differs ("
                        + String.join(", ", each) + ")");
            }
        }

        private static Run describe(ComparedRun run, Path pageFolder) {
            Path dashboard = run.folder().resolve("dashboard.html");
            return new Run(run.name(), run.title(), link(pageFolder, run.dashboardJson()),
                    Files.isRegularFile(dashboard) ? link(pageFolder, dashboard) : null);
        }

        /** {@code file} relative to the page, with '/', so the page's links work wherever the folders move. */
        private static String link(Path pageFolder, Path file) {
            Path from = pageFolder.toAbsolutePath().normalize();
            Path to = file.toAbsolutePath().normalize();
            try {
                return from.relativize(to).toString().replace('\\', '/');
            } catch (IllegalArgumentException differentRoots) {
                return to.toUri().toString();
            }
        }
    }
}
