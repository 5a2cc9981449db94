package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.rpcbench.reports.HeadlessChromium;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The main job end to end, shortened: provider, agent and the four plans with a warm-up and a measured window,
 * their progress as plain lines (no terminal here), the table with microsecond percentiles and each plan's
 * steadiness verdict, every JTL with the samplers' {@code elapsed_us} column, JMeter's own dashboard built from it
 * for the window, then the one dashboard it prints, opened in headless Chromium (which must draw every chart
 * without a script error).
 */
class MainJobIT {

    private static final Path OUT = Path.of("target/main-job").toAbsolutePath();
    private static final Pattern STATUS = Pattern.compile("id=\"rpcbench-status\"[^>]*>([^<]*)<");
    private static final Pattern DASHBOARD = Pattern.compile("Dashboard of all plans, client and server side: (\\S+)");

    @Test
    void mainJobPrintsTheTableAndOneDashboardOfAllPlansWithTheAgentHost() throws Exception {
        // A folder of this run's own: the job refuses a used one, and a rerun must not read an older run's files.
        Path results = Files.createTempDirectory(Files.createDirectories(OUT), "results-");
        StringWriter printed = new StringWriter();
        CommandLine command = new CommandLine(new BenchmarkCommand()).setOut(new PrintWriter(printed, true));
        int exit = command.execute("--warmup", "2", "--duration", "4", "--threads", "2", "--rampup", "0",
                "--progress", "1", "--results", results.toString(),
                "--project-dir", Plans.LAYOUT.projectDir().toString());

        String output = printed.toString();
        assertThat(exit).as("exit code; output:%n%s", output).isZero();
        for (String plan : BenchmarkCommand.SEED_003_PLANS) {
            // samples, TPS, then avg, p50, p90, p95, p99, p99.9, max in ms with microsecond decimals, error %, bytes
            assertThat(output).containsPattern("(?m)^" + plan
                    + " +[1-9][0-9]* +[0-9.]+( +[0-9]+\\.[0-9]{3}){7} +0\\.00 +[0-9]+$");
            // JMeter's summariser as plain lines (it reports on 5-second boundaries, so a 6 s run may show no
            // warm-up line), the last one at the window's end
            assertThat(output).containsPattern("(?m)^\\[[1-4]/4\\] " + plan
                    + "  (warm-up +[0-9]+/2|measuring +[0-9]+/4) s, [0-9]+ s left +[0-9,]+ TPS +0 errors \\(0 in the last");
            assertThat(output).containsPattern("(?m)^\\[[1-4]/4\\] " + plan
                    + "  measuring +4/4 s, 0 s left +[0-9,]+ TPS +0 errors");
            assertThat(output).containsPattern("(?m)^  " + plan + ": (steady|NOT STEADY|TOO SHORT TO JUDGE)");
            Path planDir = results.resolve(plan);
            assertThat(Files.readAllLines(planDir.resolve(plan + ".jtl")).get(0)).endsWith(",\"elapsed_us\"");
            assertThat(planDir.resolve("dashboard/index.html")).as("JMeter's -g dashboard of the window").isRegularFile();
        }
        assertThat(results.resolve("dashboard.json")).isRegularFile();
        Matcher printedPath = DASHBOARD.matcher(output);
        assertThat(printedPath.find()).as("the dashboard line in:%n%s", output).isTrue();
        Path dashboard = Path.of(java.net.URI.create(printedPath.group(1)));
        assertThat(dashboard).isRegularFile();

        HeadlessChromium chromium = new HeadlessChromium(HeadlessChromium.find().orElseGet(() ->
                fail("the dashboard check needs chromium on the PATH; install it with 'apt-get install -y chromium'")),
                Files.createDirectories(OUT));
        Matcher status = STATUS.matcher(chromium.dumpDom(dashboard));
        assertThat(status.find()).as("the page's status element").isTrue();
        // Four plans, each with four client charts and the agent host's CPU, memory %, memory (MB), disk, network and
        // the provider JVM's GC (JMX) charts.
        assertThat(status.group(1)).startsWith("rpcbench-ok charts=40 ");
        chromium.screenshot(dashboard, OUT.resolve("dashboard.png"), 1400, 4200);
        assertThat(OUT.resolve("dashboard.png")).isNotEmptyFile();
    }
}
