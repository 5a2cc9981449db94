package io.rpcbench.benchmark;

import static io.rpcbench.benchmark.JMeterGui.dialogs;
import static io.rpcbench.benchmark.JMeterGui.errorLines;
import static io.rpcbench.benchmark.JMeterGui.isMainWindowFor;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import io.rpcbench.benchmark.process.ProjectLayout;
import io.rpcbench.benchmark.process.ProviderProcess;
import io.rpcbench.process.ChildProcess;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opens each shipped plan (every {@code .jmx} of {@code test-plans/}) in the JMeter GUI of the laid-out home, on a
 * private Xvfb display, and checks that it loads without an error dialog and without ERROR lines in JMeter's log. A
 * screenshot of each goes to {@code tools/benchmark/target/gui-screenshots/}, JMeter's logs to
 * {@code tools/benchmark/target/gui-check/}.
 *
 * <p>One GUI JVM opens the plans of every test but one in turn: the first with {@code jmeter -t}, each next one by a
 * line on JMeter's standard input, which {@code open-plans-in-turn.groovy} (JMeter's {@code jsr223.init.file}) reads
 * and opens with the steps {@code -t} takes, after clearing the plan before. A plan counts as loaded when JMeter's main
 * window carries the plan's file name and the splash screen is gone (JMeter closes it after building the tree), and the
 * windows then stay the same for two polls: JMeter queues its error dialog behind the loading, and the log check
 * (of the lines written since the plan before) catches what a dialog could hide. The tests opening plans so: the
 * shipped plans; the plans of rpcbench's own elements (Dubbo Defaults, Dubbo Request, Thrift Request) that
 * {@link ElementsPlanIT} runs; a plan that {@code rpcbench plan} (the catalogue jar) writes. One test opens a
 * truncated plan with {@code -t} in a JVM of its own (its error dialog would stay over the shared one) and requires
 * both checks to see the failure.
 *
 * <p>Order: {@code @BeforeAll} starts Xvfb; the first test that opens plans in turn starts that JMeter on it, and each
 * such test has it open its plans, waits for each to load, saves the screenshot and asserts; the truncated plan's test
 * starts its own JMeter and stops it by its PID; {@code @AfterAll} stops the shared JMeter, then Xvfb, by their PIDs.
 *
 * <p>Needs Xvfb, xdotool and ImageMagick's import (CI installs them, see {@code .ci/run}); without them the
 * test fails naming the packages, or is skipped when {@code -Drpcbench.gui.optional=true}.
 */
class PlansOpenInGuiIT {

    private static final Path TARGET = Plans.LAYOUT.projectDir().resolve("tools/benchmark/target");
    private static final Path SCREENSHOTS = TARGET.resolve("gui-screenshots");
    private static final Path LOGS = TARGET.resolve("gui-check");

    private static final Duration LOAD_DEADLINE = Duration.ofSeconds(60);
    private static final Duration STEADY_INTERVAL = Duration.ofMillis(500);
    private static final Duration STEADY_DEADLINE = Duration.ofSeconds(10);

    /** JMeter's init script that opens each plan named on its standard input (see the class comment). */
    private static final List<String> OPEN_IN_TURN = List.of("-Jjsr223.init.file=" + resource("open-plans-in-turn.groovy"));

    static XvfbDisplay display;
    /** The JMeter GUI that opens the tests' plans in turn, once the first of them has started it. */
    static ChildProcess inTurn;
    /** Its log: one for every test's plans, each plan's check reading the lines written since the plan before. */
    private static final Path IN_TURN_LOG = LOGS.resolve("plans-in-turn.jmeter.log");
    /** The lines of {@link #IN_TURN_LOG} already checked. */
    private static int checkedLogLines;
    /** Why the tests are skipped: set only when X tools are missing and the check was declared optional. */
    static String skipReason;

    @BeforeAll
    static void startDisplay() throws IOException {
        List<XvfbDisplay.Tool> missing = XvfbDisplay.missingTools();
        if (!missing.isEmpty()) {
            String message = XvfbDisplay.missingToolsMessage("the JMeter GUI check", missing);
            if (!Boolean.getBoolean("rpcbench.gui.optional")) {
                Assertions.fail(message);
            }
            // Skipped test by test rather than here, so that the build's summary counts them as skipped.
            skipReason = message;
            return;
        }
        Plans.LAYOUT.requireBuilt();
        display = XvfbDisplay.start(LOGS.resolve("xvfb.log"));
    }

    @BeforeEach
    void skipWhenDeclaredOptional() {
        Assumptions.assumeTrue(skipReason == null, skipReason);
    }

    @AfterAll
    static void stopJMeterAndDisplay() {
        try {
            if (inTurn != null) {
                inTurn.close();
            }
        } finally {
            if (display != null) {
                display.close();
            }
        }
    }

    @Test
    void everyShippedPlanOpensInTheGuiWithoutAnErrorDialog() throws Exception {
        List<String> plans = Plans.LAYOUT.planNames().toList();
        assertThat(plans).as("plans in %s", Plans.LAYOUT.plansDir()).hasSizeGreaterThan(10);
        assertOpenInTurn(plans.stream().map(Plans.LAYOUT::plan).toList());
    }

    /**
     * The plans of rpcbench's own elements (Dubbo Defaults, Dubbo Request, Thrift Request) that {@link ElementsPlanIT}
     * runs: JMeter's GUI builds their panels from them.
     */
    @Test
    void theElementsPlansOpenInTheGuiWithoutAnErrorDialog(@TempDir Path dir) throws Exception {
        List<Path> plans = new ArrayList<>();
        for (String plan : List.of("dubbo-defaults-order-service", "thrift-request-inventory")) {
            try (InputStream in = PlansOpenInGuiIT.class.getResourceAsStream("elements/" + plan + ".jmx")) {
                assertThat(in).as("plan %s in the test's resources", plan).isNotNull();
                plans.add(dir.resolve(plan + ".jmx"));
                Files.copy(in, plans.get(plans.size() - 1));
            }
        }
        assertOpenInTurn(plans);
    }

    /**
     * Opens {@code plans} in turn in the shared JMeter GUI (started with the first, if no test has started it yet) and
     * checks each as the class comment says.
     */
    private static void assertOpenInTurn(List<Path> plans) throws Exception {
        for (Path path : plans) {
            String file = path.getFileName().toString();
            String plan = file.replace(".jmx", "");
            if (inTurn == null) {
                inTurn = openInGui(path, IN_TURN_LOG, OPEN_IN_TURN);
            } else {
                inTurn.writeLine(path.toString());
            }
            List<String> windows = awaitLoaded(inTurn, file);
            display.screenshot(SCREENSHOTS.resolve(plan + ".png"));

            assertThat(windows).as("windows shown for %s", plan)
                    .anyMatch(title -> isMainWindowFor(title, file));
            assertThat(dialogs(windows)).as("dialogs next to JMeter's main window with %s", plan).isEmpty();
            List<String> lines = Files.readAllLines(IN_TURN_LOG);
            assertThat(errorLines(lines.subList(checkedLogLines, lines.size())))
                    .as("ERROR lines in %s while %s loaded", IN_TURN_LOG, plan).isEmpty();
            checkedLogLines = lines.size();
        }
    }

    /**
     * A plan written by {@code rpcbench plan} (the catalogue jar, as a child process): here a Thrift plan for the
     * example InventoryService from its generated classes, which needs no registry.
     */
    @Test
    void aThriftPlanWrittenByRpcbenchPlanOpensInTheGuiWithoutAnErrorDialog(@TempDir Path dir) throws Exception {
        assertWrittenPlanOpens(dir.resolve("written-shelve.jmx"), "--thrift-service",
                "io.rpcbench.example.thrift.InventoryService", "--classpath", exampleThriftJar().toString(),
                "--address", "127.0.0.1:9090", "--multiplexed-service", "InventoryService", "--method", "shelve");
    }

    /** The same for a Dubbo plan, written from the definition the provider app published in its ZooKeeper. */
    @Test
    void aDubboPlanWrittenByRpcbenchPlanOpensInTheGuiWithoutAnErrorDialog(@TempDir Path dir) throws Exception {
        assumeThat(TestVolume.full()).as("./run-tests --full only:"
                + " the Thrift plan written alike opens in the fast set").isTrue();
        ProviderProcess provider = ProviderProcess.start(Plans.LAYOUT, List.of("--no-thrift"),
                dir.resolve("provider.log"));
        try {
            assertWrittenPlanOpens(dir.resolve("written-place.jmx"), "--registry",
                    "zookeeper://" + provider.endpoints().zookeeper().orElseThrow(),
                    "--interface", "io.rpcbench.example.OrderService", "--method", "place");
        } finally {
            assertThat(provider.stop()).as("provider exit code after SIGTERM").isZero();
        }
    }

    private static void assertWrittenPlanOpens(Path plan, String... planOptions) throws Exception {
        String name = plan.getFileName().toString().replace(".jmx", "");
        List<String> command = new ArrayList<>(List.of(ProjectLayout.javaExecutable().toString(), "-jar",
                Plans.LAYOUT.projectDir().resolve("tools/catalogue/target/rpcbench-catalogue.jar").toString(), "plan"));
        command.addAll(List.of(planOptions));
        command.addAll(List.of("--out", plan.toString()));
        try (ChildProcess catalogue = ChildProcess.start("rpcbench plan", command, Map.of(),
                LOGS.resolve(name + ".rpcbench.log"))) {
            assertThat(catalogue.awaitExit(LOAD_DEADLINE)).as("exit code of rpcbench plan; its output:%n%s",
                    catalogue.tail()).isZero();
        }
        assertOpenInTurn(List.of(plan));
    }

    /** The example Thrift service's jar, as the JMeter home's lib/ext holds it. */
    private static Path exampleThriftJar() throws IOException {
        try (var jars = Files.list(Plans.LAYOUT.jmeterHome().resolve("lib/ext"))) {
            return jars.filter(jar -> jar.getFileName().toString().startsWith("rpcbench-example-thrift-api-"))
                    .findFirst().orElseThrow(() -> new IllegalStateException("no rpcbench-example-thrift-api jar in "
                            + Plans.LAYOUT.jmeterHome().resolve("lib/ext")));
        }
    }

    @Test
    void aPlanThatCannotBeReadShowsAnErrorDialogThatTheCheckSees(@TempDir Path dir) throws Exception {
        Path broken = dir.resolve("truncated-plan.jmx");
        Files.writeString(broken, """
                <?xml version="1.0" encoding="UTF-8"?>
                <jmeterTestPlan version="1.2" properties="5.0" jmeter="5.6.3">
                  <hashTree>
                    <TestPlan guiclass="TestPlanGui" testclass="TestPlan" testname="truncated">
                """);
        Path log = LOGS.resolve("truncated-plan.jmeter.log");
        try (ChildProcess jmeter = openInGui(broken, log, List.of())) {
            List<String> windows = awaitLoaded(jmeter, broken.getFileName().toString());
            display.screenshot(SCREENSHOTS.resolve("truncated-plan.png"));

            // JMeter's JMeterUtils.reportErrorToUser titles its dialog "Error" (error_title).
            assertThat(dialogs(windows)).containsExactly("Error");
            assertThat(errorLines(Files.readAllLines(log))).anyMatch(line -> line.contains("Problem loading XML"));
        }
    }

    /** {@code bin/jmeter -t plan -j log} and {@code options} on the private display, its output in {@link #LOGS}. */
    private static ChildProcess openInGui(Path plan, Path log, List<String> options) throws IOException {
        return JMeterGui.start(display, plan, log, LOGS.resolve(plan.getFileName() + ".out"), options);
    }

    /**
     * Waits until JMeter has loaded {@code planFile} (main window titled with it, splash screen closed) or
     * shows a dialog, then until its windows hold still.
     *
     * @return the titles of the windows shown then
     */
    private static List<String> awaitLoaded(ChildProcess jmeter, String planFile) {
        display.awaitWindows(jmeter,
                titles -> !dialogs(titles).isEmpty()
                        || (titles.stream().anyMatch(title -> isMainWindowFor(title, planFile))
                                && titles.stream().noneMatch(String::isBlank)),
                LOAD_DEADLINE, "its main window with " + planFile + " loaded, or a dialog");
        return display.awaitSteadyWindows(STEADY_INTERVAL, STEADY_DEADLINE);
    }

    private static Path resource(String name) {
        try {
            return Path.of(PlansOpenInGuiIT.class.getResource(name).toURI());
        } catch (java.net.URISyntaxException | NullPointerException e) {
            throw new IllegalStateException("test resource " + name + " not found next to PlansOpenInGuiIT", e);
        }
    }

}
