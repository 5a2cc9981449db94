package io.rpcbench.sampler;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
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
 * never share one). {@link #start} returns once the first stdout line matches the ready pattern, or fails naming
 * what was printed; {@link #close()} stops the process by its PID with SIGTERM, and kills it if it has not ended
 * within a deadline, also when a test fails.
 *
 * <pre>{@code
 * try (JarProcess zk = JarProcess.start("rpcbench.provider.jar", "../provider-app/target/rpcbench-provider-app.jar",
 *         Pattern.compile("rpcbench-provider ready zookeeper=(\\S+)"), "--zookeeper-port", "0", "--no-dubbo", "--no-thrift")) {
 *     zk.ready().group(1);   // 127.0.0.1:<port>
 * }
 * }</pre>
 *
 * The child runs on {@code -Drpcbench.child.java} when given (e.g. a JDK 25 {@code bin/java}), else on the JVM
 * running the tests.
 */
public final class JarProcess implements AutoCloseable {

    private static final Duration READY_DEADLINE = Duration.ofSeconds(90);
    /** Dubbo 2.7 alone takes about 5 s to close its Netty server (see OrderServiceExport in dubbo27-provider). */
    private static final Duration STOP_DEADLINE = Duration.ofSeconds(30);

    private final Process process;
    private final Path stderr;
    private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
    private final List<String> seen = new ArrayList<>();
    private Matcher ready;

    private JarProcess(Process process, Path stderr) {
        this.process = process;
        this.stderr = stderr;
        Thread reader = new Thread(this::readStdout, "jar-process-stdout-" + process.pid());
        reader.setDaemon(true);
        reader.start();
    }

    /**
     * Starts {@code java -jar <jar> <options>} and waits for its ready line.
     *
     * @param jarProperty the system property naming the jar (set by this module's failsafe configuration)
     * @param defaultJar  the jar when that property is not set, relative to this module
     * @param readyLine   the whole first stdout line; its groups are {@link #ready()}'s
     */
    public static JarProcess start(String jarProperty, String defaultJar, Pattern readyLine, String... options)
            throws IOException, InterruptedException {
        Path jar = Paths.get(System.getProperty(jarProperty, defaultJar));
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("no jar at " + jar.toAbsolutePath() + " (" + jarProperty + "); build it "
                    + "first: the reactor does, e.g. ./mvnw -pl jmeter-dubbo-sampler -am verify");
        }
        String java = System.getProperty("rpcbench.child.java",
                Paths.get(System.getProperty("java.home"), "bin", "java").toString());
        List<String> command = new ArrayList<>(List.of(java, "-jar", jar.toString()));
        command.addAll(List.of(options));
        Path stderr = Files.createTempFile("rpcbench-jar-process-", ".err");
        Process process = new ProcessBuilder(command).redirectError(stderr.toFile()).start();
        JarProcess child = new JarProcess(process, stderr);
        try {
            child.awaitReady(readyLine);
            return child;
        } catch (RuntimeException | Error | InterruptedException e) {
            child.close();
            throw e;
        }
    }

    private void awaitReady(Pattern readyLine) throws InterruptedException {
        String line = nextLine(READY_DEADLINE);
        Matcher matcher = readyLine.matcher(line);
        if (!matcher.matches()) {
            throw new AssertionError("expected a line matching " + readyLine + ", got '" + line + "'; stderr:\n"
                    + stderr());
        }
        ready = matcher;
    }

    /** The ready line, matched: its groups carry what the server printed (ports, addresses). */
    public Matcher ready() {
        return ready;
    }

    public long pid() {
        return process.pid();
    }

    /** The next stdout line, waiting at most {@code deadline}. */
    public String nextLine(Duration deadline) throws InterruptedException {
        String line = lines.poll(deadline.toMillis(), TimeUnit.MILLISECONDS);
        if (line == null) {
            throw new AssertionError("no line on stdout of pid " + process.pid() + " within " + deadline
                    + "; stdout so far " + seen + ", stderr:\n" + stderr());
        }
        seen.add(line);
        return line;
    }

    /**
     * Sends SIGTERM to the PID and waits for the exit code. {@code ProcessHandle.destroy()} rather than
     * {@code Process.destroy()}: the latter also closes our end of stdout, losing the line printed on stop.
     */
    public int stop() throws InterruptedException {
        process.toHandle().destroy();
        if (!process.waitFor(STOP_DEADLINE.toMillis(), TimeUnit.MILLISECONDS)) {
            process.destroyForcibly();
            throw new AssertionError("pid " + process.pid() + " did not end within " + STOP_DEADLINE
                    + " of SIGTERM; stderr:\n" + stderr());
        }
        return process.exitValue();
    }

    public String stderr() {
        try {
            return Files.readString(stderr);
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }

    /** Stops the process if it still runs (SIGTERM, then a kill after the deadline) and deletes its stderr file. */
    @Override
    public void close() {
        try {
            if (process.isAlive()) {
                stop();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            if (process.isAlive()) {
                process.destroyForcibly();
            }
            try {
                Files.deleteIfExists(stderr);
            } catch (IOException e) {
                // A temporary file left behind is not worth failing a test for.
            }
        }
    }

    private void readStdout() {
        try (BufferedReader reader = new BufferedReader(
                new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                lines.add(line);
            }
        } catch (IOException e) {
            // The process ended; nextLine reports the missing line.
        }
    }
}
