package io.rpcbench.reports.check;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rpcbench.reports.dashboard.RunSummary;
import io.rpcbench.reports.figures.DashboardData.LabelFigures;
import io.rpcbench.reports.statistics.LabelStatistics;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/**
 * {@code rpcbench-reports check}: pass/fail for CI on a finished run. Judges {@code --assert} conditions
 * ({@link Threshold}) on a results folder of {@code ./run-benchmark} (its {@code dashboard.json}: each plan's measured
 * window) or on a JTL (each label, with {@code --warmup}/{@code --measured} for the window), prints one line per
 * condition and plan with the measured value, writes a JUnit XML report with {@code --junit}, and exits 3 when a
 * condition is not met.
 *
 * <pre>
 * java -jar reports/target/rpcbench-reports.jar check results/20240501-100000 \
 *     --assert "dubbo-echo-1k: p99 < 2ms, errors < 0.1%, tps > 20000" --junit results/assertions.xml
 * </pre>
 *
 * <p>A subcommand of {@code rpcbench-reports}, marked {@code helpCommand} for the reason {@code compare} is (the parent's
 * required options); so {@link #call} checks its own usage.
 */
@Command(name = "check", helpCommand = true, mixinStandardHelpOptions = true,
        description = {"Judges pass/fail conditions on a run: a results folder of ./run-benchmark (dashboard.json) or "
                + "a JTL. One line per condition and plan with the measured value; exit 3 when one is not met."},
        footer = {"", "Exit codes: 0 every condition met, 1 unreadable results, 2 bad usage, 3 a condition not met."})
public final class CheckCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(paramLabel = "RUN_OR_JTL", arity = "0..1",
            description = "A results folder of ./run-benchmark, its dashboard.json, or a JTL file.")
    private Path target;

    @Option(names = "--assert", paramLabel = "CONDITIONS",
            description = {"[PLAN:] METRIC OP VALUE[, ...]; repeat for several. METRIC: p50, p90, p95, p99, p99.9, "
                    + "mean, max (ms; or 500us, 1.5s), errors (%%), tps. OP: < <= > >=. Without PLAN, every plan. "
                    + "E.g. \"dubbo-echo-1k: p99 < 2ms, errors < 0.1%%, tps > 20000\"."})
    private List<String> conditions = new ArrayList<>();

    @Option(names = "--junit", paramLabel = "XML", description = "Also write the results as a JUnit XML report.")
    private Path junit;

    @Option(names = "--warmup", paramLabel = "SECONDS", description = "For a JTL: the window starts this long after "
            + "its first sample (default 0).")
    private Double warmupSeconds;

    @Option(names = "--measured", paramLabel = "SECONDS", description = "For a JTL: the window lasts this long "
            + "(default: to the end).")
    private Double measuredSeconds;

    @Option(names = "--expected-interval", paramLabel = "MS", description = {"For a JTL of a plan that paces each "
            + "thread's calls (a Constant or Precise Throughput Timer): the interval between one thread's calls, in "
            + "ms. The percentiles are then corrected for coordinated omission (HdrHistogram's expected-interval "
            + "correction: the calls a slow call kept its thread from starting are counted), printed beside the "
            + "measured ones, and the conditions on p50 to p99.9 are judged on the corrected ones."})
    private Double expectedIntervalMs;

    @Override
    public Integer call() {
        CommandLine line = spec.commandLine();
        if (!line.getUnmatchedArguments().isEmpty()) {
            throw new CommandLine.UnmatchedArgumentException(line, line.getUnmatchedArguments());
        }
        if (target == null) {
            throw new ParameterException(line, "check needs RUN_OR_JTL: a results folder of ./run-benchmark, its "
                    + "dashboard.json, or a JTL");
        }
        if (conditions.isEmpty() && expectedIntervalMs == null) {
            throw new ParameterException(line, "check needs at least one --assert, e.g. --assert \"p99 < 2ms\", or "
                    + "--expected-interval for the corrected percentiles");
        }
        List<Threshold> thresholds = new ArrayList<>();
        for (String condition : conditions) {
            try {
                thresholds.addAll(Threshold.parse(condition));
            } catch (IllegalArgumentException e) {
                throw new ParameterException(line, e.getMessage());
            }
        }
        if (expectedIntervalMs != null && !(expectedIntervalMs > 0)) {
            throw new ParameterException(line, "--expected-interval " + expectedIntervalMs + "; expected the ms "
                    + "between one thread's calls, above 0");
        }
        PrintWriter out = line.getOut();
        Map<String, LabelFigures> figures;
        try {
            figures = figures(target);
        } catch (IOException | RuntimeException e) {
            line.getErr().println("rpcbench-reports check: " + e.getMessage());
            return 1;
        }
        if (thresholds.isEmpty()) {
            out.flush();
            return 0;
        }
        ThresholdCheck check = ThresholdCheck.of(thresholds, figures);
        check.lines().forEach(out::println);
        if (junit != null) {
            check.writeJUnit(junit);
            out.println("JUnit report: " + junit.toAbsolutePath().normalize());
        }
        out.flush();
        return check.passed() ? 0 : ThresholdCheck.FAILED_EXIT;
    }

    /** Each plan's figures of its measured window: from dashboard.json, or each label of a JTL. */
    private Map<String, LabelFigures> figures(Path path) throws IOException {
        Path json = Files.isDirectory(path) ? path.resolve("dashboard.json") : path;
        if (json.getFileName().toString().endsWith(".json")) {
            if (expectedIntervalMs != null) {
                throw new ParameterException(spec.commandLine(), "--expected-interval corrects a JTL's percentiles; "
                        + path + " holds a run's figures, not its samples: give the plan's JTL");
            }
            if (warmupSeconds != null || measuredSeconds != null) {
                throw new ParameterException(spec.commandLine(), "--warmup and --measured are for a JTL; the "
                        + "results in " + path + " have their windows already");
            }
            if (!Files.isRegularFile(json)) {
                throw new IllegalArgumentException(path + " has no dashboard.json; expected a results folder of "
                        + "./run-benchmark, its dashboard.json, or a JTL");
            }
            return dashboardFigures(json);
        }
        if (!Files.isRegularFile(path)) {
            throw new IllegalArgumentException(path + " does not exist; expected a results folder of "
                    + "./run-benchmark, its dashboard.json, or a JTL");
        }
        Duration warmup = Duration.ofMillis(Math.round((warmupSeconds == null ? 0 : warmupSeconds) * 1000));
        Optional<Duration> measured = Optional.ofNullable(measuredSeconds)
                .map(s -> Duration.ofMillis(Math.round(s * 1000)));
        RunSummary summary = RunSummary.of(path, warmup, measured);
        if (expectedIntervalMs == null) {
            return summary.figures();
        }
        long intervalUs = Math.round(expectedIntervalMs * 1000);
        Map<String, LabelFigures> corrected = new LinkedHashMap<>();
        PrintWriter out = spec.commandLine().getOut();
        out.printf(Locale.ROOT, "Corrected for coordinated omission (expected interval %s ms per thread), beside the "
                + "measured percentiles:%n", number(expectedIntervalMs));
        Map<String, LabelFigures> measuredByLabel = summary.figures();
        for (LabelStatistics statistics : summary.labels()) {
            LabelFigures measuredFigures = measuredByLabel.get(statistics.label());
            double[] percentiles = {50, 90, 95, 99, 99.9};
            double[] values = new double[percentiles.length];
            StringBuilder line = new StringBuilder("  ").append(statistics.label()).append(':');
            for (int i = 0; i < percentiles.length; i++) {
                values[i] = statistics.correctedPercentileMs(percentiles[i], intervalUs);
                line.append(String.format(Locale.ROOT, " p%s %.3f ms (measured %.3f)",
                        number(percentiles[i]), values[i], statistics.percentileMs(percentiles[i])));
                line.append(i < percentiles.length - 1 ? "," : "");
            }
            out.println(line);
            corrected.put(statistics.label(), new LabelFigures(measuredFigures.label(), measuredFigures.samples(),
                    measuredFigures.tps(), measuredFigures.averageMs(), measuredFigures.minMs(),
                    measuredFigures.maxMs(), values[0], values[1], values[2], values[3], values[4],
                    measuredFigures.errorPercent(), measuredFigures.receivedKBps(), measuredFigures.sentKBps(),
                    measuredFigures.resolution(), null, measuredFigures.streams()));
        }
        return corrected;
    }

    private static String number(double value) {
        return value == Math.rint(value) ? Long.toString((long) value) : Double.toString(value);
    }

    private static Map<String, LabelFigures> dashboardFigures(Path json) throws IOException {
        // made here, not as a constant: the command object is made on every start of rpcbench-reports, a dashboard's
        // too, and a mapper costs a start-up some ms
        ObjectMapper mapper = new ObjectMapper().configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);
        JsonNode runs = mapper.readTree(json.toFile()).get("runs");
        if (runs == null || !runs.isArray()) {
            throw new IllegalArgumentException(json + " has no \"runs\" array; expected the dashboard's figures");
        }
        Map<String, LabelFigures> figures = new LinkedHashMap<>();
        for (JsonNode run : runs) {
            JsonNode total = run.get("total");
            JsonNode name = run.get("name");
            if (name == null || total == null || !total.isObject()) {
                throw new IllegalArgumentException(json + ": a run without \"name\" and \"total\" figures; expected "
                        + "the dashboard's figures");
            }
            figures.put(name.asText(), mapper.treeToValue(total, LabelFigures.class));
        }
        return figures;
    }
}
