package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.rpcbench.benchmark.lab.LabNetwork;
import io.rpcbench.benchmark.lab.LabRoot;
import io.rpcbench.reports.jtl.JtlSample;
import io.rpcbench.seconds.SampleFigures;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import picocli.CommandLine;

/**
 * The main job on a lab of 2 provider hosts x 2 load-generator hosts (network namespaces, as root): JMeter's remote
 * engines run a Dubbo and a Thrift plan and stream the samples back to the controller; both engines and both
 * providers show in the JTL, every provider host's agent in the PerfMon file, every connection stays between lab
 * addresses or on a host's loopback, and afterwards no namespace, link or process of the run is left; the same when
 * the controller is killed in the middle of a run.
 */
@ResourceLock(LabRoot.LOCK)
class DistributedRunIT {

    static final Path OUT = Path.of("target/distributed").toAbsolutePath();
    private static final Pattern PID = Pattern.compile("pid (\\d+)");
    private static final List<String> PLANS = List.of("dubbo-echo-1k", "thrift-echo-1k");

    @BeforeAll
    static void root() {
        LabRoot.require();
        Plans.LAYOUT.requireBuilt();
    }

    @Test
    void twoEnginesCallTwoProvidersInsideTheLabAndLeaveNothingBehind() throws Exception {
        Set<String> namespacesBefore = Set.copyOf(LabNetwork.namespaces());
        Path results = Files.createTempDirectory(Files.createDirectories(OUT), "2x2-");
        StringWriter printed = new StringWriter();
        BenchmarkCommand job = new BenchmarkCommand();
        int exit = new CommandLine(job).setOut(new PrintWriter(printed, true)).execute(
                "--hosts", "2x2", "--plan", PLANS.get(0), "--plan", PLANS.get(1), "--live-port", "0",
                // A short warm-up: it counts from the first call, and the engines' thread groups' duration from the end
                // of the clients' set-up. One thread an engine: each engine still calls, and the run leaves CPU to the
                // IT beside it.
                "--warmup", "3", "--duration", "4", "--threads", "1", "--think-time", TestVolume.THINK_TIME_MS, "--rampup", "0", "--progress", "2",
                // Without JMeter's own dashboard of each plan (a JVM of its own on the controller after each plan,
                // reading its JTL as on one host): MainJobIT checks those; the dashboard of all plans is still built.
                "--no-jmeter-dashboards",
                "--results", results.toString(), "--project-dir", Plans.LAYOUT.projectDir().toString());
        String output = printed.toString();
        assertThat(exit).as("exit code; output:%n%s", output).isZero();

        List<String> generators = List.of("198.18.0.4", "198.18.0.5");
        List<String> providers = List.of("198.18.0.2", "198.18.0.3");
        for (String plan : PLANS) {
            List<JtlSample> rows = Plans.samples(results.resolve(plan).resolve(plan + ".jtl"));
            assertThat(rows).as(plan + " samples").isNotEmpty();
            assertThat(rows).as(plan + ": every sample passed").allMatch(JtlSample::success);
            // JMeter names a remote engine's threads after its address: samples came back from both engines.
            Set<String> engines = new HashSet<>();
            Set<String> answering = new HashSet<>();
            for (JtlSample row : rows) {
                engines.add(row.generator());
                answering.add(row.url().replaceAll("^[a-z]+://", "").replaceAll(":[0-9]+$", "").replace("[::ffff:", "")
                        .replace("]", ""));
            }
            List<String> perfmon = Files.readAllLines(results.resolve(plan).resolve(plan + "-perfmon.jtl"));
            for (String host : providers) {
                assertThat(perfmon).as(plan + ": " + host + "'s agent series").anyMatch(line -> line.contains("," + host + " CPU"));
            }
        }
        // The summary: each plan's total, then one row per engine; the calls per provider host.
        for (String plan : PLANS) {
            assertThat(output).containsPattern("(?m)^" + plan + " +[1-9][0-9]* ");
            for (String engine : generators) {
                assertThat(output).containsPattern("(?m)^  on " + Pattern.quote(engine) + " +[1-9][0-9]* ");
            }
        }
        for (String provider : providers) {
            assertThat(output).contains("dubbo://" + provider + ":20880").contains("thrift://" + provider + ":9090");
        }
        // The dashboard's server side: every host's charts, CPU first, both provider hosts among them.
        for (JsonNode run : new ObjectMapper().readTree(results.resolve("dashboard.json").toFile()).get("runs")) {
            Set<String> cpuCharts = new HashSet<>();
            for (JsonNode host : run.get("hosts")) {
                for (JsonNode chart : host.get("charts")) {
                    if (chart.get("title").asText().equals("CPU") && !chart.get("series").isEmpty()) {
                        cpuCharts.add(host.get("host").asText());
                    }
                }
            }
            assertThat(cpuCharts).as(run.get("name") + ": hosts with a CPU chart").containsAll(providers);
            // every provider host's own process: CPU, RSS and GC (issue 29, defect 5: only the first host's before)
            Set<String> withProcess = new HashSet<>();
            for (JsonNode server : run.get("servers")) {
                if (server.get("providerCpuPercent").isNumber() && server.get("providerRssMb").isNumber()
                        && server.get("gcCollections").isNumber()) {
                    withProcess.add(server.get("providerHost").asText());
                }
            }
            assertThat(withProcess).as(run.get("name") + ": provider hosts with the provider process's figures; "
                    + "servers: " + run.get("servers")).containsAll(providers);
        }
        assertThat(output).contains("Dashboard of all plans, client and server side: file:");
        // The live dashboard's figures: each engine's per-second histograms, sent as files of the results (the engines
        // cannot reach this machine's loopback) and added up, equal those of the controller's one JTL of all samples.
        try (var files = Files.list(results.resolve("live"))) {
            assertThat(files.filter(f -> f.toString().endsWith(".jsonl")).count()).as("engines' message files")
                    .isGreaterThanOrEqualTo(2);
        }
        assertThat(output).doesNotContain("the live dashboard's window differs").doesNotContain("got no figures");
        // and the agents' readings, which the controller's PerfMon collector sends
        assertThat(new ObjectMapper().valueToTree(job.liveServer().run().view()).get("hosts").findValuesAsText("host"))
                .as("hosts on the live page").containsAll(providers);
        for (JsonNode run : new ObjectMapper().readTree(results.resolve("dashboard.json").toFile()).get("runs")) {
            for (JsonNode label : run.get("labels")) {
                SampleFigures live = job.liveServer().run().windowFigures(run.get("name").asText(),
                        label.get("label").asText()).orElseThrow();
                assertThat(live.samples()).as("live samples of " + label.get("label")).isEqualTo(label.get("samples")
                        .asLong()).isPositive();
                assertThat(live.percentileMs(50)).as("live p50").isEqualTo(label.get("p50Ms").asDouble());
                assertThat(live.percentileMs(99)).as("live p99").isEqualTo(label.get("p99Ms").asDouble());
                assertThat(live.maxMs()).as("live max").isEqualTo(label.get("maxMs").asDouble());
            }
        }
        // Every connection seen in every host: between lab addresses or on a host's own loopback, and some really
        // crossed hosts (controller to engines, engines to providers).
        List<String> connections = Files.readAllLines(results.resolve("connections.txt"));
        assertThat(connections).isNotEmpty().allSatisfy(c -> assertThat(c)
                .matches("\\S+ (127\\.[0-9.]+|198\\.18\\.0\\.[0-9]+)(:[0-9]+)? -> (127\\.[0-9.]+|198\\.18\\.0\\.[0-9]+)(:[0-9]+)?"));
        assertThat(connections).anyMatch(c -> c.matches("generator-1 198\\.18\\.0\\.4 -> 198\\.18\\.0\\.2:9090"));
        assertThat(connections).anyMatch(c -> c.matches("generator-2 198\\.18\\.0\\.5 -> 198\\.18\\.0\\.3:9090"));
        assertThat(connections).anyMatch(c -> c.matches("generator-\\d 198\\.18\\.0\\.[45] -> 198\\.18\\.0\\.[23]:20880"));
        assertThat(output).contains("every one between lab addresses or on a host's loopback");
        assertNothingLeft(output, namespacesBefore);
    }

    /**
     * An open plan on two engines: the Arrivals Thread Group on each runs half the rate (the job sets {@code engines}
     * for every engine), so the calls made in the window are the rate's, not twice it, and both engines make about
     * half of them, each timed from its due time. {@link DistributedOpenRunAloneIT}'s, in {@code --full}: a lab of its
     * own takes a minute, and its schedule holds only with CPU to spare.
     */
    static void anOpenPlanOnTwoEnginesSplitsItsRateBetweenThem() throws Exception {
        Set<String> namespacesBefore = Set.copyOf(LabNetwork.namespaces());
        Path results = Files.createTempDirectory(Files.createDirectories(OUT), "open-1x2-");
        StringWriter printed = new StringWriter();
        String plan = "thrift-echo-1k-open";
        int exit = new CommandLine(new BenchmarkCommand()).setOut(new PrintWriter(printed, true)).execute(
                "--hosts", "1x2", "--plan", plan, "-J", "rate=400", "--warmup", "4", "--duration", "8",
                "--progress", "2", "--no-jmeter-dashboards", "--results", results.toString(),
                "--project-dir", Plans.LAYOUT.projectDir().toString());
        String output = printed.toString();
        assertThat(exit).as("exit code; output:%n%s", output).isZero();
        // Each engine at the whole rate would make twice the calls asked: "NOT kept".
        assertThat(output).contains(plan + ": open workload at 400 arrivals/s").contains("the schedule was kept")
                .doesNotContain("NOT kept");

        List<JtlSample> rows = Plans.samples(results.resolve(plan).resolve(plan + ".jtl"));
        assertThat(rows).as("samples").isNotEmpty().allMatch(JtlSample::success)
                .as("every sample timed from its due time").allMatch(JtlSample::hasLag);
        Map<String, Long> perEngine = rows.stream()
                .collect(Collectors.groupingBy(JtlSample::generator, Collectors.counting()));
        assertThat(perEngine).as("samples per engine").hasSize(2);
        perEngine.forEach((engine, count) -> assertThat((double) count / rows.size())
                .as("%s's share of the %d samples", engine, rows.size()).isBetween(0.35, 0.65));
        assertNothingLeft(output, namespacesBefore);
    }

    @Test
    void aControllerKilledMidRunLeavesNothingBehind() throws Exception {
        Set<String> namespacesBefore = Set.copyOf(LabNetwork.namespaces());
        Path results = Files.createTempDirectory(Files.createDirectories(OUT), "killed-");
        StringWriter printed = new StringWriter();
        BenchmarkCommand job = new BenchmarkCommand();
        CompletableFuture<Integer> exit = CompletableFuture.supplyAsync(() -> new CommandLine(job)
                .setOut(new PrintWriter(printed, true)).setErr(new PrintWriter(printed, true)).execute(
                        "--hosts", "1x2", "--plan", "thrift-echo-1k", "--warmup", "0", "--duration", "600",
                        "--threads", "2", "--think-time", TestVolume.THINK_TIME_MS, "--rampup", "0", "--results", results.toString(),
                        "--project-dir", Plans.LAYOUT.projectDir().toString()));
        // Killed once samples come back from the engines: the JTL grows.
        Path jtl = results.resolve("thrift-echo-1k").resolve("thrift-echo-1k.jtl");
        Instant deadline = Instant.now().plus(Duration.ofMinutes(4));
        while (!(Files.isRegularFile(jtl) && Files.size(jtl) > 10_000 && job.currentRun() != null
                && job.currentRun().pid() > 0)) {
            assertThat(exit).as("the job ended before the plan ran; output:%n%s", printed).isNotDone();
            assertThat(Instant.now()).as("samples in %s; output:%n%s", jtl, printed).isBefore(deadline);
            Thread.sleep(200); // polling a file that grows, with a deadline
        }
        ProcessHandle controller = ProcessHandle.of(job.currentRun().pid()).orElseThrow();
        controller.destroyForcibly();
        int code = exit.get(3, TimeUnit.MINUTES);
        String output = printed.toString();
        assertThat(code).as("the job fails when its controller dies; output:%n%s", output).isNotZero();
        assertThat(output).contains("JMeter exited with code");
        assertNothingLeft(output + "\ncontroller pid " + controller.pid(), namespacesBefore);
    }

    /** No namespace the run made, and none of the processes it printed (by PID), is left. */
    static void assertNothingLeft(String output, Set<String> namespacesBefore) {
        // Only the labs' own namespaces: others on this machine (another engineer's, another test's) come and go.
        assertThat(LabNetwork.namespaces()).as("namespaces after the run")
                .filteredOn(ns -> ns.startsWith(LabNetwork.NAMESPACE_PREFIX)).allMatch(namespacesBefore::contains);
        List<Long> pids = new ArrayList<>();
        Matcher matcher = PID.matcher(output);
        while (matcher.find()) {
            pids.add(Long.parseLong(matcher.group(1)));
        }
        assertThat(pids).as("PIDs printed by the lab in:%n%s", output).isNotEmpty();
        for (long pid : pids) {
            assertThat(ProcessHandle.of(pid).filter(ProcessHandle::isAlive)).as("process %d after the run", pid).isEmpty();
        }
    }
}
