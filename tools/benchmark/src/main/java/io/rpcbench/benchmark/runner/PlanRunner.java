package io.rpcbench.benchmark.runner;

import io.rpcbench.benchmark.jmeter.JMeterRun;
import io.rpcbench.benchmark.jmeter.PlanProgress;
import io.rpcbench.benchmark.live.LiveServer;
import io.rpcbench.benchmark.process.ProjectLayout;
import io.rpcbench.benchmark.scenario.AfterPlan;
import io.rpcbench.benchmark.scenario.Cell;
import io.rpcbench.benchmark.scenario.CellContext;
import io.rpcbench.benchmark.scenario.CellObserver;
import io.rpcbench.benchmark.scenario.Stop;
import io.rpcbench.reports.dashboard.RunInput;
import io.rpcbench.reports.dashboard.RunSummary;
import io.rpcbench.reports.jtl.jvm.GcLog;
import io.rpcbench.reports.statistics.LabelStatistics;
import io.rpcbench.reports.statistics.SpikeRule;
import io.rpcbench.reports.statistics.SteadinessRule;
import io.rpcbench.seconds.SampleFigures;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * One plan of the main job, run and counted: runs a cell's plan headless in the laid-out JMeter at the site, showing
 * its progress from JMeter's summariser, for its warm-up and then its measured window (or its calls per thread);
 * counts the window's samples; has JMeter build its own dashboard of the same window ({@code jmeter -g} with start
 * and end dates); and returns what the rpcbench dashboard reads of it. A plan that fails (JMeter exits with an
 * error, or no sample started in the window) gives the measured reason instead, so that the job goes on.
 *
 * <p>A cell of several consumers runs that many JMeter runs at once where one run is one consumer, each in
 * {@code consumer-N} of the cell's folder, and counts their JTLs as one ({@link ConsumerJtls}); the cell's observers
 * watch from the first run's start to the last run's end, and its after-plan steps run once all have ended.
 *
 * <p>Order of calls: make one per job, then {@link #run} each cell in turn.
 */
final class PlanRunner {

    /** The open-model plans' property: arrivals a second. */
    static final String OPEN_RATE = "rate";

    /** The file in a plan's folder that keeps what the live page showed of it at its end. */
    static final String LIVE_FIGURES_FILE = "live-figures.json";

    /** The shipped plans' property: where their Live Figures listener sends (off when unset). */
    static final String LIVE_URL = "live.url";
    private final ProjectLayout layout;
    private final Path results;
    private final PrintWriter out;
    private final boolean terminal;
    private final int progressEvery;
    private final int rampupSeconds;
    private final Map<String, String> userProperties;
    private final boolean buildJMeterDashboards;

    /**
     * @param terminal       whether the output is a terminal, for progress in place
     * @param progressEvery  how often JMeter's summariser reports, in seconds
     * @param userProperties {@code -J} properties for every plan, winning over the cells' own
     * @param buildJMeterDashboards whether JMeter builds its own dashboard of each cell's window after the cell
     */
    PlanRunner(ProjectLayout layout, Path results, PrintWriter out, boolean terminal, int progressEvery,
            int rampupSeconds, Map<String, String> userProperties, boolean buildJMeterDashboards) {
        this.layout = layout;
        this.results = results;
        this.out = out;
        this.terminal = terminal;
        this.progressEvery = progressEvery;
        this.rampupSeconds = rampupSeconds;
        this.userProperties = Map.copyOf(userProperties);
        this.buildJMeterDashboards = buildJMeterDashboards;
    }

    /** Each thread's pause before each call in ms, when the job set one ({@code --think-time}). */
    OptionalInt thinkTimeMs() {
        String value = userProperties.get(JMeterRun.THINK_TIME);
        int ms = value == null ? 0 : Integer.parseInt(value);
        return ms > 0 ? OptionalInt.of(ms) : OptionalInt.empty();
    }

    private String thinking() {
        OptionalInt ms = thinkTimeMs();
        return ms.isPresent() ? ", " + ms.getAsInt() + " ms think time" : "";
    }

    /** A cell's place in the run: {@code [3/7]}, or {@code [3]} when the count is not known beforehand (0). */
    static String position(int index, int count) {
        return count > 0 ? "[" + index + "/" + count + "]" : "[" + index + "]";
    }

    /** A plan's run with figures of its window, or the reason it has none. */
    sealed interface Outcome {}

    /**
     * @param run             the JMeter run (its files, its properties)
     * @param summary         the window's statistics per label
     * @param input           what the rpcbench dashboard reads of it
     * @param jmeterDashboard JMeter's own dashboard of the window, or why it was not built
     */
    /** A plan's measured window; {@code schedule}: an open workload's, judged ({@link OpenSchedule}), else empty. */
    record Measured(JMeterRun run, RunSummary summary, RunInput input, String jmeterDashboard,
            Optional<OpenSchedule> schedule) implements Outcome {}

    record Failed(String reason) implements Outcome {}

    /** The live dashboard the plans report to, or null when it is off ({@code --no-live}). */
    private LiveServer live;

    /** Has every plan from now on report to {@code server}'s live dashboard. */
    void live(LiveServer server) {
        this.live = server;
    }

    /** The JMeter run of the plan under way (or the last one), null before the first: for tests. */
    private volatile JMeterRun currentRun;

    JMeterRun currentRun() {
        return currentRun;
    }

    /**
     * Runs {@code cell}'s plan at {@code site} (already {@link RunSite#prepare prepared} for it) into
     * {@code results/<cell name>}.
     *
     * @param index the cell's place in the run, from 1, of {@code count}
     */
    Outcome run(RunSite site, Cell cell, int index, int count) throws IOException {
        String prefix = position(index, count) + " " + cell.name();
        Stop stop = cell.stop();
        int warmup = stop.warmupSeconds();
        int measured = stop.runSeconds() - warmup;
        Map<String, String> planProperties = new LinkedHashMap<>(cell.properties());
        planProperties.putAll(Map.of(
                "threads", Integer.toString(cell.threads()),
                "rampup", Integer.toString(rampupSeconds),
                JMeterRun.WARMUP, Integer.toString(warmup),
                "duration", Integer.toString(measured)));
        Optional<Duration> window = Optional.of(Duration.ofSeconds(measured));
        if (stop instanceof Stop.Calls calls) {
            planProperties.put("loops", Integer.toString(calls.callsPerThread()));
            window = Optional.empty(); // every sample after the warm-up
        }
        // The open plans' arrivals rise from 0 to their rate over the warm-up's first half (the plans' own default of
        // their property "ramp", from "warmup"; -J ramp=N overrides it), so the JIT compiles before the full rate,
        // and hold the rate for its second half, so that what runs only at the full rate is compiled before the
        // measured window (docs/performance.md section 9).
        planProperties.putAll(userProperties);
        // An open workload's load is its rate: its threads are one per arrival, whatever the cell's count says.
        String load = planProperties.containsKey(OPEN_RATE) ? planProperties.get(OPEN_RATE) + " arrivals/s"
                : cell.threads() + " threads" + thinking();
        if (stop instanceof Stop.Calls calls) {
            out.printf(Locale.ROOT, "%s: %s, %d s warm-up, then %,d calls per thread (at most %d s) ...%n",
                    prefix, load, warmup, calls.callsPerThread(), measured);
        } else {
            out.printf("%s: %s, %d s warm-up, then %d s measured ...%n", prefix, load, warmup, measured);
        }
        out.flush();
        int runCount = runCount(cell, site);
        if (runCount < 0) {
            return failed(prefix, "the cell needs " + cell.consumers() + " consumers, and a JMeter run here is "
                    + site.consumersPerRun() + " (" + site.describe() + "); expected a site whose JMeter runs are 1 "
                    + "consumer each, or " + cell.consumers());
        }
        Path folder = results.resolve(cell.name());
        if (runCount > 1) {
            out.printf("%s: %d consumers at once, each its own JMeter in %s/consumer-N; progress of consumer 1%n",
                    prefix, runCount, folder);
            out.flush();
        }
        if (live != null) {
            live.run().planStarted(cell.name(), index, count, load, warmup, measured);
            planProperties.put(LIVE_URL, site.liveAddress(live));
        }
        PlanProgress progress = new PlanProgress(out, terminal, prefix, warmup, measured);
        List<JMeterRun> runs = new ArrayList<>();
        for (int n = 1; n <= runCount; n++) {
            runs.add(site.configure(JMeterRun.of(layout, cell.plan(),
                    runCount == 1 ? folder : folder.resolve("consumer-" + n))
                    .dashboard(false)
                    .output(n == 1 ? progress : line -> { })
                    .properties(Map.of(JMeterRun.SUMMARISER_INTERVAL, Integer.toString(progressEvery))),
                    planProperties));
        }
        JMeterRun run = runs.get(0);
        this.currentRun = run;
        if (live != null) {
            live.run().jmeterSide(second -> jmeterSide(runs, second));
        }
        CellContext context = new CellContext(cell, folder, run);
        List<CellObserver.Observation> observations = new ArrayList<>();
        run.onStart(pid -> observations.addAll(startObservers(prefix, context)));
        try {
            // An open workload's schedule ends on time whatever the provider does (its plans exit with JMeter):
            // two minutes for JMeter's start and end; a closed plan's threads may wait out long calls and set-ups.
            runAll(runs, Duration.ofSeconds(2L * (warmup + measured) + rampupSeconds
                    + (planProperties.containsKey(OPEN_RATE) ? 120 : 600)));
        } catch (IllegalStateException | IllegalArgumentException failed) { // JMeter's exit code and last lines
            return failed(prefix, failed.getMessage());
        } finally {
            progress.finish();
            observations.forEach(CellObserver.Observation::close);
            if (live != null) {
                live.drain(); // the engines' last messages, where they come through files
            }
        }
        for (AfterPlan step : cell.afterPlan()) {
            try {
                step.run(context);
            } catch (IOException | RuntimeException e) {
                out.printf("%s: a step after the plan failed: %s%n", prefix, e.getMessage());
                out.flush();
            }
        }
        Path jtl = run.jtl();
        if (runCount > 1) {
            jtl = folder.resolve(cell.plan() + ".jtl");
            ConsumerJtls.merge(runs.stream().map(JMeterRun::jtl).toList(), jtl);
        }
        Duration warmupTime = Duration.ofSeconds(warmup);
        RunSummary summary;
        try {
            summary = RunSummary.withDashboard(jtl, warmupTime, window); // the dashboard's pass too: read once
        } catch (IllegalArgumentException noWindow) { // e.g. the plan stopped during its warm-up
            return failed(prefix, noWindow.getMessage());
        }
        if (live != null) {
            live.run().planEnded(summary.windowStartMs(), summary.windowEndMs());
            checkLiveFigures(prefix, cell.name(), summary);
            try {
                live.writePlan(cell.name(), folder.resolve(LIVE_FIGURES_FILE));
            } catch (IOException e) {
                out.printf("%s: the live figures were not written to %s: %s%n", prefix, folder, e.getMessage());
            }
        }
        OptionalDouble jmeterCpu = jmeterCpu(runs, summary);
        Optional<OpenSchedule> schedule = Optional.empty();
        if (stop instanceof Stop.Calls calls) {
            reportCallsCutShort(prefix, summary, cell.threads() * cell.consumers(), calls);
        } else if (planProperties.containsKey(OPEN_RATE)) {
            schedule = reportSchedule(prefix, summary, planProperties.get(OPEN_RATE), jmeterCpu,
                    Optional.of(run.perfmon()).filter(Files::isRegularFile));
        }
        // JMeter's own dashboard of the same window, built after the run when the window is known. It reads
        // the whole JTL (about 20 us a sample): 40 million samples of a --full Thrift plan take over 10 min.
        List<String> jmeterDashboards = new ArrayList<>();
        for (JMeterRun each : runs) {
            String page = each.dashboardIndex().toString();
            if (!buildJMeterDashboards) {
                jmeterDashboards.add("(not built: --no-jmeter-dashboards)");
                continue;
            }
            try {
                each.generateDashboard(summary.windowStartMs(), summary.windowEndMs(),
                        Duration.ofMinutes(10).plusSeconds(2L * (warmup + measured)));
            } catch (IllegalStateException e) { // ours is built either way: say so and go on
                out.printf("%s: JMeter's own dashboard was not built: %s%n", prefix, e.getMessage());
                page = "(not built; see " + each.dashboardIndex().getParent().getParent()
                        .resolve("jmeter-report.log") + ")";
            }
            jmeterDashboards.add(page);
        }
        RunInput input = RunInput.named(cell.name(), jtl, Optional.of(run.perfmon()).filter(Files::isRegularFile),
                Optional.of(run.dashboardIndex().toString()).filter(page -> Files.isRegularFile(Path.of(page))))
                .withWindow(warmupTime, window);
        if (jmeterCpu.isPresent()) {
            input = input.withClientCpu(jmeterCpu.getAsDouble(), Runtime.getRuntime().availableProcessors());
        }
        return new Measured(run, summary, input, String.join(", ", jmeterDashboards), schedule);
    }

    /**
     * An open workload's schedule against its measured window, and whether it was kept ({@link OpenSchedule}); with the
     * JMeter process's CPU (empty when not read) and the agents' readings (JMeter's machine's CPU, when an agent runs
     * on it), which the schedule lag's verdict names when they bounded the run.
     */
    private Optional<OpenSchedule> reportSchedule(String prefix, RunSummary summary, String rateText,
            OptionalDouble jmeterCpu, Optional<Path> perfmon) {
        double rate;
        try {
            rate = Double.parseDouble(rateText);
        } catch (NumberFormatException e) {
            out.printf("%s: rate '%s' is not a number of arrivals a second; the schedule is not judged%n", prefix,
                    rateText);
            return Optional.empty();
        }
        Optional<Double> cpu = jmeterCpu.isPresent() ? Optional.of(jmeterCpu.getAsDouble()) : Optional.empty();
        Optional<Integer> cores = Optional.of(Runtime.getRuntime().availableProcessors());
        OpenSchedule schedule = perfmon.isPresent() ? OpenSchedule.of(rate, summary, perfmon.get(), cpu, cores)
                : OpenSchedule.of(rate, summary, cpu, cores);
        out.printf(Locale.ROOT, "%s: open workload at %s arrivals/s: %s: %s%n", prefix, rateText, schedule.describe(),
                schedule.verdict());
        out.flush();
        return Optional.of(schedule);
    }

    /**
     * How many JMeter runs make the cell's consumers here: 1 for a cell of one consumer, or when one run here is
     * as many consumers as the cell has (a lab's engines); the cell's consumers where a run is one; else -1.
     */
    static int runCount(Cell cell, RunSite site) {
        int perRun = site.consumersPerRun();
        if (cell.consumers() == 1 || cell.consumers() == perRun) {
            return 1;
        }
        return perRun == 1 ? cell.consumers() : -1;
    }

    /** Runs every consumer's JMeter at once, the first on this thread, and waits for all. */
    private static void runAll(List<JMeterRun> runs, Duration deadline) throws IOException {
        List<CompletableFuture<Void>> others = new ArrayList<>();
        for (int n = 2; n <= runs.size(); n++) {
            JMeterRun other = runs.get(n - 1);
            String thread = "consumer-" + n;
            others.add(CompletableFuture.runAsync(() -> {
                try {
                    other.run(deadline);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            }, command -> new Thread(command, thread).start()));
        }
        RuntimeException failure = null;
        try {
            runs.get(0).run(deadline);
        } catch (IllegalStateException | IllegalArgumentException e) {
            failure = e;
        }
        for (int n = 2; n <= runs.size(); n++) {
            try {
                others.get(n - 2).join();
            } catch (CompletionException e) {
                String message = "consumer " + n + ": " + e.getCause().getMessage();
                if (failure == null) {
                    failure = new IllegalStateException(message, e.getCause());
                } else {
                    failure.addSuppressed(e.getCause());
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }

    /** Starts the cell's observers; one that does not start is reported and left out. */
    private List<CellObserver.Observation> startObservers(String prefix, CellContext context) {
        List<CellObserver.Observation> started = new ArrayList<>();
        for (CellObserver observer : context.cell().observers()) {
            try {
                started.add(observer.start(context));
            } catch (IOException | RuntimeException e) {
                out.printf("%s: an observer of the run did not start: %s%n", prefix, e.getMessage());
                out.flush();
            }
        }
        return started;
    }

    /** The consumers' JMeter CPU together, when every one's could be read. */
    private static OptionalDouble jmeterCpu(List<JMeterRun> runs, RunSummary summary) {
        double sum = 0;
        for (JMeterRun run : runs) {
            OptionalDouble cpu = run.jmeterCpuPercentOfMachine(summary.windowStartMs(), summary.windowEndMs());
            if (cpu.isEmpty()) {
                return OptionalDouble.empty();
            }
            sum += cpu.getAsDouble();
        }
        return OptionalDouble.of(sum);
    }

    private Failed failed(String prefix, String reason) {
        out.printf("%s: no figures: %s%n", prefix, reason);
        out.flush();
        if (live != null) {
            live.run().planFailed(reason);
        }
        return new Failed(reason);
    }

    /**
     * The live dashboard's figures of the window against the JTL's, label by label: both come from the same
     * samples by the same rules, so any difference (count, p50, p99, max to the µs) is a defect, said here. A plan
     * without the Live Figures listener (a plan of the user's) sent nothing: that is said instead.
     */
    private void checkLiveFigures(String prefix, String plan, RunSummary summary) {
        List<String> differences = new ArrayList<>();
        boolean any = false;
        for (LabelStatistics label : summary.labels()) {
            Optional<SampleFigures> shown = live.run().windowFigures(plan, label.label());
            if (shown.isEmpty()) {
                continue;
            }
            any = true;
            SampleFigures figures = shown.get();
            if (figures.samples() != label.samples() || figures.percentileMs(50) != label.percentileMs(50)
                    || figures.percentileMs(99) != label.percentileMs(99) || figures.maxMs() != label.maxMs()) {
                differences.add(String.format(Locale.ROOT, "%s: live %d samples, p50 %.3f, p99 %.3f, max %.3f ms; "
                        + "JTL %d, %.3f, %.3f, %.3f ms", label.label(), figures.samples(), figures.percentileMs(50),
                        figures.percentileMs(99), figures.maxMs(), label.samples(), label.percentileMs(50),
                        label.percentileMs(99), label.maxMs()));
            }
        }
        if (!any && !summary.labels().isEmpty()) {
            out.printf("%s: the live dashboard got no figures of this plan: it has no Live Figures listener (add "
                    + "one, as the shipped plans have, to watch it live)%n", prefix);
        } else if (!differences.isEmpty()) {
            out.printf("%s: the live dashboard's window differs from the JTL's: %s%n", prefix,
                    String.join("; ", differences));
        }
        out.flush();
    }

    /** What JMeter's side did in the second from {@code secondMs}: its GC pauses, its process at 90 % or more. */
    private static List<String> jmeterSide(List<JMeterRun> runs, long secondMs) {
        List<String> causes = new ArrayList<>();
        for (JMeterRun run : runs) {
            causes.addAll(SpikeRule.jmeterGc(GcLog.pauses(run.gcLog()), secondMs, 1000));
            // readings are a second apart: half a second either side holds the two around this second
            OptionalDouble cpu = run.jmeterCpuPercentOfMachine(secondMs - 500, secondMs + 1500);
            if (cpu.isPresent() && cpu.getAsDouble() >= SteadinessRule.SATURATED_CPU_PERCENT) {
                causes.add(String.format(Locale.ROOT, "JMeter at %.0f %% of the machine's CPU", cpu.getAsDouble()));
            }
        }
        return causes;
    }

    /** Says when the cap stopped the threads before their calls were done: the figures then count fewer calls. */
    private void reportCallsCutShort(String prefix, RunSummary summary, int threads, Stop.Calls calls) {
        callsCutShort(summary, threads, calls).ifPresent(message -> {
            out.printf("%s: %s%n", prefix, message);
            out.flush();
        });
    }

    /**
     * What the cap cut short, when the threads made fewer calls than they were to: every call of the JTL counts, the
     * warm-up's too, as counted in the window's pass ({@link RunSummary#fileSamples}).
     */
    static Optional<String> callsCutShort(RunSummary summary, int threads, Stop.Calls calls) {
        long made = summary.fileSamples();
        long planned = (long) threads * calls.callsPerThread();
        return made >= planned ? Optional.empty() : Optional.of(String.format(Locale.ROOT,
                "the cap of %d s stopped the threads after %,d of %,d calls", calls.capSeconds(), made, planned));
    }
}
