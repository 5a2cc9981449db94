package io.rpcbench.benchmark;

import io.rpcbench.benchmark.process.ProjectLayout;
import io.rpcbench.process.ChildProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The JMeter GUI of the laid-out home as the GUI tests start and read it: started on a private display with a plan,
 * its main window told from the dialogs over it by title, the ERROR lines of its log.
 *
 * <p>Order of calls: {@link #start} on an {@link XvfbDisplay}, then watch the display's window titles with
 * {@link #isMainWindowFor} and {@link #dialogs}, read the log with {@link #errorLines}, and close the process.
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
}
