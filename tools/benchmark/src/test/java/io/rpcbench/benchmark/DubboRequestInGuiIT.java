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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A person builds a plan with a <em>Dubbo Request</em> in the JMeter GUI of the laid-out home, on a private Xvfb
 * display, against the provider app's ZooKeeper on free loopback ports; the plan they saved then runs headless with
 * every sample passing.
 *
 * <p>The plan opened ({@code elements/dubbo-request-gui-template.jmx}) holds a Dubbo Defaults with the ZooKeeper's
 * address, a Thread Group (2 threads, 3 loops) and a Response Assertion that the answer is {@value #TOTAL} (a sample
 * answered anything else fails). Then, the person's part, every click and key press sent by xdotool through X, so that
 * AWT's event queue gets them as from a mouse and keyboard:
 * <ol>
 *   <li>give JMeter's window the whole screen (as maximizing it would: the display has no window manager);</li>
 *   <li>click the Thread Group in the tree, right-click it, click Add, Sampler, Dubbo Request;</li>
 *   <li>click Browse..., click OrderService in the services, then {@code total(...)} in its methods, click OK;</li>
 *   <li>in the arguments template OK filled ({@code [[{"quantity": 0, "sku": "", "unitPrice": 0}]]}) click into
 *       the sku's quotes and type {@code A-1}, click after the quantity's 0, BackSpace, type 3, the same for the unit
 *       price, 12.30;</li>
 *   <li>click Dubbo Defaults in the tree (its panel), then File, Save.</li>
 * </ol>
 * The driver's part is only to look: {@code swing-probe.groovy} (JMeter's {@code jsr223.init.file}, through
 * {@link SwingProbe}) reports where a component, tree row, list entry or character is on screen and what a field
 * holds, by the component names the panels set (jmeter/jmeter-elements/README.md), and the test waits on those answers and on
 * the window titles, with deadlines. It changes nothing in the GUI.
 *
 * <p>Screenshots, each cropped to its window, go to {@code tools/benchmark/target/gui-screenshots/}: the Browse dialog with
 * OrderService and {@code total} picked, the Dubbo Request panel filled, the Dubbo Defaults panel (the README of
 * jmeter-elements shows copies). Then JMeter is stopped by its PID, and the saved plan runs headless: every sample
 * passes, answered by the provider's {@code dubbo://127.0.0.1:port}, its answer {@value #TOTAL}.
 *
 * <p>Needs Xvfb, xdotool and ImageMagick's import, as {@link PlansOpenInGuiIT}: without them the test fails naming the
 * packages, or is skipped when {@code -Drpcbench.gui.optional=true}.
 */
class DubboRequestInGuiIT {

    private static final Path TARGET = Plans.LAYOUT.projectDir().resolve("tools/benchmark/target");
    private static final Path SCREENSHOTS = TARGET.resolve("gui-screenshots");
    private static final Path LOGS = TARGET.resolve("gui-check");

    private static final String TEMPLATE_PLAN = "dubbo-request-gui-template.jmx";
    private static final String PLAN = "order-total-from-gui";
    /** 3 x 12.30, the order line the person types. */
    static final String TOTAL = "36.90";
    private static final int SAMPLES = 2 * 3;

    private static final Duration START_DEADLINE = Duration.ofSeconds(60);
    private static final Duration STEP_DEADLINE = Duration.ofSeconds(30);
    private static final Duration BROWSE_DEADLINE = Duration.ofSeconds(45);
    /** How long a clicked list entry may stay unselected before it is clicked again. */
    private static final Duration CLICK_AGAIN_AFTER = Duration.ofSeconds(5);

    private static final String BROWSE_TITLE = "Browse the registry";
    private static final String TEMPLATE = "[[{\"quantity\": 0, \"sku\": \"\", \"unitPrice\": 0}]]";
    private static final String TYPED = "[[{\"quantity\": 3, \"sku\": \"A-1\", \"unitPrice\": 12.30}]]";

    @Test
    void aDubboRequestAddedBrowsedAndEditedInTheGuiIsSavedAndRunsHeadlessWithEverySamplePassing(@TempDir Path dir)
            throws Exception {
        JMeterGui.requireXTools("the JMeter GUI test");
        Plans.LAYOUT.requireBuilt();
        ProviderProcess provider = ProviderProcess.start(Plans.LAYOUT, List.of("--no-thrift"),
                dir.resolve("provider.log"));
        try {
            String zookeeper = provider.endpoints().zookeeper().orElseThrow();
            ProjectLayout checkout = Plans.checkoutWithPlan(dir.resolve("checkout"), TEMPLATE_PLAN, PLAN,
                    Map.of("@ZOOKEEPER_PORT@", Integer.toString(ProviderEndpoints.port(zookeeper))));
            Path plan = checkout.plan(PLAN);
            try (XvfbDisplay display = XvfbDisplay.start(LOGS.resolve("dubbo-request.xvfb.log"))) {
                buildInGui(display, plan);
            }
            // Kept beside JMeter's logs, to read what the GUI wrote.
            Files.copy(plan, LOGS.resolve(PLAN + ".saved.jmx"), StandardCopyOption.REPLACE_EXISTING);
            String saved = Files.readString(plan);
            assertThat(saved).as("the saved plan").contains("testclass=\"io.rpcbench.elements.model.DubboRequest\"")
                    .contains("<stringProp name=\"interface\">io.rpcbench.example.OrderService</stringProp>")
                    .contains("<stringProp name=\"method\">total</stringProp>")
                    .contains("&quot;sku&quot;: &quot;A-1&quot;, &quot;unitPrice&quot;: 12.30");

            JMeterRun run = JMeterRun.of(checkout, PLAN, dir.resolve("run")).dashboard(false);
            run.run(Duration.ofMinutes(2));
            List<JtlSample> samples = Plans.samples(run.jtl());
            assertThat(samples).hasSize(SAMPLES);
            String dubbo = provider.endpoints().dubbo().orElseThrow();
            assertThat(samples).allSatisfy(sample -> {
                assertThat(sample.label()).isEqualTo("Dubbo Request");
                assertThat(sample.success()).as("success of %s (the Response Assertion: the total is %s)", sample,
                        TOTAL).isTrue();
                assertThat(sample.url()).as("the provider that answered")
                        .isEqualTo("dubbo://127.0.0.1:" + ProviderEndpoints.port(dubbo));
            });
        } finally {
            assertThat(provider.stop()).as("provider exit code after SIGTERM").isZero();
        }
    }

    /** The person's steps of the class comment, in a JMeter GUI on {@code display}, ending with the plan saved. */
    private static void buildInGui(XvfbDisplay display, Path plan) throws Exception {
        Path log = LOGS.resolve(PLAN + ".jmeter.log");
        Path failed = SCREENSHOTS.resolve("dubbo-request-in-gui-failed.png");
        Files.deleteIfExists(failed); // a run before's
        try (ChildProcess jmeter = openInGui(display, plan, log)) {
            try {
                String file = plan.getFileName().toString();
                display.awaitWindows(jmeter, titles -> titles.stream().anyMatch(title -> isMainWindowFor(title, file))
                        && titles.stream().noneMatch(String::isBlank), START_DEADLINE, "its main window with " + file);
                String main = display.windowId(" - Apache JMeter \\(");
                display.fillScreen(main);
                SwingProbe probe = SwingProbe.of(jmeter);

                addDubboRequestToTheThreadGroup(display, probe);
                browseForOrderServiceTotal(display, jmeter, probe);
                typeTheOrderLine(display, probe);
                display.screenshot(main, SCREENSHOTS.resolve("dubbo-request.png"));
                SwingProbe.Box defaults = probe.await(STEP_DEADLINE, "Dubbo Defaults in the tree", "tree-row",
                        "Dubbo Defaults");
                display.click(defaults.centreX(), defaults.centreY(), 1);
                probe.await(STEP_DEADLINE, "the Dubbo Defaults panel", "component", "dubboDefaults.address");
                display.screenshot(main, SCREENSHOTS.resolve("dubbo-defaults.png"));
                JMeterGui.save(display, jmeter, probe, plan, "io.rpcbench.elements.model.DubboRequest",
                        STEP_DEADLINE);
            } catch (RuntimeException | AssertionError e) {
                display.screenshot(failed); // what the person saw
                throw e;
            }
            assertThat(dialogs(display.windowTitles())).as("dialogs after saving").isEmpty();
            assertThat(errorLines(Files.readAllLines(log))).as("ERROR lines in %s", log).isEmpty();
        }
    }

    /** Click the Thread Group, right-click it, Add, Sampler, Dubbo Request: the new request is selected. */
    private static void addDubboRequestToTheThreadGroup(XvfbDisplay display, SwingProbe probe) {
        SwingProbe.Box threadGroup = probe.await(STEP_DEADLINE, "the Thread Group in the tree",
                "tree-row", "Thread Group");
        display.click(threadGroup.centreX(), threadGroup.centreY(), 1);
        probe.await(STEP_DEADLINE, "the Thread Group selected", SwingProbe.Box::on, "tree-row", "Thread Group");
        display.click(threadGroup.centreX(), threadGroup.centreY(), 3);
        clickWhenShown(display, probe, "Add", STEP_DEADLINE);
        clickWhenShown(display, probe, "Sampler", STEP_DEADLINE);
        clickWhenShown(display, probe, "Dubbo Request", STEP_DEADLINE);
        probe.await(STEP_DEADLINE, "the new Dubbo Request selected in the tree", SwingProbe.Box::on,
                "tree-row", "Dubbo Request");
    }

    /** Browse, OrderService, total (screenshot), OK: the request's fields filled from the registry. */
    private static void browseForOrderServiceTotal(XvfbDisplay display, ChildProcess jmeter, SwingProbe probe)
            throws IOException {
        clickWhenShown(display, probe, "dubbo.browse", STEP_DEADLINE);
        display.awaitWindows(jmeter, titles -> titles.contains(BROWSE_TITLE), STEP_DEADLINE, "the Browse dialog");
        try {
            pick(display, probe, "dubbo.browse.services", "io.rpcbench.example.OrderService ");
        } catch (IllegalStateException e) {
            throw new IllegalStateException(e.getMessage() + "; the dialog says: " + probe.text("dubbo.browse.message"),
                    e);
        }
        pick(display, probe, "dubbo.browse.methods", " total(");
        SwingProbe.Box ok = probe.await(STEP_DEADLINE, "OK enabled", SwingProbe.Box::on, "component",
                "dubbo.browse.ok");
        display.screenshot(display.windowId("^" + BROWSE_TITLE + "$"), SCREENSHOTS.resolve("browse-dialog.png"));
        display.click(ok.centreX(), ok.centreY(), 1);
        display.awaitWindows(jmeter, titles -> !titles.contains(BROWSE_TITLE), STEP_DEADLINE,
                "the Browse dialog closed");
        probe.awaitText(STEP_DEADLINE, "dubbo.arguments", TEMPLATE);
        assertThat(probe.text("dubbo.interface")).isEqualTo("io.rpcbench.example.OrderService");
        assertThat(probe.text("dubbo.method")).isEqualTo("total");
        assertThat(probe.text("dubbo.parameter_types")).isEqualTo("java.util.List<io.rpcbench.example.OrderLine>");
    }

    /**
     * The order line's values, typed where a person would click. Each next place is asked for once the keys before
     * have arrived: the problem shown under the field while the JSON is incomplete moves the field.
     */
    private static void typeTheOrderLine(XvfbDisplay display, SwingProbe probe) {
        clickInto(display, probe, "\"sku\": \"");
        display.type("A-1");
        probe.awaitText(STEP_DEADLINE, "dubbo.arguments", TEMPLATE.replace("\"sku\": \"\"", "\"sku\": \"A-1\""));
        replaceValue(display, probe, "\"quantity\": 0", "3");
        probe.awaitText(STEP_DEADLINE, "dubbo.arguments", TYPED.replace("12.30", "0"));
        replaceValue(display, probe, "\"unitPrice\": 0", "12.30");
        probe.awaitText(STEP_DEADLINE, "dubbo.arguments", TYPED);
    }

    /**
     * Waits for the entry of {@code list} holding {@code text}, clicks it, and waits until it is selected; clicks it
     * again, as a person would, while it is not (in {@code --full}, on a busy machine, a click on a dialog just shown
     * was once lost: the entry stayed unselected for the whole step), until the step's deadline.
     */
    private static void pick(XvfbDisplay display, SwingProbe probe, String list, String text) {
        SwingProbe.Box entry = probe.await(BROWSE_DEADLINE, "'" + text + "' in " + list, "list-item", list, text);
        long end = System.nanoTime() + STEP_DEADLINE.toNanos();
        while (true) {
            display.click(entry.centreX(), entry.centreY(), 1);
            try {
                probe.await(CLICK_AGAIN_AFTER, "'" + text + "' selected in " + list, SwingProbe.Box::on, "list-item",
                        list, text);
                return;
            } catch (IllegalStateException notYet) {
                if (System.nanoTime() > end) {
                    throw notYet;
                }
            }
            entry = probe.await(STEP_DEADLINE, "'" + text + "' in " + list, "list-item", list, text);
        }
    }

    /** Clicks in the arguments field on the right half of the last character of {@code snippet}: the caret after it. */
    private static void clickInto(XvfbDisplay display, SwingProbe probe, String snippet) {
        SwingProbe.Box character = probe.await(STEP_DEADLINE, snippet + " in the arguments", "char", "dubbo.arguments",
                snippet);
        display.click(character.rightHalfX(), character.centreY(), 1);
    }

    /** Replaces the one-character value that ends {@code snippet} (e.g. {@code "quantity": 0}) by {@code value}. */
    private static void replaceValue(XvfbDisplay display, SwingProbe probe, String snippet, String value) {
        clickInto(display, probe, snippet);
        display.key("BackSpace");
        display.type(value);
    }

    /** {@code bin/jmeter -t plan} with the probe, on {@code display}. */
    private static ChildProcess openInGui(XvfbDisplay display, Path plan, Path log) throws IOException {
        return JMeterGui.start(display, plan, log, LOGS.resolve(PLAN + ".out"), List.of(SwingProbe.INIT_OPTION,
                // Else Save copies the plan before into the home's backups/ folder.
                "-Jjmeter.gui.action.save.backup_on_save=false"));
    }
}
