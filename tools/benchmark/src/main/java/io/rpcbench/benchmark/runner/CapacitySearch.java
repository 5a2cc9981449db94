package io.rpcbench.benchmark.runner;

import io.rpcbench.benchmark.scenario.Cell;
import io.rpcbench.benchmark.scenario.CellSetup;
import io.rpcbench.benchmark.scenario.Stop;
import io.rpcbench.reports.check.Threshold;
import io.rpcbench.reports.check.ThresholdCheck;
import io.rpcbench.reports.dashboard.RunSummary;
import io.rpcbench.reports.figures.DashboardData.LabelFigures;
import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.page.CurveChart;
import io.rpcbench.reports.page.PageSection;
import io.rpcbench.reports.page.TableSection;
import io.rpcbench.reports.statistics.ScheduleLagRule;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * {@code ./run-benchmark --capacity}: the highest arrival rate each open-model plan holds at the SLO. Each plan runs
 * at a rate (arrivals a second, JMeter's Open Model Thread Group) that doubles from the start rate while a step holds:
 * the SLO's conditions met on the step's measured window, failed calls under {@value #ERROR_LIMIT_PERCENT} %, and the
 * calls following the rate ({@link OpenSchedule#kept}: none dropped at the samplers' cap, as many made as asked, and for
 * arrivals with a due time the schedule lag's p99 within the limit of {@code ScheduleLagRule}). After
 * the first step that breaks, more steps halve the gap between the last rate that held and the first that broke
 * (geometric midpoints) until the two are within the resolution ({@value #DEFAULT_RESOLUTION_PERCENT} % unless given:
 * four steps after a doubling, 4.4 % apart; at most {@value #MAX_REFINEMENTS}). The sustainable rate is the highest
 * that held, so within the resolution below the rate where the plan breaks: a provider of known capacity (the provider
 * app's {@code --service-workers}) is found within it (docs/performance.md, {@code KnownCapacityIT}).
 * A rate past the knee of a plan does not grow JMeter's threads without bound: the open plans cap the calls in flight
 * and drop the rest, which breaks the step.
 *
 * <p>Every step is a cell of the run ({@code PLAN_RATE-per-s}): its own JMeter run with its warm-up and measured window,
 * on the dashboard like any plan; the search's table and the latency-versus-throughput chart (each plan's p99 against
 * the throughput reached) are the dashboard's first sections.
 *
 * <p>Order of calls: {@link #run} with the started site, then {@link #report} before the runner's report.
 */
public final class CapacitySearch {

    /** The SLO when none is given. */
    public static final String DEFAULT_SLO = "p99 < 5ms";
    /** The first rate, arrivals a second, when none is given. */
    public static final int DEFAULT_START_RATE = 500;
    /** The highest rate tried, arrivals a second: a plan that holds it is reported as holding at least that. */
    public static final int MAX_RATE = 256_000;
    /** More failed calls than this, % of the calls, break a step. */
    static final double ERROR_LIMIT_PERCENT = 1.0;
    /** How far apart, %, the last rate that held and the first that broke may end when none is given. */
    public static final double DEFAULT_RESOLUTION_PERCENT = 5;
    /** The most steps between the last rate that held and the first that broke, whatever the resolution. */
    static final int MAX_REFINEMENTS = 8;

    /**
     * One step: a plan at a rate, and how it went.
     *
     * @param plan     the plan
     * @param rate     arrivals a second asked for
     * @param figures  the measured window's figures over all labels; empty when the step has none
     * @param schedule the arrivals asked, calls made and dropped in the window; empty without figures
     * @param held     whether the step held: the SLO met, errors under the limit, the schedule kept
     * @param why      what broke it, or what held, in words
     */
    public record Step(String plan, double rate, Optional<LabelFigures> figures, Optional<OpenSchedule> schedule,
            boolean held, String why) {}

    private final ScenarioRunner runner;
    private final List<String> plans;
    private final List<Threshold> slo;
    private final String sloText;
    private final int startRate;
    private final double resolutionPercent;
    private final CellSetup setup;
    private final Stop.Timed stop;
    private final PrintWriter out;
    private final List<Step> steps = new ArrayList<>();
    /** JMeter's CPU an arrival, µs of one core, of each step whose JMeter CPU was measured. */
    private final Map<Step, Double> cpuMicrosPerArrival = new java.util.IdentityHashMap<>();
    /** Each open plan's closed plan (e.g. dubbo-echo-1k for dubbo-echo-1k-open), run first as its baseline. */
    private Map<String, String> closedPlans = Map.of();
    /** Whether the search of a plan with a baseline starts at an eighth of its closed TPS, not at startRate. */
    private boolean startFromBaseline;
    /** The closed baselines' warm-up and measured window. */
    private Stop.Timed baselineStop;
    private final Map<String, ClosedBaseline> baselines = new LinkedHashMap<>();
    /** Each plan's step at half its closed TPS, when it ran. */
    private final Map<String, Step> halfSteps = new LinkedHashMap<>();
    private int index;

    /**
     * @param plans     open-model plans (their thread group takes {@code rate})
     * @param slo       the conditions a step's window must meet, as {@code --assert} reads them
     * @param startRate the first rate, arrivals a second
     * @param stop      each step's warm-up and measured window
     */
    public CapacitySearch(ScenarioRunner runner, List<String> plans, String slo, int startRate, Stop.Timed stop,
            PrintWriter out) {
        this(runner, plans, slo, startRate, DEFAULT_RESOLUTION_PERCENT, CellSetup.DEFAULT, stop, out);
    }

    /**
     * @param resolutionPercent how far apart, %, the last rate that held and the first that broke may end: more than 0,
     *                          at most 100 (100: no step between a doubling's two rates)
     * @param setup             the provider the steps run against, e.g. one of known capacity
     */
    public CapacitySearch(ScenarioRunner runner, List<String> plans, String slo, int startRate,
            double resolutionPercent, CellSetup setup, Stop.Timed stop, PrintWriter out) {
        this.runner = runner;
        this.plans = List.copyOf(plans);
        this.sloText = slo;
        this.slo = Threshold.parse(slo);
        if (this.slo.stream().anyMatch(t -> t.plan().isPresent())) {
            throw new IllegalArgumentException("--slo '" + slo + "' names a plan; expected conditions for every plan, "
                    + "e.g. 'p99 < 5ms'");
        }
        if (startRate < 1 || startRate > MAX_RATE) {
            throw new IllegalArgumentException("--start-rate is " + startRate + "; expected arrivals a second from 1 to "
                    + MAX_RATE);
        }
        if (!(resolutionPercent > 0) || resolutionPercent > 100) {
            throw new IllegalArgumentException("--resolution is " + resolutionPercent + "; expected a per cent more "
                    + "than 0 and at most 100, e.g. 5: the search ends when the rate that held and the rate that broke "
                    + "are within 5 % of each other");
        }
        this.startRate = startRate;
        this.resolutionPercent = resolutionPercent;
        this.setup = setup;
        this.stop = stop;
        this.out = out;
    }

    /**
     * Measures each open plan's closed plan before its search, in the same session ({@link ClosedBaseline}), and
     * judges the plan against it: its sustainable rate as a share of the closed TPS, an extra step at half the closed
     * TPS for the p99 there against the closed p99, and JMeter's CPU an arrival against its CPU a call.
     *
     * @param closed             open plan to its closed plan; plans not named have no baseline
     * @param startFromBaseline  start a plan with a baseline at an eighth of its closed TPS rather than the start rate
     * @param baselineStop       the closed plan's warm-up and measured window: a closed plan at full speed must be
     *                           steady in it, or the ratios are against a TPS still climbing
     */
    public CapacitySearch withClosedBaselines(Map<String, String> closed, boolean startFromBaseline,
            Stop.Timed baselineStop) {
        this.closedPlans = Map.copyOf(closed);
        this.startFromBaseline = startFromBaseline;
        this.baselineStop = baselineStop;
        return this;
    }

    /** Searches each plan in turn at {@code site}. */
    public void run(RunSite site) throws IOException {
        for (String plan : plans) {
            Optional<ClosedBaseline> baseline = closedPlans.containsKey(plan)
                    ? baseline(site, closedPlans.get(plan)) : Optional.empty();
            baseline.ifPresent(b -> baselines.put(plan, b));
            double first = startFromBaseline && baseline.isPresent()
                    ? Math.max(1, roundRate(baseline.get().tps() / 8)) : startRate;
            Step held = null;
            Step broke = null;
            for (double rate = first; rate <= MAX_RATE; rate *= 2) {
                Step step = step(site, plan, rate);
                if (!step.held()) {
                    broke = step;
                    break;
                }
                held = step;
            }
            for (int i = 0; i < MAX_REFINEMENTS && held != null && broke != null
                    && !withinResolution(held.rate(), broke.rate(), resolutionPercent); i++) {
                double middle = middle(held.rate(), broke.rate());
                if (middle <= held.rate() || middle >= broke.rate()) {
                    break;
                }
                Step step = step(site, plan, middle);
                if (step.held()) {
                    held = step;
                } else {
                    broke = step;
                }
            }
            if (baseline.isPresent()) {
                double half = roundRate(baseline.get().tps() / 2);
                Step tried = steps.stream().filter(step -> step.plan().equals(plan) && step.rate() == half)
                        .findFirst().orElse(null);
                halfSteps.put(plan, tried != null ? tried : step(site, plan, half));
            }
            out.printf(Locale.ROOT, "%s: %s%n", plan, verdict(held, broke));
            baselineLine(plan).ifPresent(line -> out.printf(Locale.ROOT, "%s: %s%n", plan, line));
            out.flush();
        }
    }

    /** The closed plan's run: its TPS, p99 and JMeter's CPU a call; empty when it gave no figures. */
    private Optional<ClosedBaseline> baseline(RunSite site, String closedPlan) throws IOException {
        Cell cell = Cell.of("capacity", closedPlan, closedPlan).named(closedPlan + "_closed").stop(baselineStop);
        Optional<RunSummary> summary = runner.runCell(site, cell, ++index, 0);
        if (summary.isEmpty()) {
            out.printf(Locale.ROOT, "[%d] %s (closed, the baseline): no figures; the open plan is judged alone%n", index,
                    closedPlan);
            return Optional.empty();
        }
        LabelFigures total = total(summary.get().figures());
        ClosedBaseline baseline = new ClosedBaseline(closedPlan, total.tps(), total.p99Ms(),
                ClosedBaseline.cpuMicrosPerSample(runner.lastClientCpuPercent(),
                        Runtime.getRuntime().availableProcessors(), total.tps()));
        out.printf(Locale.ROOT, "[%d] %s (closed, %d threads, the baseline): %,.0f TPS, p99 %s ms%s%n", index,
                closedPlan, cell.threads(), baseline.tps(), ms(baseline.p99Ms()),
                baseline.cpuMicrosPerCall().isPresent() ? String.format(Locale.ROOT, ", JMeter's CPU %.1f us a call",
                        baseline.cpuMicrosPerCall().getAsDouble()) : "");
        out.flush();
        return Optional.of(baseline);
    }

    /** The plan against its closed baseline, in one line; empty without a baseline. */
    Optional<String> baselineLine(String plan) {
        ClosedBaseline baseline = baselines.get(plan);
        if (baseline == null) {
            return Optional.empty();
        }
        OptionalDouble rate = sustainableRates().getOrDefault(plan, OptionalDouble.empty());
        Step half = halfSteps.get(plan);
        OptionalDouble halfP99 = half != null && half.figures().isPresent()
                ? OptionalDouble.of(half.figures().get().p99Ms()) : OptionalDouble.empty();
        OptionalDouble cpu = steps.stream().filter(s -> s.plan().equals(plan) && s.held()
                        && rate.isPresent() && s.rate() == rate.getAsDouble() && cpuMicrosPerArrival.containsKey(s))
                .mapToDouble(cpuMicrosPerArrival::get).findFirst();
        return Optional.of(baseline.against(rate, halfP99, cpu));
    }

    /** Each plan's closed baseline, for plans that had one. */
    public Map<String, ClosedBaseline> baselines() {
        return Map.copyOf(baselines);
    }

    private Step step(RunSite site, String plan, double rate) throws IOException {
        String rateText = rateText(rate);
        Cell cell = Cell.of("capacity", plan, plan).named(plan + "_" + rateText + "-per-s").threads(1).stop(stop)
                .setup(setup).properties(Map.of(PlanRunner.OPEN_RATE, rateText));
        Optional<RunSummary> summary = runner.runCell(site, cell, ++index, 0);
        Step step = judge(plan, rate, summary, runner.schedule(cell));
        steps.add(step);
        if (step.figures().isPresent()) {
            ClosedBaseline.cpuMicrosPerSample(runner.lastClientCpuPercent(), Runtime.getRuntime().availableProcessors(),
                    step.figures().get().tps()).ifPresent(cpu -> cpuMicrosPerArrival.put(step, cpu));
        }
        out.printf(Locale.ROOT, "[%d] %s at %s arrivals/s: %s: %s%n", index, plan, rateText,
                step.held() ? "held" : "broke", step.why());
        out.flush();
        return step;
    }

    /**
     * Whether a step's window held: the SLO, the error limit and the schedule ({@code judged}: as the run printed it,
     * with the JMeter process's CPU; else judged here from the summary without it). The SLO is judged on the response
     * times as the JTL has them: for arrivals with a due time, from when each was due (the lag is in them).
     */
    Step judge(String plan, double rate, Optional<RunSummary> summary, Optional<OpenSchedule> judged) {
        if (summary.isEmpty()) {
            return new Step(plan, rate, Optional.empty(), Optional.empty(), false, "no figures of a measured window");
        }
        Map<String, LabelFigures> labels = summary.get().figures();
        LabelFigures total = total(labels);
        OpenSchedule schedule = judged.orElseGet(() -> OpenSchedule.of(rate, summary.get()));
        ThresholdCheck check = ThresholdCheck.of(slo, Map.of(plan, total));
        List<String> broken = new ArrayList<>();
        check.results().stream().filter(r -> !r.passed())
                .forEach(r -> broken.add(r.threshold().written() + " not met (" + r.why() + ")"));
        if (total.errorPercent() >= ERROR_LIMIT_PERCENT) {
            broken.add(String.format(Locale.ROOT, "%.2f %% of calls failed (limit %.0f %%)", total.errorPercent(),
                    ERROR_LIMIT_PERCENT));
        }
        if (!schedule.kept()) {
            broken.add(schedule.lag().isPresent() ? schedule.verdict() + " (" + schedule.describe() + ")"
                    : "the calls did not follow the rate: " + schedule.describe());
        }
        String figures = String.format(Locale.ROOT, "%,.0f calls/s, p50 %s ms, p99 %s ms", total.tps(),
                ms(total.p50Ms()), ms(total.p99Ms()));
        return new Step(plan, rate, Optional.of(total), Optional.of(schedule), broken.isEmpty(),
                broken.isEmpty() ? figures : figures + "; " + String.join("; ", broken));
    }

    /** Every label together: a plan's one label, or the samples-weighted figures where it has several. */
    private static LabelFigures total(Map<String, LabelFigures> labels) {
        if (labels.size() == 1) {
            return labels.values().iterator().next();
        }
        // Several labels: the worst of each latency figure and the sum of rates, which is what the SLO asks of the plan.
        long samples = 0;
        double tps = 0;
        double errors = 0;
        double mean = 0;
        double min = Double.MAX_VALUE;
        double max = 0;
        double p50 = 0;
        double p90 = 0;
        double p95 = 0;
        double p99 = 0;
        double p999 = 0;
        double received = 0;
        double sent = 0;
        for (LabelFigures f : labels.values()) {
            samples += f.samples();
            tps += f.tps();
            errors += f.errorPercent() * f.samples();
            mean += f.averageMs() * f.samples();
            min = Math.min(min, f.minMs());
            max = Math.max(max, f.maxMs());
            p50 = Math.max(p50, f.p50Ms());
            p90 = Math.max(p90, f.p90Ms());
            p95 = Math.max(p95, f.p95Ms());
            p99 = Math.max(p99, f.p99Ms());
            p999 = Math.max(p999, f.p999Ms());
            received += f.receivedKBps();
            sent += f.sentKBps();
        }
        return new LabelFigures("all labels", samples, tps, samples == 0 ? 0 : mean / samples,
                samples == 0 ? 0 : min, max, p50, p90, p95, p99, p999, samples == 0 ? 0 : errors / samples, received,
                sent, labels.values().iterator().next().resolution());
    }

    /** The steps in the order they ran. */
    public List<Step> steps() {
        return List.copyOf(steps);
    }

    /** Each plan's highest rate that held, in arrivals a second; empty for a plan that held none. */
    public Map<String, OptionalDouble> sustainableRates() {
        Map<String, OptionalDouble> rates = new LinkedHashMap<>();
        for (String plan : plans) {
            rates.put(plan, steps.stream().filter(s -> s.plan().equals(plan) && s.held()).mapToDouble(Step::rate)
                    .max());
        }
        return rates;
    }

    /**
     * Each plan's sustainable rate against the first plan's, e.g. {@code thrift-echo-1k-open: 2.4 times
     * dubbo-echo-1k-open's sustainable rate at p99 < 5ms}: the comparison seed 003 makes on closed-model TPS, made at
     * the SLO. None when the first plan held no rate, or only one plan was searched.
     */
    static List<String> comparisons(Map<String, OptionalDouble> rates, String sloText) {
        if (rates.size() < 2) {
            return List.of();
        }
        Map.Entry<String, OptionalDouble> first = rates.entrySet().iterator().next();
        if (first.getValue().isEmpty()) {
            return List.of();
        }
        double base = first.getValue().getAsDouble();
        return rates.entrySet().stream().skip(1).filter(entry -> entry.getValue().isPresent())
                .map(entry -> String.format(Locale.ROOT, "%s: %.1f times %s's sustainable rate at %s", entry.getKey(),
                        entry.getValue().getAsDouble() / base, first.getKey(), sloText))
                .toList();
    }

    /** The plan's verdict in words, from its last step that held and its first that broke. */
    private String verdict(Step held, Step broke) {
        if (held == null) {
            return "sustainable rate: none: it broke at the first rate, " + rateText(startRate) + " arrivals/s ("
                    + broke.why() + "); try a lower --start-rate";
        }
        if (broke == null) {
            return "sustainable rate at least " + rateText(held.rate()) + " arrivals/s, the highest tried, at " + sloText;
        }
        return "sustainable rate " + rateText(held.rate()) + " arrivals/s at " + sloText + " (broke at "
                + rateText(broke.rate()) + ": " + broke.why() + providerQueued(held, broke).map(s -> "; " + s)
                        .orElse("") + ")";
    }

    /** How far the calls' own p50 may rise from the last step that held before the provider, not the pool, is named. */
    static final double QUEUED_CALL_GROWTH = 2;

    /**
     * Past a provider's capacity its queue grows until every pool thread waits on a queued call; within one step that
     * looks like a pool too small (the lag grew, the calls' time did not, the CPU was free). Across steps it does not:
     * the calls' own p50 rose from the last rate that held. Empty when it did not, or a step has no lag figures.
     */
    static Optional<String> providerQueued(Step held, Step broke) {
        Optional<DashboardData.Schedule> before = held.schedule().flatMap(OpenSchedule::lag);
        Optional<DashboardData.Schedule> after = broke.schedule().flatMap(OpenSchedule::lag);
        if (before.isEmpty() || after.isEmpty() || !ScheduleLagRule.GENERATOR_POOL.equals(after.get().boundBy())) {
            return Optional.empty();
        }
        double from = before.get().lag().callP50Ms();
        double to = after.get().lag().callP50Ms();
        if (from <= 0 || to <= QUEUED_CALL_GROWTH * from) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "but the calls' own p50 rose from %.3f ms at %s arrivals/s to "
                + "%.3f ms: the provider queued them until every pool thread waited on one, so the provider bounded "
                + "this step, not the pool", from, rateText(held.rate()), to));
    }

    /**
     * The search's table (one row per step: rate asked, calls/s reached, p50, p99, errors, dropped, held or what
     * broke) and the latency-versus-throughput chart, for the dashboard; and the table's text for the output.
     */
    public List<PageSection> sections() {
        List<List<String>> rows = new ArrayList<>();
        List<String> broken = new ArrayList<>();
        for (Step step : steps) {
            // held or broke beside the plan, left-aligned, and why a step broke in the notes below: a long reason in a
            // right-aligned last column pushed the table past the page and "held" out of sight
            List<String> row = new ArrayList<>(List.of(step.plan(), step.held() ? "held" : "broke",
                    rateText(step.rate())));
            if (!step.held()) {
                broken.add(step.plan() + " at " + rateText(step.rate()) + " arrivals/s broke: "
                        + step.why().replaceFirst("^[^;]*; ", ""));
            }
            if (step.figures().isPresent()) {
                LabelFigures f = step.figures().get();
                row.addAll(List.of(String.format(Locale.ROOT, "%,.0f", f.tps()), ms(f.p50Ms()), ms(f.p99Ms()),
                        String.format(Locale.ROOT, "%.2f", f.errorPercent()),
                        String.format(Locale.ROOT, "%,d", step.schedule().orElseThrow().dropped())));
            } else {
                row.addAll(List.of("-", "-", "-", "-", "-"));
            }
            rows.add(row);
        }
        List<String> notes = new ArrayList<>();
        sustainableRates().forEach((plan, rate) -> notes.add(plan + ": sustainable rate " + (rate.isPresent()
                ? rateText(rate.getAsDouble()) + " arrivals/s" : "none") + " at " + sloText));
        notes.addAll(comparisons(sustainableRates(), sloText));
        plans.forEach(plan -> baselineLine(plan).ifPresent(line -> notes.add(plan + ": " + line)));
        notes.addAll(broken);
        notes.add("Each step " + stop.warmupSeconds() + " s warm-up, then " + stop.measuredSeconds() + " s measured; "
                + "a step holds when " + sloText + ", under " + (int) ERROR_LIMIT_PERCENT + " % of calls fail and "
                + "the calls follow the rate (none dropped at max_in_flight); the search ends when the rate that held "
                + "and the rate that broke are within " + rateText(resolutionPercent) + " % of each other.");
        if (!setup.equals(CellSetup.DEFAULT)) {
            notes.add("Against " + setup.describe() + ".");
        }
        TableSection table = new TableSection("capacity", "Capacity at " + sloText,
                List.of(List.of(new TableSection.Heading("plan", 1), new TableSection.Heading("step", 1),
                        new TableSection.Heading("arrivals/s", 1), new TableSection.Heading("calls/s", 1),
                        new TableSection.Heading("p50 ms", 1), new TableSection.Heading("p99 ms", 1),
                        new TableSection.Heading("errors %", 1), new TableSection.Heading("dropped", 1))),
                2, rows, notes);
        List<CurveChart.Curve> curves = new ArrayList<>();
        for (String plan : plans) {
            List<CurveChart.Point> points = steps.stream().filter(s -> s.plan().equals(plan) && s.figures().isPresent())
                    .sorted((a, b) -> Double.compare(a.rate(), b.rate()))
                    .map(s -> new CurveChart.Point(s.figures().get().tps(), s.figures().get().p99Ms(), s.held()))
                    .toList();
            curves.add(new CurveChart.Curve(plan, points));
        }
        OptionalDouble limit = slo.stream().filter(t -> t.metric() == Threshold.Metric.P99)
                .mapToDouble(Threshold::limit).findFirst();
        CurveChart chart = new CurveChart("capacity-curve", "p99 against throughput, one point per arrival rate",
                "calls/s reached", "p99, ms", curves, limit, List.of("Filled points held at " + sloText
                + "; hollow ones broke it." + (limit.isPresent() ? " The dashed line is the SLO's p99." : "")));
        return List.of(table, chart);
    }

    /** The search's table as text, for the output. */
    public String text() {
        StringBuilder text = new StringBuilder(String.format(Locale.ROOT, "Capacity at %s:%n", sloText));
        text.append(String.format(Locale.ROOT, "  %-28s %10s %10s %9s %9s %8s %8s  %s%n", "plan", "arrivals/s",
                "calls/s", "p50 ms", "p99 ms", "errors %", "dropped", "step"));
        for (Step step : steps) {
            Optional<LabelFigures> f = step.figures();
            text.append(String.format(Locale.ROOT, "  %-28s %10s %10s %9s %9s %8s %8s  %s%n", step.plan(),
                    rateText(step.rate()), f.map(x -> String.format(Locale.ROOT, "%,.0f", x.tps())).orElse("-"),
                    f.map(x -> ms(x.p50Ms())).orElse("-"), f.map(x -> ms(x.p99Ms())).orElse("-"),
                    f.map(x -> String.format(Locale.ROOT, "%.2f", x.errorPercent())).orElse("-"),
                    step.schedule().map(s -> String.format(Locale.ROOT, "%,d", s.dropped())).orElse("-"),
                    step.held() ? "held" : "broke"));
        }
        sustainableRates().forEach((plan, rate) -> text.append(String.format(Locale.ROOT,
                "  %s: sustainable rate %s%n", plan, rate.isPresent() ? rateText(rate.getAsDouble()) + " arrivals/s"
                        : "none")));
        comparisons(sustainableRates(), sloText).forEach(line -> text.append("  ").append(line).append('\n'));
        plans.forEach(plan -> baselineLine(plan).ifPresent(line -> text.append("  ").append(plan).append(": ")
                .append(line).append('\n')));
        return text.toString();
    }

    /** Whether the rate that held and the one that broke are within {@code percent} % of each other. */
    static boolean withinResolution(double held, double broke, double percent) {
        return broke <= held * (1 + percent / 100) + 1e-9;
    }

    /**
     * The geometric midpoint of the rate that held and the one that broke, to two significant digits, or three where
     * two would land on either (e.g. between 15,000 and 16,000).
     */
    static double middle(double held, double broke) {
        double exact = Math.sqrt(held * broke);
        double two = roundRate(exact);
        if (two > held && two < broke) {
            return two;
        }
        if (exact < 100) {
            return Math.round(exact);
        }
        double power = Math.pow(10, Math.floor(Math.log10(exact)) - 2);
        return Math.round(exact / power) * power;
    }

    /** The resolution this search ends at, %. */
    public double resolutionPercent() {
        return resolutionPercent;
    }

    /** A rate rounded to two significant digits, so the steps' names stay short. */
    static double roundRate(double rate) {
        if (rate < 10) {
            return Math.max(1, Math.round(rate));
        }
        double power = Math.pow(10, Math.floor(Math.log10(rate)) - 1);
        return Math.round(rate / power) * power;
    }

    static String rateText(double rate) {
        return rate == Math.rint(rate) ? Long.toString((long) rate) : String.format(Locale.ROOT, "%.1f", rate);
    }

    private static String ms(double value) {
        return String.format(Locale.ROOT, "%.3f", value);
    }
}
