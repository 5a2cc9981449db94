package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.benchmark.seeds.Scenarios;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;

/** Bad options of run-benchmark: exit 2 and one message naming the option and what it expects, before anything starts. */
class BenchmarkCommandTest {

    @TempDir
    Path project;

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
        "--threads  | 0        | --threads is 0; expected a whole number of at least 1",
        "--threads  | -4       | --threads is -4; expected a whole number of at least 1",
        "--threads  | many     | Invalid value for option '--threads': 'many' is not an int",
        "--duration | 0        | --duration is 0; expected a whole number of at least 1",
        "--rampup   | -1       | --rampup is -1; expected a whole number of at least 0",
        "--warmup   | -5       | --warmup is -5; expected a whole number of at least 0",
        "--progress | -1       | --progress is -1; expected a whole number of at least 0",
        "--think-time | -1     | --think-time is -1; expected a whole number of at least 0",
        "--plan     | dubbo-echo-2k | --plan 'dubbo-echo-2k' not found in PLANS; expected one of [dubbo-echo-1k, thrift-echo-1k]",
        "--plan     | dubbo-echo-1k.jmx | --plan 'dubbo-echo-1k.jmx' not found in PLANS; expected one of [dubbo-echo-1k, thrift-echo-1k]",
    })
    void aBadOptionExitsWith2NamingTheOptionAndWhatItExpects(String option, String value, String message)
            throws IOException {
        Path plans = Files.createDirectories(project.resolve("test-plans"));
        Files.writeString(plans.resolve("dubbo-echo-1k.jmx"), "<jmeterTestPlan/>");
        Files.writeString(plans.resolve("thrift-echo-1k.jmx"), "<jmeterTestPlan/>");

        StringWriter err = new StringWriter();
        int exit = run(err, option, value, "--project-dir", project.toString());

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString().lines().findFirst())
                .contains(message.replace("PLANS", project.toAbsolutePath().normalize().resolve("test-plans").toString()));
    }

    /** Before anything starts (here: before the check that the project is built, which it is not). */
    @Test
    void aResultsFolderThatCannotBeMadeIsNamedInOneLine() throws IOException {
        Files.createDirectories(project.resolve("test-plans"));
        Files.writeString(project.resolve("test-plans/dubbo-echo-1k.jmx"), "<jmeterTestPlan/>");
        Path aFile = Files.writeString(project.resolve("a-file"), "not a folder");
        for (String results : new String[] {"/proc/nope", aFile.toString()}) {
            StringWriter err = new StringWriter();

            int exit = run(err, "--plan", "dubbo-echo-1k", "--results", results, "--project-dir", project.toString());

            assertThat(exit).as(results).isEqualTo(2);
            assertThat(err.toString().lines().findFirst()).as(results).get().asString()
                    .startsWith("--results " + results + " cannot be made (")
                    .endsWith("); expected a folder that exists or can be made, and that you can write");
        }
    }

    @Test
    void capacityOptionsWithoutCapacityOrWithPortsAreRefusedNamingThem() {
        Object[][] cases = {
            {new String[] {"--resolution", "5"}, "--resolution is for a capacity search; expected --capacity too"},
            {new String[] {"--provider-options", "--service-workers 4 --service-time-us 5000"},
                    "--provider-options is for --plan and --capacity, whose provider is the provider app; a scenario "
                    + "chooses its own; expected --plan or --capacity too"},
            {new String[] {"--capacity", "--provider-options", "--thrift-port 9090"},
                    "--provider-options '--thrift-port 9090' sets --thrift-port, which the run chooses itself (free "
                    + "ports on loopback, --registry for a registry of yours); expected other options of the "
                    + "provider app"},
            {new String[] {"--capacity", "--provider-options", " "}, "--provider-options is empty; expected the "
                    + "provider app's options, e.g. \"--service-workers 4 --service-time-us 5000\""},
        };
        for (Object[] c : cases) {
            String[] words = (String[]) c[0];
            String[] args = java.util.stream.Stream.concat(java.util.Arrays.stream(words),
                    java.util.stream.Stream.of("--project-dir", project.toString())).toArray(String[]::new);
            StringWriter err = new StringWriter();

            int exit = run(err, args);

            assertThat(exit).as(String.join(" ", words)).isEqualTo(2);
            assertThat(err.toString().lines().findFirst()).as(String.join(" ", words)).contains((String) c[1]);
        }
    }

    /**
     * The usage checks no other case here covers, each refused with exit code 2 and its first line as it reads today:
     * characterisation before the command's checks are split into classes of their own (issue 42), so that the split
     * keeps every message and which check speaks first.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
        "--slo,p99 < 2ms | --slo is for a capacity search; expected --capacity too",
        "--start-rate,100 | --start-rate is for a capacity search; expected --capacity too",
        "--no-closed-baseline | --no-closed-baseline is for a capacity search; expected --capacity too",
        "--capacity,--scenario,seed-003 | --capacity searches open-model plans (--plan), and --scenario seed-003 is for "
                + "a scenario's cells; expected --capacity with --plan, --slo, --start-rate, --warmup and --duration",
        "--capacity,--full | --capacity searches open-model plans (--plan), and --full is for a scenario's cells; "
                + "expected --capacity with --plan, --slo, --start-rate, --warmup and --duration",
        "--capacity,--cell,x | --capacity searches open-model plans (--plan), and --cell is for a scenario's cells; "
                + "expected --capacity with --plan, --slo, --start-rate, --warmup and --duration",
        "--live-port,70000 | --live-port 70000 is not a port; expected 0 (any free port) to 65535",
        "--plan,dubbo-echo-1k,--junit,x.xml | --junit writes what --assert judges; expected --assert too",
        "--hosts,2y2 | --hosts '2y2' is not PROVIDERSxGENERATORS (e.g. 2x2: two provider hosts, two load-generator "
                + "hosts) or one of [seed-000, seed-003]",
        "--registry,zookeeper://127.0.0.1:2181,--hosts,2x2 | --registry and --hosts 2x2: the lab's providers register "
                + "in a ZooKeeper of the lab; expected one of them",
        "--registry,zookeeper://127.0.0.1:2181,--scenario,seed-002-delay | --registry runs plans (--plan, --capacity) "
                + "or seed-003 through your registry, and --scenario seed-002-delay starts processes of its own that use "
                + "the embedded ZooKeeper; expected --plan or seed-003",
        "--registry-username,bench | --registry-username is the user of a --registry, and none is given; expected "
                + "--registry nacos://host:port with it",
    })
    void everyOtherMisuseIsRefusedWithItsOwnFirstLine(String words, String message) throws IOException {
        Files.createDirectories(project.resolve("test-plans"));
        Files.writeString(project.resolve("test-plans/dubbo-echo-1k.jmx"), "<jmeterTestPlan/>");
        String[] args = java.util.stream.Stream.concat(java.util.Arrays.stream(words.split(",")),
                java.util.stream.Stream.of("--project-dir", project.toString())).toArray(String[]::new);
        StringWriter err = new StringWriter();

        int exit = run(err, args);

        assertThat(exit).as(words).isEqualTo(2);
        assertThat(err.toString().lines().findFirst()).as(words).contains(message);
    }

    @Test
    void fullAndDurationTogetherAreRefusedNamingBoth() {
        StringWriter err = new StringWriter();

        int exit = run(err, "--full", "--duration", "30", "--project-dir", project.toString());

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString().lines().findFirst()).contains("--full and --duration 30 both set the measured "
                + "window; expected one of them (--full is --duration 600)");
    }

    @Test
    void anUnknownScenarioIsRefusedNamingTheKnownOnes() {
        StringWriter err = new StringWriter();

        int exit = run(err, "--scenario", "seed-009", "--project-dir", project.toString());

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString().lines().findFirst()).contains("--scenario 'seed-009' is not known; expected one of "
                + Scenarios.names());
        assertThat(Scenarios.names()).contains("seed-003");
    }

    @Test
    void fullAndDurationOfANamedScenarioAreRefusedSayingWhatFullRuns() {
        StringWriter err = new StringWriter();

        int exit = run(err, "--scenario", "seed-003", "--full", "--duration", "5", "--project-dir", project.toString());

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString().lines().findFirst()).contains("--full and --duration 5 both set the measured "
                + "window; expected one of them (--full is --duration 600)");
    }

    @Test
    void aParameterTheScenarioDoesNotTakeIsRefusedNamingTheOnesItTakes() {
        StringWriter err = new StringWriter();

        int exit = run(err, "--scenario", "seed-003", "--param", "instances=500", "--project-dir", project.toString());

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString().lines().findFirst()).contains("--param instances is not a parameter of seed-003; "
                + "expected one of none (it takes no parameters)");
    }

    @Test
    void aParameterValueTheScenarioCannotUseIsRefusedNamingIt() {
        StringWriter err = new StringWriter();

        int exit = run(err, "--scenario", "seed-004-discovery", "--param", "instances=0", "--project-dir",
                project.toString());

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString().lines().findFirst()).contains("--param: instances=0 is out of range; expected 1 to "
                + "63500");
    }

    @Test
    void planAndScenarioTogetherAreRefusedNamingBoth() {
        StringWriter err = new StringWriter();

        int exit = run(err, "--plan", "dubbo-echo-1k", "--scenario", "seed-003", "--project-dir", project.toString());

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString().lines().findFirst()).contains("--plan and --scenario seed-003 both choose what runs; "
                + "expected one of them");
    }

    @Test
    void scenariosListsEveryScenarioOnALineOfItsOwnWithItsParametersBelowAndExitsWith0() {
        StringWriter out = new StringWriter();
        CommandLine command = new CommandLine(new BenchmarkCommand());
        command.setOut(new PrintWriter(out, true));

        int exit = command.execute("--scenarios");

        assertThat(exit).isZero();
        List<String> all = out.toString().lines().toList();
        List<String> lines = all.stream().filter(line -> !line.startsWith(" ")).toList();
        assertThat(lines).hasSize(Scenarios.all().size());
        assertThat(all).contains(String.format("%-" + width() + "s    --param instances=VALUE: provider instances "
                + "(default 50; the seed and --full: 500)", ""));
        int discoveryLine = all.indexOf(lines.stream().filter(line -> line.startsWith("seed-004-discovery "))
                .findFirst().orElseThrow());
        assertThat(all.subList(discoveryLine + 1, all.size()).stream().takeWhile(line -> line.startsWith(" "))
                .map(line -> line.strip().replaceAll("=VALUE: .*", "")))
                .as("seed-004-discovery's parameters, in its order")
                .containsExactly("--param instances", "--param interfaces", "--param protocols",
                        "--param instances-per-app", "--param url-bytes", "--param churn-per-minute",
                        "--param call-every-seconds");
        assertThat(lines.get(0)).isEqualTo(String.format("%-" + width() + "s  %s", "seed-003",
                "Dubbo hessian2 vs Thrift binary, echo of 1 KiB and 100 KiB, 20 threads (the default run)"));
        for (int i = 0; i < lines.size(); i++) {
            assertThat(lines.get(i)).startsWith(Scenarios.all().get(i).name() + " ")
                    .endsWith("  " + Scenarios.all().get(i).summary());
        }
    }

    private static int width() {
        return Scenarios.names().stream().mapToInt(String::length).max().orElseThrow();
    }

    /** A condition that cannot be read is bad usage naming it and what a condition looks like. */
    @ParameterizedTest(name = "--assert {0}")
    @CsvSource(delimiter = '|', value = {
        "p99 < 2 apples | --assert 'p99 < 2 apples': 'p99 < 2 apples' is not a condition; expected [PLAN:] METRIC OP VALUE",
        "tps > 5ms      | --assert 'tps > 5ms': tps is in calls/s, not 'ms'; expected [PLAN:] METRIC OP VALUE",
    })
    void aConditionThatCannotBeReadIsBadUsageNamingIt(String condition, String message) throws IOException {
        Files.createDirectories(project.resolve("test-plans"));
        Files.writeString(project.resolve("test-plans/dubbo-echo-1k.jmx"), "<jmeterTestPlan/>");
        StringWriter err = new StringWriter();

        int exit = run(err, "--plan", "dubbo-echo-1k", "--assert", condition, "--project-dir", project.toString());

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString().lines().findFirst()).hasValueSatisfying(line -> assertThat(line).startsWith(message));
    }

    @ParameterizedTest(name = "-J {0}")
    @CsvSource({"warmup, --warmup", "think_time_ms, --think-time"})
    void aJMeterPropertyThatAnOptionSetsIsRefusedNamingTheOption(String property, String option) throws IOException {
        Files.createDirectories(project.resolve("test-plans"));
        Files.writeString(project.resolve("test-plans/dubbo-echo-1k.jmx"), "<jmeterTestPlan/>");
        StringWriter err = new StringWriter();

        int exit = run(err, "--plan", "dubbo-echo-1k", "-J", property + "=5", "--project-dir", project.toString());

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString().lines().findFirst()).contains("-J " + property + " is set by an option of its own; "
                + "expected " + option + " instead");
    }

    @Test
    void aCellTheScenarioDoesNotHaveIsRefusedNamingTheCellsItHas() {
        StringWriter err = new StringWriter();

        int exit = run(err, "--scenario", "seed-003", "--cell", "dubbo-echo-1k", "--cell", "dubbo-echo-2k",
                "--project-dir", project.toString());

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString().lines().findFirst()).contains("--cell 'dubbo-echo-2k' is not a cell of seed-003; "
                + "expected one of " + BenchmarkCommand.SEED_003_PLANS);
    }

    @Test
    void aCellWithPlansInsteadOfAScenarioIsRefused() {
        StringWriter err = new StringWriter();

        int exit = run(err, "--plan", "dubbo-echo-1k", "--cell", "dubbo-echo-1k", "--project-dir", project.toString());

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString().lines().findFirst()).contains("--cell [dubbo-echo-1k] chooses cells of a scenario, "
                + "and --plan runs none; expected --scenario NAME");
    }

    @Test
    void aProjectDirWithoutPlansIsNamed() {
        StringWriter err = new StringWriter();
        Path dir = project.resolve("nowhere");

        int exit = run(err, "--project-dir", dir.toString());

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString().lines().findFirst()).contains("--project-dir " + dir.toAbsolutePath().normalize()
                + " has no test-plans folder; expected the rpcbench checkout");
    }

    private static int run(StringWriter err, String... args) {
        CommandLine command = new CommandLine(new BenchmarkCommand());
        command.setErr(new PrintWriter(err, true));
        command.setOut(new PrintWriter(new StringWriter(), true));
        return command.execute(args);
    }
}
