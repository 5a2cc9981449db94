package io.rpcbench.benchmark.runner;

import io.rpcbench.benchmark.jmeter.JMeterRun;
import io.rpcbench.benchmark.live.LiveServer;
import io.rpcbench.benchmark.process.ProjectLayout;
import io.rpcbench.benchmark.scenario.Cell;
import io.rpcbench.benchmark.scenario.CellResult;
import io.rpcbench.benchmark.scenario.CellSetup;
import io.rpcbench.benchmark.scenario.Scenario;
import io.rpcbench.benchmark.scenario.ScenarioTable;
import io.rpcbench.reports.dashboard.Dashboard;
import io.rpcbench.reports.dashboard.RunSummary;
import io.rpcbench.reports.dashboard.SummaryTable;
import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.page.DashboardJson;
import io.rpcbench.reports.page.PageSection;
import io.rpcbench.reports.statistics.LabelStatistics;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Runs a scenario's cells (or the plans of {@code --plan}, which have no seed table) and reports them: the cells in
 * order, each one plan run by a {@link PlanRunner}, the site first made to run the cell's {@link CellSetup} (restarted
 * only when it differs from the previous cell's); a cell whose set-up does not start or whose plan fails becomes an
 * empty cell with the measured reason, and the next cell runs. Then, once the site has stopped, the summary table of
 * every plan (as the main job always printed it), the scenario's table beside the seed's, and one dashboard of every
 * measured cell with that table as its first section.
 *
 * <p>Order of calls: {@link #run} with the started site, close the site, then {@link #report}.
 */
public final class ScenarioRunner {

    private final PlanRunner plans;
    private final PrintWriter out;
    private final Path results;
    private final List<Cell> cells;
    private final Optional<Scenario> scenario;
    private final String title;
    private final SummaryTable summaryTable = new SummaryTable();
    private final List<CellRun> runs = new ArrayList<>();
    private String site = "";
    private List<CellResult> cellResults = List.of();
    private DashboardData data;
    private final List<PageSection> extraSections = new ArrayList<>();
    private final List<String> extraText = new ArrayList<>();

    /** A cell as it ran: its outcome and the provider's threads at its end. */
    private record CellRun(Cell cell, PlanRunner.Outcome outcome, OptionalInt providerThreads) {}

    /**
     * @param jmeterDashboards whether JMeter builds its own dashboard of each cell's window
     * @param cells    the cells to run, in order, with the command's overrides applied
     * @param scenario the scenario whose table to print, or empty for plans without one ({@code --plan})
     * @param title    the dashboard's title
     */
    public ScenarioRunner(ProjectLayout layout, Path results, PrintWriter out, boolean terminal, int progressEvery,
            int rampupSeconds, Map<String, String> userProperties, boolean jmeterDashboards, List<Cell> cells,
            Optional<Scenario> scenario, String title) {
        this.plans = new PlanRunner(layout, results, out, terminal, progressEvery, rampupSeconds, userProperties,
                jmeterDashboards);
        this.out = out;
        this.results = results;
        this.cells = List.copyOf(cells);
        this.scenario = scenario;
        this.title = title;
    }

    /** Has every cell from now on report to {@code server}'s live dashboard. */
    public void live(LiveServer server) {
        plans.live(server);
    }

    /** Runs every cell at {@code site}, in order; a cell that fails is kept as an empty cell and the next one runs. */
    public void run(RunSite site) throws IOException {
        int index = 0;
        for (Cell cell : cells) {
            runCell(site, cell, ++index, cells.size());
        }
    }

    /**
     * Runs {@code cell} at {@code site}, the {@code index}th of {@code count} (0 when not known beforehand, as in a
     * capacity search), and keeps it for the report; returns its window's statistics, or empty when it has none (the
     * reason is printed and kept as the cell's).
     */
    Optional<RunSummary> runCell(RunSite site, Cell cell, int index, int count) throws IOException {
        this.site = site.describe();
        try {
            site.prepare(cell.setup());
        } catch (IOException | RuntimeException e) {
            String reason = "its set-up (" + cell.setup().describe() + ") did not start: " + e.getMessage();
            out.printf("%s %s: no figures: %s%n", PlanRunner.position(index, count), cell.name(), reason);
            out.flush();
            runs.add(new CellRun(cell, new PlanRunner.Failed(reason), OptionalInt.empty()));
            return Optional.empty();
        }
        PlanRunner.Outcome outcome = plans.run(site, cell, index, count);
        OptionalInt threads = OptionalInt.empty();
        Optional<RunSummary> summary = Optional.empty();
        if (outcome instanceof PlanRunner.Measured measured) {
            threads = measured.run().property("provider.pid").filter(pid -> pid.matches("[0-9]+"))
                    .map(Long::parseLong).map(ProcessThreads::of).orElse(OptionalInt.empty());
            addRows(cell.name(), measured.summary(), measured.jmeterDashboard());
            summary = Optional.of(measured.summary());
        }
        runs.add(new CellRun(cell, outcome, threads));
        return summary;
    }

    /**
     * The JMeter process's CPU over the window of the cell run last, as % of all the machine's cores; empty when it
     * gave no figures or JMeter's CPU was not measured (remote engines).
     */
    Optional<Double> lastClientCpuPercent() {
        if (runs.isEmpty() || !(runs.get(runs.size() - 1).outcome() instanceof PlanRunner.Measured measured)) {
            return Optional.empty();
        }
        return measured.input().clientCpuPercent();
    }

    /**
     * Sections of the dashboard after the scenario's table (e.g. a capacity search's), and their text, printed after
     * the summary table; call before {@link #report}.
     */
    public void addSections(List<? extends PageSection> more, String text) {
        extraSections.addAll(more);
        extraText.add(text);
    }

    /**
     * The schedule of {@code cell}'s last run, judged as the run printed it ({@link OpenSchedule}, with the JMeter
     * process's CPU); empty when it was not an open workload or has no figures.
     */
    Optional<OpenSchedule> schedule(Cell cell) {
        for (int i = runs.size() - 1; i >= 0; i--) {
            CellRun run = runs.get(i);
            if (run.cell().equals(cell)) {
                return run.outcome() instanceof PlanRunner.Measured measured ? measured.schedule() : Optional.empty();
            }
        }
        return Optional.empty();
    }

    /** The JMeter run of the plan under way (or the last one), null before the first: for tests. */
    public JMeterRun currentRun() {
        return plans.currentRun();
    }

    /**
     * After the site has stopped: writes the dashboard and its figures ({@code dashboard.json}), prints the summary
     * table with each plan's steadiness, the scenario's table and where the results are.
     *
     * @return 0, or 1 when no cell has figures of a measured window
     */
    public int report() {
        Dashboard dashboard = Dashboard.builder().title(title);
        scenario.flatMap(Scenario::throughputNotJudged).ifPresent(dashboard::throughputNotJudged);
        runs.stream().map(CellRun::outcome).filter(PlanRunner.Measured.class::isInstance)
                .map(PlanRunner.Measured.class::cast)
                .forEach(measured -> dashboard.addRun(measured.input(), measured.summary())); // JTL not read again
        Path dashboardFile = results.resolve("dashboard.html");
        if (!summaryTable.hasRows()) {
            cellResults = results(null);
            scenario.ifPresent(s -> out.printf("%n%s", table(s)));
            out.printf("%nNo plan has figures of a measured window; see the messages above and the logs in %s%n",
                    results);
            out.flush();
            return 1;
        }
        List<String> printedTable = new ArrayList<>();
        data = dashboard.write(dashboardFile, figures -> {
            cellResults = results(figures);
            List<PageSection> sections = new ArrayList<>();
            if (scenario.isPresent()) {
                ScenarioTable table = scenarioTable(scenario.get());
                printedTable.add(table.text());
                sections.add(table.section());
            }
            sections.addAll(extraSections); // e.g. a capacity search's verdict, before each step's schedule
            ScheduleSection.of(runs.stream().map(CellRun::outcome).filter(PlanRunner.Measured.class::isInstance)
                    .map(PlanRunner.Measured.class::cast).filter(measured -> measured.schedule().isPresent())
                    .map(measured -> Map.entry(measured.input().name(), measured.schedule().get())).toList())
                    .ifPresent(sections::add);
            return sections;
        });
        DashboardJson.write(data, results.resolve("dashboard.json"));
        data.runs().forEach(run -> summaryTable.addSteadiness(run.name(), run.steadiness()));
        addSchedules(data);
        out.println();
        out.print(summaryTable.render());
        printedTable.forEach(table -> out.printf("%n%s", table));
        extraText.forEach(text -> out.printf("%n%s", text));
        out.printf("%nResults (JTL, logs, dashboard.json for 'rpcbench-reports compare'): %s%n", results);
        out.printf("%nDashboard of all plans, client and server side: %s%n", dashboardFile.toUri());
        out.flush();
        return 0;
    }

    /**
     * Each open workload's schedule verdict for the summary: as the run printed it ({@link OpenSchedule}: the counts and
     * the lag) for a plan run at a rate, else the lag's alone (the dashboard's) for a run whose samples had a due time.
     */
    private void addSchedules(DashboardData data) {
        Map<String, OpenSchedule> schedules = new LinkedHashMap<>();
        runs.stream().map(CellRun::outcome).filter(PlanRunner.Measured.class::isInstance)
                .map(PlanRunner.Measured.class::cast).filter(measured -> measured.schedule().isPresent())
                .forEach(measured -> schedules.put(measured.input().name(), measured.schedule().get()));
        data.runs().forEach(run -> {
            OpenSchedule schedule = schedules.get(run.name());
            if (schedule != null) {
                summaryTable.addSchedule(run.name(), schedule.verdict());
            } else if (run.schedule() != null) {
                summaryTable.addSchedule(run.name(), run.schedule().verdict());
            }
        });
    }

    private String table(Scenario s) {
        return scenarioTable(s).text();
    }

    private ScenarioTable scenarioTable(Scenario s) {
        ScenarioTable table = s.table(cellResults).withNote(ScenarioTable.OURS + ": " + ThisMachine.describe() + "; "
                + site);
        OptionalInt thinkTime = plans.thinkTimeMs();
        return thinkTime.isEmpty() ? table : table.withNote(ScenarioTable.OURS + ": each thread paused "
                + thinkTime.getAsInt() + " ms before each call (--think-time): calls per second are bounded by it, "
                + "not by the provider");
    }

    /** Every cell's result, in order; {@code figures} null when no run has any. */
    private List<CellResult> results(DashboardData figures) {
        List<CellResult> all = new ArrayList<>();
        for (CellRun run : runs) {
            Path folder = results.resolve(run.cell().name());
            if (run.outcome() instanceof PlanRunner.Failed failed) {
                all.add(CellResult.empty(run.cell(), folder, failed.reason()));
                continue;
            }
            PlanRunner.Measured measured = (PlanRunner.Measured) run.outcome();
            DashboardData.RunData figure = figures.runs().stream()
                    .filter(r -> r.name().equals(run.cell().name())).findFirst().orElseThrow();
            List<Double> cores = figure.server() == null || figure.server().providerHost() == null
                    || measured.input().perfmon().isEmpty() ? List.of()
                    : ProviderCores.read(measured.input().perfmon().get(), figure.server().providerHost(),
                            figure.windowStartMs(), figure.windowEndMs());
            all.add(CellResult.measured(run.cell(), folder, measured.summary(), figure, cores,
                    run.providerThreads()));
        }
        return all;
    }

    /** Every cell's result, in order, after {@link #report}. */
    public List<CellResult> cellResults() {
        return cellResults;
    }

    /** The dashboard's figures after {@link #report}; null when no cell had any. */
    public DashboardData data() {
        return data;
    }

    /** One row for a plan whose samples carry its name (the echo plans), else one row per label, in JTL order. */
    private void addRows(String name, RunSummary summary, String dashboard) {
        boolean ownLabelOnly = summary.labels().stream().allMatch(label -> label.label().equals(name));
        if (ownLabelOnly) {
            summaryTable.add(name, summary.label(name), dashboard);
            return;
        }
        for (LabelStatistics label : summary.labels()) {
            summaryTable.add(name + ": " + label.label(), label, dashboard);
        }
    }
}
