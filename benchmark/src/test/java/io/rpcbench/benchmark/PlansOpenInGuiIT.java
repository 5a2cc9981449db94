package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Opens each shipped plan in the JMeter GUI of the laid-out home, on a private Xvfb display, and checks
 * that it loads without an error dialog and without ERROR lines in JMeter's log. A screenshot of each goes
 * to {@code benchmark/target/gui-screenshots/}, JMeter's logs to {@code benchmark/target/gui-check/}.
 *
 * <p>A plan counts as loaded when JMeter's main window carries the plan's file name and the splash screen
 * is gone (JMeter closes it after building the tree), and the windows then stay the same for two polls:
 * JMeter queues its error dialog behind the loading, and the log check catches what a dialog could hide.
 * A second test opens a truncated plan and requires both checks to see the failure.
 *
 * <p>Order: {@code @BeforeAll} starts Xvfb; each test starts JMeter on it, waits for the plan to load, saves
 * the screenshot, asserts, and stops JMeter by its PID; {@code @AfterAll} stops Xvfb by its PID.
 *
 * <p>Needs Xvfb, xdotool and ImageMagick's import (CI installs them, see {@code .ci/run}); without them the
 * test fails naming the packages, or is skipped when {@code -Drpcbench.gui.optional=true}.
 */
class PlansOpenInGuiIT {

    private static final Path TARGET = Plans.LAYOUT.projectDir().resolve("benchmark/target");
    private static final Path SCREENSHOTS = TARGET.resolve("gui-screenshots");
    private static final Path LOGS = TARGET.resolve("gui-check");

    private static final Duration LOAD_DEADLINE = Duration.ofSeconds(60);
    private static final Duration STEADY_INTERVAL = Duration.ofMillis(500);
    private static final Duration STEADY_DEADLINE = Duration.ofSeconds(10);

    /** JMeter's main window: "Apache JMeter (5.6.3)", or "plan.jmx (/path/plan.jmx) - Apache JMeter (5.6.3)". */
    private static final Pattern MAIN_WINDOW = Pattern.compile("(.* - )?Apache JMeter \\([^)]*\\)");
    /** A line of JMeter's log at level ERROR: "2026-01-01 12:00:00,000 ERROR o.a.j...". */
    private static final Pattern ERROR_LINE = Pattern.compile("^\\S+ \\S+ ERROR .*");

    static XvfbDisplay display;
    /** Why the tests are skipped: set only when X tools are missing and the check was declared optional. */
    static String skipReason;

    @BeforeAll
    static void startDisplay() throws IOException {
        List<XvfbDisplay.Tool> missing = XvfbDisplay.missingTools();
        if (!missing.isEmpty()) {
            String message = "the JMeter GUI check needs " + join(missing, XvfbDisplay.Tool::program)
                    + " on the PATH; install them with 'apt-get install -y "
                    + join(missing, XvfbDisplay.Tool::debianPackage)
                    + "' (or pass -Drpcbench.gui.optional=true to skip this check)";
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
    static void stopDisplay() {
        if (display != null) {
            display.close();
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"dubbo-echo-1k", "dubbo-echo-100k", "thrift-echo-1k", "thrift-echo-100k", "dubbo-order-service",
            "thrift-inventory-service", "seed-003-rest", "seed-000-stability", "seed-000-pressure", "seed-000-cpu",
            "seed-002-delay-dubbo", "seed-002-delay-thrift", "seed-000-dubbo", "seed-000-rmi", "seed-000-hessian",
            "seed-000-http-json", "seed-000-thrift", "seed-004-user-service", "seed-004-discovery"})
    void planOpensInTheGuiWithoutAnErrorDialog(String plan) throws Exception {
        Path log = LOGS.resolve(plan + ".jmeter.log");
        try (ChildProcess jmeter = openInGui(Plans.LAYOUT.plan(plan), log)) {
            List<String> windows = awaitLoaded(jmeter, plan + ".jmx");
            display.screenshot(SCREENSHOTS.resolve(plan + ".png"));

            assertThat(windows).as("windows shown").anyMatch(title -> isMainWindowFor(title, plan + ".jmx"));
            assertThat(dialogs(windows)).as("dialogs next to JMeter's main window").isEmpty();
            assertThat(errorLines(log)).as("ERROR lines in %s", log).isEmpty();
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
        try (ChildProcess jmeter = openInGui(broken, log)) {
            List<String> windows = awaitLoaded(jmeter, broken.getFileName().toString());
            display.screenshot(SCREENSHOTS.resolve("truncated-plan.png"));

            // JMeter's JMeterUtils.reportErrorToUser titles its dialog "Error" (error_title).
            assertThat(dialogs(windows)).containsExactly("Error");
            assertThat(errorLines(log)).anyMatch(line -> line.contains("Problem loading XML"));
        }
    }

    /** {@code bin/jmeter -t plan -j log} on the private display, with the JDK running this test. */
    private static ChildProcess openInGui(Path plan, Path log) throws IOException {
        Files.createDirectories(LOGS);
        Files.deleteIfExists(log);
        List<String> command = List.of(Plans.LAYOUT.jmeterLauncher().toString(),
                "-t", plan.toString(), "-j", log.toString());
        Map<String, String> environment = Map.of(
                "JAVA_HOME", ProjectLayout.javaHome(),
                "DISPLAY", display.name(),
                // JMeter remembers opened plans in the user's Java preferences; keep the developer's list as it was.
                "JVM_ARGS", "-Djava.util.prefs.userRoot=" + LOGS.resolve("java-prefs"));
        String name = plan.getFileName().toString();
        return ChildProcess.start("jmeter gui " + name, command, environment, LOGS.resolve(name + ".out"));
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

    private static boolean isMainWindowFor(String title, String planFile) {
        return MAIN_WINDOW.matcher(title).matches() && title.startsWith(planFile + " ");
    }

    /**
     * The windows that are neither JMeter's main window nor its untitled splash screen: JOptionPane dialogs
     * ("Error", "Warning", ...) or anything else that pops up over the plan.
     */
    private static List<String> dialogs(List<String> titles) {
        return titles.stream()
                .filter(title -> !title.isBlank() && !MAIN_WINDOW.matcher(title).matches())
                .toList();
    }

    private static List<String> errorLines(Path log) throws IOException {
        try (var lines = Files.lines(log)) {
            return lines.filter(line -> ERROR_LINE.matcher(line).matches()).toList();
        }
    }

    private static String join(List<XvfbDisplay.Tool> tools, Function<XvfbDisplay.Tool, String> part) {
        return tools.stream().map(part).collect(Collectors.joining(" "));
    }
}
