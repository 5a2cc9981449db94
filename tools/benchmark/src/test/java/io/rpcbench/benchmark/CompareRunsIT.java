package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.reports.DashboardCommand;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import picocli.CommandLine;

/**
 * Run against run on two real short runs of the main job that differ in payload (1 KiB against 4 KiB strings over
 * Thrift): {@code rpcbench-reports compare} matches them by scenario and system and gives every metric its value,
 * its % difference and a verdict. In {@code ./run-tests --full} only: in the fast set, {@link MainJobIT} has compare read
 * its real run, and the reports module's compare tests ({@code CompareCommandTest}, {@code CompareGoldenTest},
 * {@code DashboardJsonContractTest}) check the matching and the verdicts on recorded runs.
 */
@EnabledIfSystemProperty(named = "rpcbench.tests.full", matches = "true",
        disabledReason = "./run-tests --full only: MainJobIT has compare read its real run")
class CompareRunsIT {

    private static final Path OUT = Path.of("target/compare-runs").toAbsolutePath();

    @Test
    void twoRunsThatDifferInPayloadAreComparedMetricByMetricWithVerdicts() throws IOException {
        // Folders of this run's own (the job refuses used ones), named as compare will name the runs.
        Path runs = Files.createTempDirectory(Files.createDirectories(OUT), "runs-");
        Path base = runs.resolve("base-1k");
        Path other = runs.resolve("other-4k");
        runMainJob(base, "size_bytes=1024");
        runMainJob(other, "size_bytes=4096");

        StringWriter printed = new StringWriter();
        StringWriter errors = new StringWriter();
        int exit = new CommandLine(new DashboardCommand()).setOut(new PrintWriter(printed, true))
                .setErr(new PrintWriter(errors, true))
                .execute("compare", base.toString(), other.toString(), "-o", runs.resolve("compare.html").toString());

        String table = printed.toString();
        assertThat(exit).as("exit code; output:%n%s%n%s", table, errors).isZero();
        assertThat(table).contains("Baseline: base-1k; compared: other-4k");
        assertThat(table).containsPattern("(?m)^echo-1k +thrift +TPS +[0-9.,]+ +[0-9.,]+ +[-+][0-9.]+ % +"
                + "(better|worse|within noise|not comparable)");
        for (String metric : new String[] {"mean ms", "p99 ms", "p99.9 ms", "provider CPU", "GC pause % of window"}) {
            assertThat(table).as(metric).containsPattern("(?m)^ +" + java.util.regex.Pattern.quote(metric)
                    + " .*(better|worse|within noise|not comparable|higher|lower|same)");
        }
        assertThat(table).contains("Page: " + runs.resolve("compare.html"));
        assertThat(runs.resolve("compare.html")).isRegularFile();
    }

    private static void runMainJob(Path results, String property) {
        StringWriter printed = new StringWriter();
        int exit = new CommandLine(new BenchmarkCommand()).setOut(new PrintWriter(printed, true))
                // Without JMeter's own dashboards (jmeter -g): MainJobIT checks those; compare reads rpcbench's own.
                .execute("--plan", "thrift-echo-1k", "-J", property, "--warmup", "2", "--duration", "4",
                        "--threads", "2", "--rampup", "0", "--no-jmeter-dashboards", "--results", results.toString(),
                        "--project-dir", Plans.LAYOUT.projectDir().toString());
        assertThat(exit).as("the main job with %s; output:%n%s", property, printed).isZero();
    }
}
