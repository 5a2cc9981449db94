package io.rpcbench.reports;

import io.rpcbench.reports.check.CheckCommand;
import io.rpcbench.reports.compare.CompareCommand;
import io.rpcbench.reports.dashboard.Dashboard;
import io.rpcbench.reports.dashboard.RunInput;
import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.jtl.JtlFormatException;
import io.rpcbench.reports.page.DashboardJson;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The command line of the dashboard generator: parses {@code --run} specs into {@link RunInput}s, hands them
 * to {@link Dashboard}, prints the written page's path. Exit 0 on success, 1 for unreadable or malformed
 * inputs, 2 for bad usage.
 *
 * <pre>
 * java -jar reports/target/rpcbench-reports.jar \
 *     --run dubbo-echo-1k=results/dubbo-echo-1k.jtl,perfmon=results/dubbo-echo-1k-perfmon.jtl,jmeter-dashboard=results/dubbo-echo-1k/index.html,warmup=60 \
 *     --run thrift-echo-1k=results/thrift-echo-1k.jtl,warmup=60,measured=540 \
 *     --output results/dashboard.html --data-json results/dashboard.json
 * </pre>
 */
@Command(name = "rpcbench-reports", mixinStandardHelpOptions = true,
        subcommands = {CompareCommand.class, CheckCommand.class},
        description = "Writes one self-contained HTML dashboard (client and server side on one time axis, and a "
                + "comparison across runs) from JMeter JTL files and PerfMon Metrics Collector files.")
public final class DashboardCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--run", required = true, paramLabel = "NAME=JTL[,OPTION=VALUE...]",
            description = {"A run to report on; repeat for each run. NAME is its heading; by default the text before "
                    + "its first '-' is the system and the rest the scenario (dubbo-echo-1k: system dubbo, scenario "
                    + "echo-1k) for the comparison. Options:",
                "perfmon=FILE: the PerfMon Metrics Collector's file of the run.",
                "jmeter-dashboard=PATH|URL: the run's JMeter HTML dashboard, linked from the page.",
                "system=S, scenario=S: the run's row and table in the comparison.",
                "warmup=SECONDS: the measured window starts this long after the run's first sample (default 0), "
                        + "on the next whole second (JMeter's report generator cuts in whole seconds).",
                "measured=SECONDS: the window lasts this long (default: to the run's end): right after the warm-up, "
                        + "or the run's last SECONDS whole seconds when the run is shorter than warm-up plus window "
                        + "(the clients' setup before the first call may take up to a quarter of the warm-up, at "
                        + "most 5 s).",
                "client-cpu=PERCENT, client-cores=N: the JMeter process's CPU in the window as %% of all the "
                        + "machine's cores, and the cores, for the load generator check of the steadiness verdict "
                        + "and of an open workload's schedule verdict (its samples' lag_us: the generator's CPU).",
                "Every figure (statistics, percentiles, errors, steadiness, server means, comparison) counts the "
                        + "samples that STARTED in the measured window and the PerfMon readings taken in it; the "
                        + "charts show the whole run with the rest shaded. Paths may not contain ','."})
    private List<String> runs = new ArrayList<>();

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "HTML", description = "The page to write.")
    private Path output;

    @Option(names = "--data-json", paramLabel = "JSON", description = "Also write the dashboard's figures as JSON "
            + "(runs[].total, steadiness, schedule, server: what the page shows, e.g. as dashboard.json for the compare "
            + "command).")
    private Path dataJson;

    @Option(names = "--title", paramLabel = "TEXT", description = "The page's heading (default: ${DEFAULT-VALUE}).")
    private String title = Dashboard.DEFAULT_TITLE;

    public static void main(String[] args) {
        System.exit(run(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args));
    }

    /** Runs the command with the given streams; returns the exit code. */
    static int run(PrintWriter out, PrintWriter err, String... args) {
        CommandLine line = new CommandLine(new DashboardCommand());
        line.setOut(out);
        line.setErr(err);
        line.setExecutionExceptionHandler((e, cmd, parsed) -> {
            if (e instanceof JtlFormatException || e instanceof UncheckedIOException
                    || e instanceof IllegalArgumentException || e instanceof IllegalStateException) {
                cmd.getErr().println("rpcbench-reports: " + e.getMessage());
                return 1;
            }
            throw e;
        });
        return line.execute(args);
    }

    @Override
    public Integer call() {
        Dashboard dashboard = Dashboard.builder().title(title);
        for (String spec : runs) {
            dashboard.addRun(parse(spec));
        }
        DashboardData data = dashboard.write(output);
        if (dataJson != null) {
            DashboardJson.write(data, dataJson);
        }
        spec.commandLine().getOut().println(output.toAbsolutePath().normalize());
        return 0;
    }

    private static final List<String> OPTIONS = List.of("perfmon", "jmeter-dashboard", "system", "scenario", "warmup",
            "measured", "client-cpu", "client-cores");
    private static final String EXPECTED = "; expected NAME=JTL[,perfmon=FILE][,jmeter-dashboard=PATH|URL][,system=S]"
            + "[,scenario=S][,warmup=SECONDS][,measured=SECONDS][,client-cpu=PERCENT][,client-cores=N]";

    /** Parses one {@code --run} value; every mistake names the value and the expected shape. */
    static RunInput parse(String spec) {
        String[] parts = spec.split(",", -1);
        int equals = parts[0].indexOf('=');
        if (equals <= 0 || equals == parts[0].length() - 1) {
            throw new IllegalArgumentException("--run '" + spec + "': no NAME=JTL at the start" + EXPECTED);
        }
        String name = parts[0].substring(0, equals).trim();
        Path jtl = Path.of(parts[0].substring(equals + 1).trim());
        Map<String, String> options = new LinkedHashMap<>();
        for (int i = 1; i < parts.length; i++) {
            int eq = parts[i].indexOf('=');
            String key = eq < 0 ? parts[i].trim() : parts[i].substring(0, eq).trim();
            if (eq < 0 || !OPTIONS.contains(key)) {
                throw new IllegalArgumentException("--run '" + spec + "': '" + parts[i] + "' is not one of "
                        + String.join("=, ", OPTIONS) + "=" + EXPECTED);
            }
            if (options.put(key, parts[i].substring(eq + 1).trim()) != null) {
                throw new IllegalArgumentException("--run '" + spec + "': '" + key + "' is given twice" + EXPECTED);
            }
        }
        RunInput named = RunInput.named(name, jtl, Optional.ofNullable(options.get("perfmon")).map(Path::of),
                Optional.ofNullable(options.get("jmeter-dashboard")));
        RunInput run = named.withComparison(options.getOrDefault("system", named.system()),
                        options.getOrDefault("scenario", named.scenario()))
                .withWindow(Optional.ofNullable(options.get("warmup")).map(v -> seconds(spec, "warmup", v, true))
                                .orElse(Duration.ZERO),
                        Optional.ofNullable(options.get("measured")).map(v -> seconds(spec, "measured", v, false)));
        String cpu = options.get("client-cpu");
        String cores = options.get("client-cores");
        if ((cpu == null) != (cores == null)) {
            throw new IllegalArgumentException("--run '" + spec + "': client-cpu= and client-cores= go together; "
                    + "expected both (the JMeter process's CPU as % of all the machine's cores, and the cores) or "
                    + "neither");
        }
        if (cpu == null) {
            return run;
        }
        BigDecimal coreCount = number(spec, "client-cores", cores, "a whole number of cores from 1");
        if (coreCount.stripTrailingZeros().scale() > 0 || coreCount.compareTo(BigDecimal.ONE) < 0
                || coreCount.compareTo(BigDecimal.valueOf(Integer.MAX_VALUE)) > 0) {
            throw new IllegalArgumentException("--run '" + spec + "': client-cores=" + cores + "; expected a whole "
                    + "number of cores from 1");
        }
        return run.withClientCpu(number(spec, "client-cpu", cpu, "a percentage from 0 to 100").doubleValue(),
                coreCount.intValue());
    }

    /** Seconds as a Duration of whole ms; 0 allowed for the warm-up only. */
    private static Duration seconds(String spec, String key, String value, boolean zeroAllowed) {
        String expected = zeroAllowed ? "seconds from 0, e.g. 30 or 2.5" : "seconds above 0, e.g. 540 or 2.5";
        BigDecimal seconds = number(spec, key, value, expected);
        if (seconds.signum() < 0 || (!zeroAllowed && seconds.signum() == 0)) {
            throw new IllegalArgumentException("--run '" + spec + "': " + key + "=" + value + "; expected " + expected);
        }
        return Duration.ofMillis(seconds.movePointRight(3).setScale(0, RoundingMode.HALF_UP).longValueExact());
    }

    private static BigDecimal number(String spec, String key, String value, String expected) {
        try {
            return new BigDecimal(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("--run '" + spec + "': " + key + "=" + value + " is not a number; "
                    + "expected " + expected, e);
        }
    }
}
