package io.rpcbench.reports.dashboard;

import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.jtl.JtlFormatException;
import io.rpcbench.reports.page.DashboardWriter;
import io.rpcbench.reports.page.PageSection;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * The rpcbench dashboard of one or more runs: add the runs, then write one self-contained HTML file (and, if
 * wanted, its figures as JSON). Each run is read in one streaming pass, two when its measured window's place was
 * guessed wrong ({@link RunReport}), or taken from the pass its summary made already
 * ({@link #addRun(RunInput, RunSummary)}); the comparison tables are built from all runs ({@link ComparisonTables});
 * {@link DashboardWriter} writes the page. Every figure counts a run's measured window only (by default the whole
 * run; see {@link RunInput#withWindow}); the charts show the whole run.
 *
 * <pre>{@code
 * DashboardData data = Dashboard.builder()
 *         .title("Dubbo vs Thrift, echo 1k and 100k")
 *         .addRun("dubbo-echo-1k", Path.of("results/dubbo-echo-1k.jtl"),
 *                 Optional.of(Path.of("results/dubbo-echo-1k-perfmon.jtl")),
 *                 Optional.of("dubbo-echo-1k/dashboard/index.html"))
 *         .addRun(RunInput.named("thrift-echo-1k", Path.of("results/thrift-echo-1k.jtl"), Optional.empty(),
 *                         Optional.empty())
 *                 .withWindow(Duration.ofSeconds(60), Optional.empty()))
 *         .write(Path.of("results/dashboard.html"));
 * }</pre>
 *
 * The output depends only on the inputs (no clock, no host name), so the same files give the same page.
 */
public final class Dashboard {

    public static final String DEFAULT_TITLE = "rpcbench dashboard";

    private String title = DEFAULT_TITLE;
    /** Why the runs' throughput is not judged (a scenario whose samples are reads, not calls measured), or null. */
    private String throughputNotJudged;
    private final List<RunInput> runs = new ArrayList<>();
    /** The runs whose JTL was read already, by name: their summaries' passes ({@link RunSummary#withDashboard}). */
    private final Map<String, RunPass> read = new HashMap<>();

    private Dashboard() {}

    public static Dashboard builder() {
        return new Dashboard();
    }

    public Dashboard title(String title) {
        this.title = Objects.requireNonNull(title, "title");
        return this;
    }

    /**
     * Says why no run's throughput is judged for steadiness (e.g. a plan that samples a consumer's figures every few
     * seconds): each run's steadiness then has this as its verdict and is not steady, on the page and in its figures
     * alike; its thirds, change, spread and warnings stay as measured.
     */
    public Dashboard throughputNotJudged(String why) {
        this.throughputNotJudged = Objects.requireNonNull(why, "why");
        return this;
    }

    /** Adds a run; system and scenario come from its name ({@link RunInput#named}). */
    public Dashboard addRun(String name, Path jtl, Optional<Path> perfmon, Optional<String> jmeterDashboard) {
        return addRun(RunInput.named(name, jtl, perfmon, jmeterDashboard));
    }

    public Dashboard addRun(RunInput run) {
        if (runs.stream().anyMatch(r -> r.name().equals(run.name()))) {
            throw new IllegalArgumentException("two runs are named '" + run.name() + "'; expected one name per run");
        }
        runs.add(run);
        return this;
    }

    /**
     * Adds a run whose JTL was read already for its summary: when {@code summary} was made by
     * {@link RunSummary#withDashboard} from the run's JTL with the run's warm-up and measured length, its pass gives
     * the run's figures and timelines and the JTL is not read again (the figures are the same either way);
     * otherwise the JTL is read as for {@link #addRun(RunInput)}.
     */
    public Dashboard addRun(RunInput run, RunSummary summary) {
        addRun(run);
        summary.dashboardPass(run).ifPresent(pass -> read.put(run.name(), pass));
        return this;
    }

    /**
     * Reads every run and returns the dashboard's figures.
     *
     * @param htmlFolder where the page will be, so links to JMeter dashboards given as paths are relative to it
     * @throws IllegalStateException when no run was added
     * @throws JtlFormatException naming the file and line of a malformed JTL or PerfMon file
     * @throws IllegalArgumentException naming the run when its JTL has no samples or its measured window none
     */
    public DashboardData read(Path htmlFolder) {
        if (runs.isEmpty()) {
            throw new IllegalStateException("no runs to report on; add at least one run (a JTL file)");
        }
        for (RunInput run : runs) {
            requireFile(run, "JTL", run.jtl());
            run.perfmon().ifPresent(p -> requireFile(run, "PerfMon", p));
        }
        List<DashboardData.RunData> data = new ArrayList<>();
        for (RunInput run : runs) {
            RunPass pass = read.remove(run.name()); // a pass makes one dashboard: its timelines are coarsened
            DashboardData.RunData figures = pass != null ? RunReport.read(run, pass, htmlFolder)
                    : RunReport.read(run, htmlFolder);
            data.add(throughputNotJudged == null ? figures
                    : figures.withSteadiness(figures.steadiness().notJudged(throughputNotJudged)));
        }
        return new DashboardData(title, data, ComparisonTables.of(data));
    }

    /** Reads every run and writes the HTML page to {@code html}; returns the figures it shows. */
    public DashboardData write(Path html) {
        return write(html, data -> List.of());
    }

    /**
     * Reads every run and writes the HTML page to {@code html} with the sections {@code sections} makes from the
     * figures (e.g. a scenario's table built from the runs' figures) above the comparison; returns the figures.
     */
    public DashboardData write(Path html, Function<DashboardData, List<? extends PageSection>> sections) {
        Path folder = html.toAbsolutePath().getParent();
        DashboardData data = read(folder);
        DashboardWriter.write(data, html, sections.apply(data));
        return data;
    }

    private static void requireFile(RunInput run, String what, Path file) {
        if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
            throw new UncheckedIOException(new IOException("run '" + run.name() + "': the " + what + " file " + file
                    + (Files.exists(file) ? " is not a readable file" : " does not exist")
                    + "; expected JMeter CSV results with a header line"));
        }
    }
}
