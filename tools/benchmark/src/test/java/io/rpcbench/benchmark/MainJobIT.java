package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.rpcbench.benchmark.scenario.CellResult;
import io.rpcbench.reports.DashboardCommand;
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
 * without a script error). The main job is seed 003's scenario: its table is printed with the seed's figures beside
 * ours and is the dashboard's first section, and every cell has the provider's threads and CPU. Every sample of each
 * plan passed, carries the plan's label, was answered by the provider the job started (JMeter's URL column, found
 * through the registry for Dubbo) and received the payload plus a small protocol envelope.
 */
class MainJobIT {

    private static final Path OUT = Path.of("target/main-job").toAbsolutePath();
    private static final Pattern STATUS = Pattern.compile("id=\"rpcbench-status\"[^>]*>([^<]*)<");
    private static final Pattern DASHBOARD = Pattern.compile("Dashboard of all plans, client and server side: (\\S+)");
    private static final Pattern PROVIDER = Pattern.compile("(?m)^Provider ready \\(pid [0-9]+\\): (.*)$");

    @Test
    void mainJobPrintsTheTableAndOneDashboardOfAllPlansWithTheAgentHost() throws Exception {
        // A folder of this run's own: the job refuses a used one, and a rerun must not read an older run's files.
        Path results = Files.createTempDirectory(Files.createDirectories(OUT), "results-");
        StringWriter printed = new StringWriter();
        BenchmarkCommand job = new BenchmarkCommand();
        CommandLine command = new CommandLine(job).setOut(new PrintWriter(printed, true));
        // A short warm-up: it counts from the first call, and the thread groups' duration from the end of the clients'
        // set-up (seconds for a Dubbo consumer on a busy machine). One thread pausing 1 ms between calls, so that the
        // run leaves CPU to the ITs beside it.
        int exit = command.execute("--warmup", "3", "--duration", "4", "--threads", "1",
                "--think-time", TestVolume.THINK_TIME_MS, "--rampup", "0", "--progress", "1",
                "--assert", "errors < 1%, p50 < 60s", "--results", results.toString(),
                "--project-dir", Plans.LAYOUT.projectDir().toString());

        String output = printed.toString();
        assertThat(exit).as("exit code; output:%n%s", output).isZero();
        // --assert: a line per condition and plan with the measured value, and the JUnit report beside the results.
        assertThat(output).contains("Conditions (--assert) on each plan's measured window:")
                .containsPattern("(?m)^  PASS dubbo-echo-1k: errors < 1% \\(errors 0 %\\)$")
                .containsPattern("(?m)^  PASS thrift-echo-100k: p50 < 60s \\(p50 [0-9.,]+ ms\\)$")
                .contains("all 8 conditions met");
        org.w3c.dom.Element suite = javax.xml.parsers.DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(results.resolve("assertions.xml").toFile()).getDocumentElement();
        assertThat(suite.getAttribute("tests")).isEqualTo("8");
        assertThat(suite.getAttribute("failures")).isEqualTo("0");
        for (String plan : BenchmarkCommand.SEED_003_PLANS) {
            // samples, TPS, then avg, p50, p90, p95, p99, p99.9, max in ms with microsecond decimals, error %, bytes
            assertThat(output).containsPattern("(?m)^" + plan
                    + " +[1-9][0-9]* +[0-9.]+( +[0-9]+\\.[0-9]{3}){7} +0\\.00 +[0-9]+$");
            // JMeter's summariser as plain lines (it reports on 5-second boundaries, so a 6 s run may show no
            // warm-up line), the last one at the window's end
            assertThat(output).containsPattern("(?m)^\\[[1-4]/4\\] " + plan
                    + "  (warm-up +[0-9]+/12|measuring +[0-9]+/4) s, [0-9]+ s left +[0-9,]+ TPS +0 errors \\(0 in the last");
            assertThat(output).containsPattern("(?m)^\\[[1-4]/4\\] " + plan
                    + "  measuring +4/4 s, 0 s left +[0-9,]+ TPS +0 errors");
            assertThat(output).containsPattern("(?m)^  " + plan + ": (steady|NOT STEADY|TOO SHORT TO JUDGE)");
            Path planDir = results.resolve(plan);
            assertThat(Files.readAllLines(planDir.resolve(plan + ".jtl")).get(0))
                    .endsWith(",\"elapsed_us\",\"lag_us\",\"stream_figures\"");
            assertThat(planDir.resolve("dashboard/index.html")).as("JMeter's -g dashboard of the window").isRegularFile();
        }
        Matcher provider = PROVIDER.matcher(output);
        assertThat(provider.find()).as("the provider's ready line in:%n%s", output).isTrue();
        String endpoints = provider.group(1);
        for (CellResult cell : job.cellResults()) {
            String plan = cell.cell().name();
            int payload = cell.cell().payloadBytes().getAsInt();
            assertThat(ScenarioShortRun.samples(cell)).as("samples of %s", plan).isNotEmpty().allSatisfy(sample -> {
                assertThat(sample.label()).isEqualTo(plan);
                assertThat(sample.success()).as("success of %s", sample).isTrue();
                assertThat(sample.url()).as("the provider that answered %s, of %s", plan, endpoints)
                        .matches("(dubbo|thrift)://127\\.0\\.0\\.1:[0-9]+")
                        .satisfies(url -> assertThat(endpoints).contains(url.replaceFirst("^[a-z]+://", "")));
                // Received bytes are the response on the wire: the payload plus a small protocol envelope.
                assertThat(sample.bytes()).isBetween((long) payload, payload + 512L);
                assertThat(sample.sentBytes()).isGreaterThanOrEqualTo(payload);
            });
            assertThat(cell.providerThreads()).as("%s provider threads", plan).isPresent();
            assertThat(cell.figures().orElseThrow().server().providerCpuPercent()).as("%s provider CPU", plan)
                    .isNotNull();
        }
        // Seed 003's table, the seed's figures beside ours, and the dashboard's first section.
        assertThat(output).containsPattern("(?m)^echo 1k +samples +[1-9][0-9]* +1298522 +[1-9][0-9]* +-$")
                .containsPattern("(?m)^ +TPS +[0-9.]+ +132\\.4 +[0-9.]+ +-$")
                .contains("seed 003: Dubbo 2.7.13 hessian2; seed 003: Thrift: provider: 2 vCPU QEMU");
        assertThat(Files.readString(results.resolve("dashboard.html")))
                .contains("<section class=\"table-section\" id=\"scenario-seed-003\">")
                .contains("<td>1298522</td>");
        assertThat(results.resolve("dashboard.json")).isRegularFile();
        // The run's dashboard.json as 'rpcbench-reports compare' reads it, against itself: every metric has its value
        // and a verdict (CompareRunsIT, in --full, compares two runs that differ; the reports module's compare tests
        // check the verdicts).
        StringWriter compared = new StringWriter();
        StringWriter compareErrors = new StringWriter();
        int compareExit = new CommandLine(new DashboardCommand()).setOut(new PrintWriter(compared, true))
                .setErr(new PrintWriter(compareErrors, true)).execute("compare", results.toString(),
                        results.resolve("dashboard.json").toString(), "-o", results.resolve("compare.html").toString());
        assertThat(compareExit).as("compare's exit code; output:%n%s%n%s", compared, compareErrors).isZero();
        for (String metric : new String[] {"TPS", "mean ms", "p99 ms", "p99.9 ms", "provider CPU",
            "GC pause % of window"}) {
            assertThat(compared.toString()).as(metric).containsPattern("(?m) " + Pattern.quote(metric)
                    + " .*(better|worse|within noise|not comparable|higher|lower|same)");
        }
        assertThat(results.resolve("compare.html")).isRegularFile();
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
