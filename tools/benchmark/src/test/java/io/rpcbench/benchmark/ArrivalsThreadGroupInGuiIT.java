package io.rpcbench.benchmark;

import static io.rpcbench.benchmark.JMeterGui.clickWhenShown;
import static io.rpcbench.benchmark.JMeterGui.dialogs;
import static io.rpcbench.benchmark.JMeterGui.errorLines;
import static io.rpcbench.benchmark.JMeterGui.isMainWindowFor;
import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.benchmark.jmeter.JMeterRun;
import io.rpcbench.benchmark.process.ProjectLayout;
import io.rpcbench.benchmark.process.ProviderEndpoints;
import io.rpcbench.benchmark.process.ProviderProcess;
import io.rpcbench.process.ChildProcess;
import io.rpcbench.reports.jtl.JtlSample;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A person makes an open workload in the JMeter GUI of the laid-out home, on a private Xvfb display, with rpcbench's
 * <em>Arrivals Thread Group</em>, against the provider app's ZooKeeper on free loopback ports; the plan they saved
 * then runs headless at the rate they typed, from the pool they typed.
 *
 * <p>The plan opened ({@code elements/arrivals-gui-template.jmx}) is empty. The person's part, every click and key press sent by xdotool through X as in {@link DubboRequestInGuiIT}:
 * <ol>
 *   <li>give JMeter's window the whole screen;</li>
 *   <li>right-click the Test Plan, click Add, Threads (Users), Arrivals Thread Group (rpcbench);</li>
 *   <li>in its Schedule type a zero rate ({@value #ZERO_RATE}), then one that cannot be read
 *       ({@value #UNREADABLE}), and in Threads in the pool a 0: the panel says under each field what is wrong, naming
 *       it; then the schedule {@value #SCHEDULE} and a pool of {@value #POOL}, which it takes without a word;</li>
 *   <li>right-click the new thread group, Add, Sampler, Dubbo Request, and type the ZooKeeper's address, the
 *       interface ({@value #INTERFACE}) and method ({@value #METHOD}, no arguments): a request with its own address
 *       has its Dubbo consumer built when the test starts, before the first arrival;</li>
 *   <li>File, Save.</li>
 * </ol>
 * The driver only looks, through {@link SwingProbe}, by the panels' component names ({@code arrivals.<property>}, its
 * problem {@code arrivals.<property>.problem}). Screenshots of the thread group's panel, cropped to JMeter's window, go
 * to {@code tools/benchmark/target/gui-screenshots/}: {@code arrivals-thread-group-refused.png} with the last bad values
 * typed, {@code arrivals-thread-group.png} as set (docs/open-workloads.md shows a copy). Then JMeter is
 * stopped by its PID, and the saved plan runs headless: about {@value #RATE} x {@value #SECONDS} samples (random
 * arrivals: a Poisson count), as many as the thread group's line in {@code jmeter.log} says were started, every one
 * passing, answered by the provider, and made by at most {@value #POOL} threads of the pool.
 *
 * <p>Needs Xvfb, xdotool and ImageMagick's import, as {@link PlansOpenInGuiIT}: without them the test fails naming the
 * packages, or is skipped when {@code -Drpcbench.gui.optional=true}.
 */
class ArrivalsThreadGroupInGuiIT {

    private static final Path TARGET = Plans.LAYOUT.projectDir().resolve("tools/benchmark/target");
    private static final Path SCREENSHOTS = TARGET.resolve("gui-screenshots");
    private static final Path LOGS = TARGET.resolve("gui-check");

    private static final String TEMPLATE_PLAN = "arrivals-gui-template.jmx";
    private static final String PLAN = "arrivals-from-gui";
    private static final String TEST_PLAN = "arrivals from the GUI";
    private static final String GROUP = "Arrivals Thread Group (rpcbench)";

    private static final int RATE = 50;
    private static final int SECONDS = 5;
    static final String SCHEDULE = "rate(" + RATE + "/sec) random_arrivals(" + SECONDS + " sec)";
    static final String ZERO_RATE = "rate(0/sec) random_arrivals(5 sec)";
    static final String UNREADABLE = "rate(fast) random_arrivals(5 sec)";
    static final String POOL = "4";
    static final String INTERFACE = "io.rpcbench.echo.EchoService";
    static final String METHOD = "ping";

    private static final String SCHEDULE_FIELD = "arrivals.ArrivalsThreadGroup.schedule";
    private static final String POOL_FIELD = "arrivals.ThreadGroup.num_threads";

    /** The thread group's closing line in jmeter.log: "NAME: 251 arrivals started, 0 not started; ...". */
    private static final Pattern SUMMARY = Pattern.compile(Pattern.quote(GROUP)
            + ": ([\\d,]+) arrivals started, ([\\d,]+) not started");

    private static final Duration START_DEADLINE = Duration.ofSeconds(60);
    private static final Duration STEP_DEADLINE = Duration.ofSeconds(30);

    @Test
    void anArrivalsThreadGroupAddedInTheGuiRefusesABadScheduleAndItsSavedPlanRunsAtTheTypedRate(@TempDir Path dir)
            throws Exception {
        JMeterGui.requireXTools("the JMeter GUI test");
        Plans.LAYOUT.requireBuilt();
        ProviderProcess provider = ProviderProcess.start(Plans.LAYOUT, List.of("--no-thrift"),
                dir.resolve("provider.log"));
        try {
            String zookeeper = provider.endpoints().zookeeper().orElseThrow();
            ProjectLayout checkout = Plans.checkoutWithPlan(dir.resolve("checkout"), TEMPLATE_PLAN, PLAN, Map.of());
            Path plan = checkout.plan(PLAN);
            try (XvfbDisplay display = XvfbDisplay.start(LOGS.resolve("arrivals.xvfb.log"))) {
                buildInGui(display, plan, zookeeper);
            }
            Files.copy(plan, LOGS.resolve(PLAN + ".saved.jmx"), StandardCopyOption.REPLACE_EXISTING);
            assertThat(Files.readString(plan)).as("the saved plan")
                    .contains("testclass=\"io.rpcbench.elements.arrivals.ArrivalsThreadGroup\"")
                    .contains("<stringProp name=\"ArrivalsThreadGroup.schedule\">" + SCHEDULE + "</stringProp>")
                    .contains("<stringProp name=\"ThreadGroup.num_threads\">" + POOL + "</stringProp>")
                    .contains("<stringProp name=\"address\">zookeeper://" + zookeeper + "</stringProp>")
                    .contains("<stringProp name=\"interface\">" + INTERFACE + "</stringProp>");

            JMeterRun run = JMeterRun.of(checkout, PLAN, dir.resolve("run")).dashboard(false);
            run.run(Duration.ofMinutes(2));
            assertRanAtTheTypedRate(run, provider);
        } finally {
            assertThat(provider.stop()).as("provider exit code after SIGTERM").isZero();
        }
    }

    /** The person's steps of the class comment, in a JMeter GUI on {@code display}, ending with the plan saved. */
    private static void buildInGui(XvfbDisplay display, Path plan, String zookeeper) throws Exception {
        Path log = LOGS.resolve(PLAN + ".jmeter.log");
        Path failed = SCREENSHOTS.resolve("arrivals-in-gui-failed.png");
        Files.deleteIfExists(failed); // a run before's
        try (ChildProcess jmeter = JMeterGui.start(display, plan, log, LOGS.resolve(PLAN + ".out"),
                List.of(SwingProbe.INIT_OPTION, "-Jjmeter.gui.action.save.backup_on_save=false"))) {
            try {
                String file = plan.getFileName().toString();
                display.awaitWindows(jmeter, titles -> titles.stream().anyMatch(title -> isMainWindowFor(title, file))
                        && titles.stream().noneMatch(String::isBlank), START_DEADLINE, "its main window with " + file);
                String main = display.windowId(" - Apache JMeter \\(");
                display.fillScreen(main);
                SwingProbe probe = SwingProbe.of(jmeter);

                addUnder(display, probe, TEST_PLAN, "Threads (Users)", GROUP);
                typeBadValuesAndReadTheirProblems(display, probe);
                display.screenshot(main, SCREENSHOTS.resolve("arrivals-thread-group-refused.png"));
                replaceText(display, probe, SCHEDULE_FIELD, SCHEDULE);
                replaceText(display, probe, POOL_FIELD, POOL);
                assertThat(probe.shownText(SCHEDULE_FIELD + ".problem")).as("the schedule's problem").isEmpty();
                assertThat(probe.shownText(POOL_FIELD + ".problem")).as("the pool's problem").isEmpty();
                display.screenshot(main, SCREENSHOTS.resolve("arrivals-thread-group.png"));

                addUnder(display, probe, GROUP, "Sampler", "Dubbo Request");
                replaceText(display, probe, "dubbo.address", "zookeeper://" + zookeeper);
                replaceText(display, probe, "dubbo.interface", INTERFACE);
                replaceText(display, probe, "dubbo.method", METHOD);
                JMeterGui.save(display, jmeter, probe, plan, "io.rpcbench.elements.arrivals.ArrivalsThreadGroup",
                        STEP_DEADLINE);
            } catch (RuntimeException | AssertionError e) {
                display.screenshot(failed); // what the person saw
                throw e;
            }
            assertThat(dialogs(display.windowTitles())).as("dialogs after saving").isEmpty();
            assertThat(errorLines(Files.readAllLines(log))).as("ERROR lines in %s", log).isEmpty();
        }
    }

    /** A zero rate, a schedule that cannot be read, a pool of 0: each field's problem shown under it, naming it. */
    private static void typeBadValuesAndReadTheirProblems(XvfbDisplay display, SwingProbe probe) {
        replaceText(display, probe, SCHEDULE_FIELD, ZERO_RATE);
        assertThat(probe.shownText(SCHEDULE_FIELD + ".problem")).as("the problem under a zero rate").get()
                .asString().startsWith("Schedule '" + ZERO_RATE + "' has no arrivals");
        replaceText(display, probe, SCHEDULE_FIELD, UNREADABLE);
        assertThat(probe.shownText(SCHEDULE_FIELD + ".problem")).as("the problem under an unreadable schedule")
                .get().asString().startsWith("Schedule '" + UNREADABLE + "' cannot be read");
        replaceText(display, probe, POOL_FIELD, "0");
        assertThat(probe.shownText(POOL_FIELD + ".problem")).as("the problem under a pool of 0").get()
                .asString().startsWith("Threads in the pool '0' is out of range");
    }

    /**
     * Clicks the tree row {@code parent}, right-clicks it, Add, {@code menu}, {@code item}: the new element is
     * selected, its panel shown.
     */
    private static void addUnder(XvfbDisplay display, SwingProbe probe, String parent, String menu, String item) {
        SwingProbe.Box row = probe.await(STEP_DEADLINE, parent + " in the tree", "tree-row", parent);
        display.click(row.centreX(), row.centreY(), 1);
        probe.await(STEP_DEADLINE, parent + " selected", SwingProbe.Box::on, "tree-row", parent);
        display.click(row.centreX(), row.centreY(), 3);
        // By menu item: the Test Plan's panel has an Add button of its own.
        for (String entry : List.of("Add", menu, item)) {
            SwingProbe.Box box = probe.await(STEP_DEADLINE, entry + " in the menu", SwingProbe.Box::on, "menu-item",
                    entry);
            display.click(box.centreX(), box.centreY(), 1);
        }
        probe.await(STEP_DEADLINE, "the new " + item + " selected in the tree", SwingProbe.Box::on, "tree-row", item);
    }

    /**
     * Clicks into the text field {@code field}, selects all (ctrl+a) and types {@code text} over it; returns once the
     * field holds it, so the check it sets off on Swing's thread has run.
     */
    private static void replaceText(XvfbDisplay display, SwingProbe probe, String field, String text) {
        clickWhenShown(display, probe, field, STEP_DEADLINE);
        display.key("ctrl+a");
        display.type(text);
        probe.awaitText(STEP_DEADLINE, field, text);
    }

    /**
     * The headless run of the saved plan: every arrival the thread group started made one passing sample, answered by
     * the provider, on one of the pool's threads; and the schedule's arrivals were about rate x duration.
     */
    private static void assertRanAtTheTypedRate(JMeterRun run, ProviderProcess provider) throws IOException {
        List<JtlSample> samples = Plans.samples(run.jtl());
        String dubbo = provider.endpoints().dubbo().orElseThrow();
        assertThat(samples).allSatisfy(sample -> {
            assertThat(sample.label()).isEqualTo("Dubbo Request");
            assertThat(sample.success()).as("success of %s", sample).isTrue();
            assertThat(sample.url()).as("the provider that answered")
                    .isEqualTo("dubbo://127.0.0.1:" + ProviderEndpoints.port(dubbo));
        });
        Map<String, Long> perThread = Plans.callsPerThread(run.jtl());
        assertThat(perThread.keySet()).as("the threads that made the samples")
                .hasSizeLessThanOrEqualTo(Integer.parseInt(POOL)).allMatch(name -> name.startsWith(GROUP + " 1-"));

        String summary = Files.readAllLines(run.log()).stream().filter(line -> SUMMARY.matcher(line).find())
                .findFirst().orElseThrow(() -> new AssertionError("no line '" + GROUP + ": N arrivals started' in "
                        + run.log()));
        Matcher counts = SUMMARY.matcher(summary);
        assertThat(counts.find()).isTrue();
        long started = Long.parseLong(counts.group(1).replace(",", ""));
        long notStarted = Long.parseLong(counts.group(2).replace(",", ""));
        assertThat((long) samples.size()).as("samples against the arrivals started (%s)", summary).isEqualTo(started);
        // A Poisson count of mean 250 falls within ±30 % (±4.7 standard deviations) but for 1 run in 400,000.
        assertThat(started + notStarted).as("the schedule's arrivals (%s)", summary)
                .isBetween(Math.round(RATE * SECONDS * 0.7), Math.round(RATE * SECONDS * 1.3));
        assertThat(notStarted).as("arrivals not started at %d a second with a pool of %s (%s)", RATE, POOL, summary)
                .isZero();
    }
}
