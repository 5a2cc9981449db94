package io.rpcbench.reports;

import io.rpcbench.reports.compare.CompareCommand;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Path;
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
 *     --run dubbo-echo-1k=results/dubbo-echo-1k.jtl,perfmon=results/dubbo-echo-1k-perfmon.jtl,jmeter-dashboard=results/dubbo-echo-1k/index.html \
 *     --run thrift-echo-1k=results/thrift-echo-1k.jtl \
 *     --output results/dashboard.html
 * </pre>
 */
@Command(name = "rpcbench-reports", mixinStandardHelpOptions = true, subcommands = CompareCommand.class,
        description = "Writes one self-contained HTML dashboard (client and server side on one time axis, and a "
                + "comparison across runs) from JMeter JTL files and PerfMon Metrics Collector files.")
public final class DashboardCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--run", required = true, paramLabel = "NAME=JTL[,perfmon=FILE][,jmeter-dashboard=PATH|URL][,system=S][,scenario=S]",
            description = {"A run to report on; repeat for each run. NAME is its heading; by default the text before "
                    + "its first '-' is the system and the rest the scenario (dubbo-echo-1k: system dubbo, scenario "
                    + "echo-1k) for the comparison.", "Paths may not contain ','."})
    private List<String> runs = new ArrayList<>();

    @Option(names = {"-o", "--output"}, required = true, paramLabel = "HTML", description = "The page to write.")
    private Path output;

    @Option(names = "--data-json", paramLabel = "JSON", description = "Also write the dashboard's figures as JSON.")
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

    /** Parses one {@code --run} value; every mistake names the value and the expected shape. */
    static RunInput parse(String spec) {
        String expected = "; expected NAME=JTL[,perfmon=FILE][,jmeter-dashboard=PATH|URL][,system=S][,scenario=S]";
        String[] parts = spec.split(",", -1);
        int equals = parts[0].indexOf('=');
        if (equals <= 0 || equals == parts[0].length() - 1) {
            throw new IllegalArgumentException("--run '" + spec + "': no NAME=JTL at the start" + expected);
        }
        String name = parts[0].substring(0, equals).trim();
        Path jtl = Path.of(parts[0].substring(equals + 1).trim());
        Map<String, String> options = new LinkedHashMap<>();
        for (int i = 1; i < parts.length; i++) {
            int eq = parts[i].indexOf('=');
            String key = eq < 0 ? parts[i].trim() : parts[i].substring(0, eq).trim();
            if (eq < 0 || !List.of("perfmon", "jmeter-dashboard", "system", "scenario").contains(key)) {
                throw new IllegalArgumentException("--run '" + spec + "': '" + parts[i] + "' is not one of perfmon=, "
                        + "jmeter-dashboard=, system=, scenario=" + expected);
            }
            if (options.put(key, parts[i].substring(eq + 1).trim()) != null) {
                throw new IllegalArgumentException("--run '" + spec + "': '" + key + "' is given twice" + expected);
            }
        }
        RunInput named = RunInput.named(name, jtl, Optional.ofNullable(options.get("perfmon")).map(Path::of),
                Optional.ofNullable(options.get("jmeter-dashboard")));
        return new RunInput(name, options.getOrDefault("system", named.system()),
                options.getOrDefault("scenario", named.scenario()), jtl, named.perfmon(), named.jmeterDashboard());
    }
}
