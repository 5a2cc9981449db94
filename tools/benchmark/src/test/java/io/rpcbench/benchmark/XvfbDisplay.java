package io.rpcbench.benchmark;

import io.rpcbench.process.ChildProcess;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A private X display for checking a GUI program: an Xvfb server of its own, the titles of the windows
 * shown on it, screenshots, and a person's mouse and keyboard (xdotool through XTEST, so the program gets them as
 * real input events). The server listens on its Unix socket only ({@code -nolisten tcp}) and is
 * stopped by its PID.
 *
 * <p>Order of calls: {@link #missingTools()} (empty when every program is installed), {@link #start}, then
 * start the GUI program with {@link #environment()}, wait for its windows with {@link #awaitWindows} and
 * {@link #awaitSteadyWindows}, take {@link #screenshot}s (of the screen, or of one window by its {@link #windowId}),
 * {@link #click}, {@link #key} and {@link #type} where the program's windows are, and finally {@link #close}.
 */
final class XvfbDisplay implements AutoCloseable {

    /** A program this class runs, and the Debian package that installs it. */
    record Tool(String program, String debianPackage) {}

    static final List<Tool> TOOLS = List.of(
            new Tool("Xvfb", "xvfb"), new Tool("xdotool", "xdotool"), new Tool("import", "imagemagick"));

    private static final int WIDTH = 1280;
    private static final int HEIGHT = 800;
    private static final String SCREEN = WIDTH + "x" + HEIGHT + "x24";
    private static final Duration START_DEADLINE = Duration.ofSeconds(20);
    private static final Duration CLIENT_DEADLINE = Duration.ofSeconds(20);
    private static final Duration POLL_INTERVAL = Duration.ofMillis(250);

    private final ChildProcess xvfb;
    private final String display;

    private XvfbDisplay(ChildProcess xvfb, String display) {
        this.xvfb = xvfb;
        this.display = display;
    }

    /**
     * What a GUI test must say when programs of {@link #TOOLS} are missing: which, and the packages that install them.
     *
     * @param check what needs them, e.g. "the JMeter GUI check"
     */
    static String missingToolsMessage(String check, List<Tool> missing) {
        return check + " needs " + missing.stream().map(Tool::program).collect(Collectors.joining(" "))
                + " on the PATH; install them with 'apt-get install -y "
                + missing.stream().map(Tool::debianPackage).collect(Collectors.joining(" "))
                + "' (or pass -Drpcbench.gui.optional=true to skip it)";
    }

    /** The programs of {@link #TOOLS} that are not on the {@code PATH}. */
    static List<Tool> missingTools() {
        String path = System.getenv().getOrDefault("PATH", "");
        return TOOLS.stream()
                .filter(tool -> Stream.of(path.split(File.pathSeparator))
                        .filter(dir -> !dir.isEmpty())
                        .noneMatch(dir -> Files.isExecutable(Path.of(dir, tool.program()))))
                .toList();
    }

    /**
     * Starts Xvfb and waits until it accepts clients.
     *
     * @param log where the server's output goes
     */
    static XvfbDisplay start(Path log) throws IOException {
        // -displayfd: the server takes the first free display number itself (no race with another server
        // picking the same one) and prints it only once it accepts connections, so that line is the ready signal.
        ChildProcess xvfb = ChildProcess.start("Xvfb",
                List.of("Xvfb", "-displayfd", "1", "-screen", "0", SCREEN, "-nolisten", "tcp"), Map.of(), log);
        try {
            String number = xvfb.awaitLine(line -> line.strip().matches("\\d+"), START_DEADLINE);
            return new XvfbDisplay(xvfb, ":" + number.strip());
        } catch (RuntimeException e) {
            xvfb.close();
            throw e;
        }
    }

    /** The display name, e.g. {@code :1}. */
    String name() {
        return display;
    }

    /** The environment a GUI program needs to open its windows on this display. */
    Map<String, String> environment() {
        return Map.of("DISPLAY", display);
    }

    /**
     * The titles of the top-level windows shown (mapped) on this display, in stacking order; a window without
     * a title is left out, one titled with blanks (like JMeter's splash screen) is not.
     */
    List<String> windowTitles() {
        // xdotool exits with 1 and prints nothing when no window matches. A window that closes between the
        // search and the title lookup (JMeter's splash screen does) makes it fail with BadWindow: list again.
        Output titles = listWindowTitles();
        for (int attempt = 1; attempt < 5 && titles.errors().contains("BadWindow"); attempt++) {
            titles = listWindowTitles();
        }
        if (titles.exit() != 0 && !(titles.exit() == 1 && titles.text().isEmpty())) {
            throw new IllegalStateException("xdotool could not list the windows of display " + display
                    + " (exit code " + titles.exit() + "): " + titles.errors());
        }
        return titles.text().lines().toList();
    }

    private Output listWindowTitles() {
        return run("xdotool", "search", "--onlyvisible", "--maxdepth", "1", "--name", ".+", "getwindowname", "%@");
    }

    /**
     * Polls the window titles until {@code wanted} accepts them.
     *
     * @param owner the program expected to show the windows: waiting ends with its last output when it exits
     * @param what what is awaited, for the message
     * @return the accepted titles
     * @throws IllegalStateException when the deadline passes or {@code owner} exits first
     */
    List<String> awaitWindows(ChildProcess owner, Predicate<List<String>> wanted, Duration deadline, String what) {
        long end = System.nanoTime() + deadline.toNanos();
        List<String> titles = windowTitles();
        while (!wanted.test(titles)) {
            if (!owner.isAlive()) {
                throw new IllegalStateException(owner.name() + " exited before showing " + what
                        + "; windows shown: " + titles + "; last output:\n" + owner.tail());
            }
            if (System.nanoTime() > end) {
                throw new IllegalStateException(owner.name() + " did not show " + what + " within "
                        + deadline.toSeconds() + " s; windows shown: " + titles);
            }
            pause(POLL_INTERVAL);
            titles = windowTitles();
        }
        return titles;
    }

    /**
     * Polls the window titles until two polls {@code interval} apart see the same windows, so that a dialog a
     * program queues right after its main work has had time to appear.
     *
     * @return the steady titles
     * @throws IllegalStateException when the windows still change after {@code deadline}
     */
    List<String> awaitSteadyWindows(Duration interval, Duration deadline) {
        long end = System.nanoTime() + deadline.toNanos();
        List<String> before = windowTitles();
        while (true) {
            pause(interval);
            List<String> now = windowTitles();
            if (now.equals(before)) {
                return now;
            }
            if (System.nanoTime() > end) {
                throw new IllegalStateException("the windows of display " + display + " still change after "
                        + deadline.toSeconds() + " s; last seen: " + now);
            }
            before = now;
        }
    }

    /** Saves the whole screen as a PNG. */
    void screenshot(Path png) throws IOException {
        Files.createDirectories(png.toAbsolutePath().getParent());
        Output shot = run("import", "-display", display, "-window", "root", png.toString());
        if (shot.exit() != 0 || !Files.isRegularFile(png)) {
            throw new IllegalStateException("could not save a screenshot of display " + display + " to " + png
                    + " (exit code " + shot.exit() + "): " + shot.errors());
        }
    }

    /**
     * The id of the first shown top-level window whose title matches {@code title} (a regular expression, as xdotool
     * reads it), for {@link #screenshot(String, Path)}.
     *
     * @throws IllegalStateException when none is shown
     */
    String windowId(String title) {
        Output ids = run("xdotool", "search", "--onlyvisible", "--maxdepth", "1", "--name", title);
        List<String> found = ids.text().lines().filter(line -> !line.isBlank()).toList();
        if (found.isEmpty()) {
            throw new IllegalStateException("no window titled " + title + " on display " + display + "; windows: "
                    + windowTitles());
        }
        return found.get(0).strip();
    }

    /** Saves the window {@code windowId} alone (its own pixels as shown, cropped to it) as a PNG. */
    void screenshot(String windowId, Path png) throws IOException {
        Files.createDirectories(png.toAbsolutePath().getParent());
        Output shot = run("import", "-display", display, "-window", windowId, png.toString());
        if (shot.exit() != 0 || !Files.isRegularFile(png)) {
            throw new IllegalStateException("could not save a screenshot of window " + windowId + " of display "
                    + display + " to " + png + " (exit code " + shot.exit() + "): " + shot.errors());
        }
    }

    /** Gives the window {@code windowId} the whole screen, as a person maximizes it (there is no window manager). */
    void fillScreen(String windowId) {
        expectSuccess(run("xdotool", "windowmove", "--sync", windowId, "0", "0"));
        expectSuccess(run("xdotool", "windowsize", "--sync", windowId, Integer.toString(WIDTH),
                Integer.toString(HEIGHT)));
    }

    /** Moves the pointer to ({@code x}, {@code y}) and clicks {@code button} (1 left, 3 right), as a person's mouse. */
    void click(int x, int y, int button) {
        // xdotool 3.20160805's mousemove --sync waits for the pointer to move, forever when it is already there (a
        // right-click where the left click before was): then the click alone.
        Output at = run("xdotool", "getmouselocation", "--shell");
        expectSuccess(at);
        if (at.text().contains("X=" + x + "\n") && at.text().contains("Y=" + y + "\n")) {
            expectSuccess(run("xdotool", "click", Integer.toString(button)));
        } else {
            expectSuccess(run("xdotool", "mousemove", "--sync", Integer.toString(x), Integer.toString(y),
                    "click", Integer.toString(button)));
        }
    }

    /** Presses keys (xdotool's names, e.g. {@code ctrl+a}, {@code BackSpace}) into the focused window, in turn. */
    void key(String... keys) {
        expectSuccess(run(Stream.concat(Stream.of("xdotool", "key"), Stream.of(keys)).toArray(String[]::new)));
    }

    /** Types {@code text} into the focused window, key by key. */
    void type(String text) {
        expectSuccess(run("xdotool", "type", "--delay", "30", text));
    }

    private void expectSuccess(Output client) {
        if (client.exit() != 0) {
            throw new IllegalStateException("xdotool failed on display " + display + " (exit code " + client.exit()
                    + "): " + client.errors());
        }
    }

    /** Stops the server by its PID. */
    @Override
    public void close() {
        xvfb.close();
    }

    /** What a short X client did: its exit code, what it printed, and its error messages. */
    private record Output(int exit, String text, String errors) {}

    /**
     * Runs a short X client to its end. Not a {@link ChildProcess}: that one is for long-lived children, and
     * here the whole output is needed right when the client exits.
     */
    private Output run(String... command) {
        String commandLine = String.join(" ", command);
        Path out = null;
        Path err = null;
        Process client = null;
        try {
            out = Files.createTempFile("rpcbench-x-client", ".out");
            err = Files.createTempFile("rpcbench-x-client", ".err");
            ProcessBuilder builder = new ProcessBuilder(command)
                    .redirectOutput(out.toFile()).redirectError(err.toFile());
            builder.environment().putAll(environment());
            client = builder.start();
            if (!client.waitFor(CLIENT_DEADLINE.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new IllegalStateException(commandLine + " did not finish within " + CLIENT_DEADLINE.toSeconds()
                        + " s on display " + display);
            }
            // Not stripped: a title of blanks is a line of its own.
            return new Output(client.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                    Files.readString(err, StandardCharsets.UTF_8).strip());
        } catch (IOException e) {
            throw new IllegalStateException("cannot run " + commandLine + ": " + e.getMessage(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + commandLine, e);
        } finally {
            if (client != null && client.isAlive()) {
                client.toHandle().destroyForcibly();
            }
            deleteQuietly(out);
            deleteQuietly(err);
        }
    }

    private static void deleteQuietly(Path file) {
        if (file != null) {
            try {
                Files.deleteIfExists(file);
            } catch (IOException e) {
                // a leftover temp file is harmless
            }
        }
    }

    /** The wait between two polls of the window list (a poll interval, not a readiness guess). */
    private static void pause(Duration interval) {
        try {
            Thread.sleep(interval.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while watching the windows", e);
        }
    }
}
