package io.rpcbench.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.benchmark.process.ProjectLayout;
import io.rpcbench.process.ChildProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Assumptions;

/**
 * The JMeter GUI of the laid-out home as the GUI tests start and read it: started on a private display with a plan,
 * its main window told from the dialogs over it by title, the ERROR lines of its log.
 *
 * <p>Order of calls: {@link #requireXTools}, {@link #start} on an {@link XvfbDisplay}, then watch the display's window titles with {@link #isMainWindowFor} and {@link #dialogs},
 * {@link #clickWhenShown} what a {@link SwingProbe} finds, {@link #save}, read the log with {@link #errorLines}, and
 * close the process.
 */
final class JMeterGui {

    /** JMeter's main window: "Apache JMeter (5.6.3)", or "plan.jmx (/path/plan.jmx) - Apache JMeter (5.6.3)". */
    static final Pattern MAIN_WINDOW = Pattern.compile("(.* - )?Apache JMeter \\([^)]*\\)");
    /** A line of JMeter's log at level ERROR: "2026-01-01 12:00:00,000 ERROR o.a.j...". */
    private static final Pattern ERROR_LINE = Pattern.compile("^\\S+ \\S+ ERROR .*");

    private JMeterGui() {}

    /**
     * {@code bin/jmeter -t plan -j log} and {@code options} on {@code display}, with the JDK running this test, its
     * output to {@code output}; {@code log} is written anew.
     */
    static ChildProcess start(XvfbDisplay display, Path plan, Path log, Path output, List<String> options)
            throws IOException {
        Files.createDirectories(log.toAbsolutePath().getParent());
        Files.deleteIfExists(log);
        List<String> command = new ArrayList<>(List.of(Plans.LAYOUT.jmeterLauncher().toString(),
                "-t", plan.toString(), "-j", log.toString()));
        command.addAll(options);
        Map<String, String> environment = Map.of(
                "JAVA_HOME", ProjectLayout.javaHome(),
                "DISPLAY", display.name(),
                // JMeter remembers opened plans in the user's Java preferences; keep the developer's list as it was.
                "JVM_ARGS", "-Djava.util.prefs.userRoot=" + log.toAbsolutePath().getParent().resolve("java-prefs"));
        return ChildProcess.start("jmeter gui " + plan.getFileName(), command, environment, output);
    }

    /** Whether {@code title} is JMeter's main window showing the plan of file name {@code planFile}. */
    static boolean isMainWindowFor(String title, String planFile) {
        return MAIN_WINDOW.matcher(title).matches() && title.startsWith(planFile + " ");
    }

    /**
     * The windows that are neither JMeter's main window nor its untitled splash screen: JOptionPane dialogs
     * ("Error", "Warning", ...) or anything else that pops up over the plan.
     */
    static List<String> dialogs(List<String> titles) {
        return titles.stream()
                .filter(title -> !title.isBlank() && !MAIN_WINDOW.matcher(title).matches())
                .toList();
    }

    static List<String> errorLines(List<String> lines) {
        return lines.stream().filter(line -> ERROR_LINE.matcher(line).matches()).toList();
    }

    /** Fails naming the missing packages, or skips when the GUI check was declared optional. */
    static void requireXTools(String check) {
        List<XvfbDisplay.Tool> missing = XvfbDisplay.missingTools();
        if (!missing.isEmpty()) {
            String message = XvfbDisplay.missingToolsMessage(check, missing);
            Assumptions.assumeFalse(Boolean.getBoolean("rpcbench.gui.optional"), message);
            Assertions.fail(message);
        }
    }

    /** Waits until the component named or labelled {@code key} is shown and enabled, and clicks its middle. */
    static void clickWhenShown(XvfbDisplay display, SwingProbe probe, String key, Duration deadline) {
        SwingProbe.Box box = probe.await(deadline, key, SwingProbe.Box::on, "component", key);
        display.click(box.centreX(), box.centreY(), 1);
    }

    /**
     * File, Save: waits until JMeter has written the plan anew, its file differing from before and holding
     * {@code element} (a class name the person added).
     */
    static void save(XvfbDisplay display, ChildProcess jmeter, SwingProbe probe, Path plan, String element,
            Duration deadline) throws IOException {
        String before = Files.readString(plan);
        clickWhenShown(display, probe, "File", deadline);
        clickWhenShown(display, probe, "Save", deadline);
        long end = System.nanoTime() + deadline.toNanos();
        while (true) {
            String now = Files.readString(plan);
            if (!now.equals(before) && now.contains(element) && now.strip().endsWith("</jmeterTestPlan>")) {
                return;
            }
            if (!jmeter.isAlive() || System.nanoTime() > end) {
                Assertions.fail("JMeter did not save " + plan + " within " + deadline.toSeconds() + " s; last "
                        + "output:\n" + jmeter.tail());
            }
            try {
                Thread.sleep(200); // a poll interval, not a readiness guess
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted while waiting for the save", e);
            }
        }
    }
}
