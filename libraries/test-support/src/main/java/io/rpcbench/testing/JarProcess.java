package io.rpcbench.testing;

import io.rpcbench.process.ChildProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A project jar ({@code java -jar}) in a JVM of its own, for servers whose classes must stay off the tests' class
 * path: the provider app (its lib/ holds the example API) and the Dubbo 2.7 provider (Dubbo 2.7 and Dubbo 3 can
 * never share one). Its stdout lines are collected as they come, its stderr kept in a file for failure messages.
 *
 * <p>Order of calls: {@link #start} returns once a stdout line matches the ready pattern (lines before it are
 * skipped), or fails naming what was printed, within a deadline; {@link #launch} returns at once, for a test of what
 * the process prints or how it exits ({@link #nextLine}, {@link #exitCode()}). {@link #stop()} sends SIGTERM to the
 * PID and waits; {@link #close()} stops the process by its PID if it still runs (killing it after a deadline), also
 * when a test fails.
 *
 * <pre>{@code
 * try (JarProcess dubbo27 = JarProcess.start(JarProcess.jar("rpcbench.dubbo27.jar", "targets/dubbo27-provider/target/rpcbench-dubbo27-provider.jar"),
 *         Pattern.compile("rpcbench-dubbo27-provider ready dubbo=dubbo://127\\.0\\.0\\.1:(\\d+)"), "--port", "0")) {
 *     int port = Integer.parseInt(dubbo27.ready().group(1));
 * }
 * }</pre>
 *
 * The child runs on {@code -Drpcbench.child.java} when given (e.g. a JDK 25 {@code bin/java}), else on the JVM
 * running the tests. The process itself (the wait for a line, the stop by PID, the kill when the JVM of the tests
 * exits first) is child-process's {@link ChildProcess}, the one the benchmark starts its processes with; this class
 * adds the {@code java -jar} command, stdout line by line and the ready line's groups.
 */
public final class JarProcess implements AutoCloseable {

    private static final Duration READY_DEADLINE = Duration.ofSeconds(90);
    /** Dubbo 2.7 alone takes about 5 s to close its Netty server (see OrderServiceExport in dubbo27-provider). */
    private static final Duration EXIT_DEADLINE = Duration.ofSeconds(30);
    /** How long the stdout copy may take to hand on a line the process has already printed. */
    private static final Duration LINE_HANDOVER = Duration.ofSeconds(5);

    private final ChildProcess child;
    private final Path stdout;
    private final Path stderr;
    private final BlockingQueue<String> lines;
    private final List<String> seen = new ArrayList<>();
    private Matcher ready;

    private JarProcess(ChildProcess child, Path stdout, Path stderr, BlockingQueue<String> lines) {
        this.child = child;
        this.stdout = stdout;
        this.stderr = stderr;
        this.lines = lines;
    }

    /**
     * A project jar: the one the system property names (the modules' failsafe configurations set it), else
     * {@code defaultPath} in the checkout: the first folder up from the working directory (a module's) that holds
     * {@code mvnw}.
     *
     * @param defaultPath relative to the checkout, e.g. {@code provider-app/target/rpcbench-provider-app.jar}
     * @throws IllegalStateException when there is no such file, naming it and how to build it
     */
    public static Path jar(String property, String defaultPath) {
        String named = System.getProperty(property);
        Path jar = named != null ? Paths.get(named) : checkout().resolve(defaultPath);
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("no jar at " + jar.toAbsolutePath() + " (" + property + "); build it "
                    + "first: the reactor does, e.g. ./mvnw -pl <module> -am verify");
        }
        return jar;
    }

    /** The checkout: the working directory or the first folder above it that holds {@code mvnw}. */
    public static Path checkout() {
        Path start = Paths.get("").toAbsolutePath();
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("mvnw"))) {
                return dir;
            }
        }
        throw new IllegalStateException("no rpcbench checkout (a folder with mvnw) at or above " + start);
    }

    /**
     * Starts {@code java -jar <jar> <options>} and waits for its ready line; stops it again if that does not come.
     *
     * @param readyLine a whole stdout line; its groups are {@link #ready()}'s
     */
    public static JarProcess start(Path jar, Pattern readyLine, String... options)
            throws IOException, InterruptedException {
        return start(List.of(), jar, readyLine, options);
    }

    /**
     * As {@link #start(Path, Pattern, String...)}, with options for the child's JVM before {@code -jar}.
     *
     * @param jvmOptions e.g. {@code -Ddubbo.application.register-mode=instance}
     */
    public static JarProcess start(List<String> jvmOptions, Path jar, Pattern readyLine, String... options)
            throws IOException, InterruptedException {
        JarProcess child = launch(jvmOptions, jar, options);
        try {
            child.awaitReady(readyLine);
            return child;
        } catch (RuntimeException | Error | InterruptedException e) {
            child.close();
            throw e;
        }
    }

    /** Starts {@code java -jar <jar> <options>} and returns at once. */
    public static JarProcess launch(Path jar, String... options) throws IOException {
        return launch(List.of(), jar, options);
    }

    /** Starts {@code java <jvmOptions> -jar <jar> <options>} and returns at once. */
    public static JarProcess launch(List<String> jvmOptions, Path jar, String... options) throws IOException {
        String java = System.getProperty("rpcbench.child.java",
                Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        List<String> command = new ArrayList<>(List.of(java));
        // The options the tests give the JVMs they start (the parent pom: C1 only), then the caller's.
        String testOptions = System.getProperty("rpcbench.child.jvm.options", "").strip();
        if (!testOptions.isEmpty()) {
            command.addAll(List.of(testOptions.split("\\s+")));
        }
        command.addAll(jvmOptions);
        command.addAll(List.of("-jar", jar.toString()));
        command.addAll(List.of(options));
        Path stdout = Files.createTempFile("rpcbench-jar-process-", ".out");
        Path stderr = Files.createTempFile("rpcbench-jar-process-", ".err");
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        ChildProcess child = ChildProcess.startWithErrorsApart(jar.getFileName().toString(), command, stdout, stderr,
                lines::add);
        return new JarProcess(child, stdout, stderr, lines);
    }

    /** Waits for the ready line; the lines before it, and it, are taken off the lines {@link #nextLine} reads. */
    private void awaitReady(Pattern readyLine) throws InterruptedException {
        String line;
        try {
            line = child.awaitLine(printed -> readyLine.matcher(printed).matches(), READY_DEADLINE);
        } catch (IllegalStateException e) {
            throw new AssertionError("pid " + pid() + ", no line matching " + readyLine + ": " + e.getMessage()
                    + "\nstderr:\n" + stderr(), e);
        }
        while (!line.equals(nextLine(LINE_HANDOVER))) {
            // a line before the ready line: skipped, as the wait above did
        }
        Matcher matcher = readyLine.matcher(line);
        matcher.matches();
        ready = matcher;
    }

    /** The ready line, matched: its groups carry what the server printed (ports, addresses). */
    public Matcher ready() {
        return ready;
    }

    public long pid() {
        return child.pid();
    }

    /** The next stdout line, waiting at most {@code deadline}. */
    public String nextLine(Duration deadline) throws InterruptedException {
        String line = lines.poll(deadline.toMillis(), TimeUnit.MILLISECONDS);
        if (line == null) {
            throw new AssertionError("no line on stdout of pid " + pid() + " within " + deadline
                    + "; stdout so far " + seen + ", stderr:\n" + stderr());
        }
        seen.add(line);
        return line;
    }

    /**
     * Stops the process by its PID (SIGTERM; SIGKILL after {@link ChildProcess}'s grace period) and returns its exit
     * code. Its last stdout lines, e.g. the one printed on stop, stay readable by {@link #nextLine}.
     */
    public int stop() throws InterruptedException {
        return child.stop();
    }

    /** Waits for the process to end by itself; kills it (by its PID) when it has not within the deadline. */
    public int exitCode() throws InterruptedException {
        try {
            return child.awaitExit(EXIT_DEADLINE);
        } catch (IllegalStateException e) {
            child.kill();
            throw new AssertionError(e.getMessage() + "\nstderr:\n" + stderr(), e);
        }
    }

    public String stderr() {
        try {
            return Files.readString(stderr);
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }

    /** Stops the process if it still runs (SIGTERM, then a kill after the grace period) and deletes its files. */
    @Override
    public void close() {
        try {
            child.close();
        } finally {
            try {
                Files.deleteIfExists(stdout);
                Files.deleteIfExists(stderr);
            } catch (IOException e) {
                // A temporary file left behind is not worth failing a test for.
            }
        }
    }
}
