package io.rpcbench.reports.compare;

import io.rpcbench.reports.check.JUnitReport;
import io.rpcbench.reports.check.ThresholdCheck;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code rpcbench-reports compare}: compares runs of {@code ./run-benchmark} with the first, the baseline (Dubbo 2.7
 * against 3.x, before and after a configuration change, yesterday against today). Reads each RUN_DIR's
 * {@code dashboard.json} ({@link RunFolder}, {@link ComparedRun}), matches scenarios and systems
 * ({@link RunComparison}), judges each metric's difference against the runs' noise ({@link NoiseRule}), prints one
 * plain-text table ({@link ComparisonText}) followed by {@code Page: PATH}, and writes one self-contained HTML page
 * ({@link ComparisonPage}).
 *
 * <pre>
 * java -jar reports/target/rpcbench-reports.jar compare results/2024-05-01T10-00-00 results/2024-05-02T10-00-00 \
 *     [-o compare.html]
 * </pre>
 *
 * The page goes to {@code -o}, or else beside the baseline's folder as
 * {@code compare-BASELINE-vs-RUN[-vs-RUN...].html} (characters other than letters, digits, '.', '_' and '-' in the
 * names become '_'; with names too long for a file name, {@code compare-BASELINE-and-N-more.html}).
 *
 * <p>Noise rule: a run's noise band for a metric is the spread of that metric over the three thirds of its
 * measured window, (max - min) / mean * 100, for TPS, mean ms and p99 ms; every other metric uses the TPS band. A
 * difference within the larger band of the two runs is "within noise", beyond it "better" or "worse"; the details
 * are in {@link NoiseRule}, and {@code --help} and the page say the same.
 *
 * <p>Exit 0 when the page is written; 1 when a RUN_DIR does not exist, holds no {@code dashboard.json} or its
 * JSON is not the dashboard's figures, or the page cannot be written; 2 for bad usage (fewer than 2 RUN_DIRs).
 *
 * <p>It is a subcommand of {@code rpcbench-reports}, whose own {@code --run} and {@code --output} are required.
 * picocli checks a parent's required options before any subcommand runs, except for a subcommand marked
 * {@code helpCommand} (as picocli's own {@code generate-completion} is, for the same reason). Marked so, picocli
 * checks neither this command's required parameters nor unknown arguments, so {@link #call} does.
 */
@Command(name = "compare", helpCommand = true, mixinStandardHelpOptions = true,
        description = {"Compares runs of ./run-benchmark with the first, the baseline: prints one table and writes "
                + "one self-contained HTML page.", "",
                "Rows are matched by scenario and system. Per metric (TPS, mean, p50, p90, p99, p99.9 ms, error %%, "
                        + "provider CPU %% and RSS MB, host CPU %%, GC pause %% of the window, network in/out bytes/s): the "
                        + "baseline's value, each run's value, its difference (run - baseline) / baseline * 100 in "
                        + "%%, and a verdict that accounts for noise. Runs are named by their folder.", ""},
        footer = {"", NoiseRule.TEXT, "",
                "A value that a run does not have (no server figures, an older dashboard.json) is shown as '-', "
                        + "and the notes under the table say why, once.", "",
                "Exit codes: 0 page written (and, with --fail-on regression, no metric worse beyond the noise), 1 "
                        + "unreadable RUN_DIR or dashboard.json, 2 bad usage, 3 a regression with --fail-on "
                        + "regression."})
public final class CompareCommand implements Callable<Integer> {

    /** The longest page name made from run names; file systems allow 255 bytes. */
    private static final int MAX_FILE_NAME = 150;

    @Spec
    private CommandSpec spec;

    @Parameters(paramLabel = "RUN_DIR", arity = "2..*",
            description = {"A results folder of ./run-benchmark holding dashboard.json, or the path of a "
                    + "dashboard.json. The first is the baseline."})
    private List<Path> runDirs = new ArrayList<>();

    @Option(names = {"-o", "--output"}, paramLabel = "HTML",
            description = {"The page to write (default: compare-BASELINE-vs-RUN....html beside the baseline's "
                    + "folder)."})
    private Path output;

    @Option(names = "--fail-on", paramLabel = "regression",
            description = {"regression: exit 3 when a metric of a run is worse than the baseline's beyond the noise "
                    + "(the verdict 'worse'), listing each one; for CI."})
    private String failOn;

    @Option(names = "--junit", paramLabel = "XML",
            description = {"With --fail-on regression: also write a JUnit XML report, a test case per run, row and "
                    + "metric judged, failed where it is worse."})
    private Path junit;

    @Override
    public Integer call() {
        checkUsage();
        PrintWriter out = spec.commandLine().getOut();
        try {
            List<ComparedRun> runs = RunFolder.resolve(runDirs).stream().map(ComparedRun::read).toList();
            Path page = output != null ? output : defaultPage(runs);
            RunComparison comparison = RunComparison.of(runs, page.toAbsolutePath().normalize().getParent());
            ComparisonPage.write(comparison, page);
            out.print(ComparisonText.render(comparison));
            out.println();
            out.println("Page: " + page.toAbsolutePath().normalize());
            int exit = failOn == null ? 0 : regressions(comparison, out);
            out.flush();
            return exit;
        } catch (RunFolderException | UncheckedIOException e) {
            spec.commandLine().getErr().println("rpcbench-reports compare: " + e.getMessage());
            return 1;
        }
    }

    /** What picocli leaves unchecked for a help command (see the class javadoc). */
    private void checkUsage() {
        CommandLine line = spec.commandLine();
        if (!line.getUnmatchedArguments().isEmpty()) {
            throw new CommandLine.UnmatchedArgumentException(line, line.getUnmatchedArguments());
        }
        CommandLine parent = line.getParent();
        if (parent != null && parent.getParseResult() != null
                && !parent.getParseResult().matchedArgs().isEmpty()) {
            throw new ParameterException(line, "compare takes no options of rpcbench-reports before it (such as "
                    + "--run or --output); put its own after it: compare RUN_DIR RUN_DIR... [-o HTML]");
        }
        if (failOn != null && !failOn.equals("regression")) {
            throw new ParameterException(line, "--fail-on '" + failOn + "' is not known; expected regression");
        }
        if (junit != null && failOn == null) {
            throw new ParameterException(line, "--junit writes what --fail-on regression judges; expected both");
        }
        if (runDirs.size() < 2) {
            throw new ParameterException(line, "compare needs at least 2 RUN_DIRs, the baseline first; got "
                    + runDirs.size());
        }
    }

    /**
     * {@code --fail-on regression}: lists every metric of a run that is worse than the baseline's beyond the noise,
     * writes the JUnit report when asked, and returns 3 when there is one, else 0.
     */
    private int regressions(RunComparison comparison, PrintWriter out) {
        List<JUnitReport.Case> cases = new ArrayList<>();
        List<String> worse = new ArrayList<>();
        for (RunComparison.Row row : comparison.rows()) {
            for (RunComparison.MetricRow metric : row.metrics()) {
                for (int i = 1; i < comparison.runs().size(); i++) {
                    Verdict verdict = metric.verdicts().get(i);
                    if (verdict == null || verdict.kind() == Verdict.Kind.NONE
                            || verdict.kind() == Verdict.Kind.NOT_IN) {
                        continue;
                    }
                    String run = comparison.runs().get(i).name();
                    String where = run + ", " + row.scenario() + " " + row.system() + ", " + metric.metric();
                    boolean regressed = verdict.kind() == Verdict.Kind.WORSE;
                    if (regressed) {
                        worse.add(where + ": " + verdict.text());
                    }
                    cases.add(new JUnitReport.Case("rpcbench.compare." + run, row.scenario() + " " + row.system()
                            + " " + metric.metric(), regressed ? Optional.of(where + ": " + verdict.text())
                            : Optional.empty(), verdict.text()));
                }
            }
        }
        out.println();
        if (worse.isEmpty()) {
            out.println("No regression beyond the noise against " + comparison.baseline() + " (" + cases.size()
                    + " metrics judged)");
        } else {
            out.println("Regressions beyond the noise against " + comparison.baseline() + " (--fail-on regression):");
            worse.forEach(line -> out.println("  " + line));
        }
        if (junit != null) {
            JUnitReport.write(junit, "rpcbench compare", cases);
            out.println("JUnit report: " + junit.toAbsolutePath().normalize());
        }
        return worse.isEmpty() ? 0 : ThresholdCheck.FAILED_EXIT;
    }

    /** compare-BASELINE-vs-RUN....html in the folder that holds the baseline's folder. */
    static Path defaultPage(List<ComparedRun> runs) {
        List<String> names = runs.stream().map(r -> r.name().replaceAll("[^A-Za-z0-9._-]", "_")).toList();
        String name = "compare-" + String.join("-vs-", names) + ".html";
        if (name.length() > MAX_FILE_NAME) {
            String first = names.get(0).length() > 100 ? names.get(0).substring(0, 100) : names.get(0);
            name = "compare-" + first + "-and-" + (names.size() - 1) + "-more.html";
        }
        Path baseline = runs.get(0).folder();
        Path parent = baseline.getParent();
        return (parent == null ? baseline : parent).resolve(name);
    }
}
