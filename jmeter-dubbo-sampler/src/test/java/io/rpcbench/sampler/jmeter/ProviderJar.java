package io.rpcbench.sampler.jmeter;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The provider app's jar ({@code rpcbench.provider.jar}, set by failsafe) in its own JVM on free ports: started,
 * waited for until it prints its ready line (with a deadline), stopped by its PID in {@link #close()}. Its class
 * path, not the test's, holds the example API.
 */
final class ProviderJar implements AutoCloseable {

    private static final Duration READY_DEADLINE = Duration.ofSeconds(90);
    private static final Duration STOP_DEADLINE = Duration.ofSeconds(20);
    private static final Pattern READY = Pattern.compile(
            "rpcbench-provider ready zookeeper=(\\S+) dubbo=(\\w+)://(\\S+):(\\d+)( .*)?");

    private final Process process;
    private final Path stderr;
    private String zookeeper;
    private int dubboPort;

    private ProviderJar(Process process, Path stderr) {
        this.process = process;
        this.stderr = stderr;
    }

    /** @param protocol {@code dubbo} or {@code tri} */
    static ProviderJar start(String protocol) throws IOException, InterruptedException {
        return start(protocol, "hessian2");
    }

    /**
     * @param protocol      {@code dubbo} or {@code tri}
     * @param serialization {@code hessian2} or {@code fastjson2}
     */
    static ProviderJar start(String protocol, String serialization) throws IOException, InterruptedException {
        Path jar = Path.of(System.getProperty("rpcbench.provider.jar",
                "../provider-app/target/rpcbench-provider-app.jar"));
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("no provider jar at " + jar.toAbsolutePath()
                    + ": build provider-app first (the reactor does with -am)");
        }
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        Path stderr = Files.createTempFile("rpcbench-provider-", ".err");
        Process process = new ProcessBuilder(java.toString(), "-jar", jar.toString(), "--zookeeper-port", "0",
                "--dubbo-port", "0", "--thrift-port", "0", "--dubbo-protocol", protocol, "--serialization",
                serialization, "--threads", "20")
                .redirectError(stderr.toFile())
                .start();
        ProviderJar provider = new ProviderJar(process, stderr);
        try {
            provider.awaitReady();
            return provider;
        } catch (InterruptedException | RuntimeException | Error e) {
            provider.close();
            throw e;
        }
    }

    private void awaitReady() throws InterruptedException {
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(
                    new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    lines.add(line);
                }
            } catch (IOException e) {
                // the process ended: awaitReady reports the missing line
            }
        }, "provider-jar-stdout-" + process.pid());
        reader.setDaemon(true);
        reader.start();
        long deadline = System.nanoTime() + READY_DEADLINE.toNanos();
        List<String> seen = new ArrayList<>();
        while (System.nanoTime() < deadline) {
            String line = lines.poll(200, TimeUnit.MILLISECONDS);
            if (line == null) {
                if (!process.isAlive() && lines.isEmpty()) {
                    break;
                }
                continue;
            }
            seen.add(line);
            Matcher ready = READY.matcher(line);
            if (ready.matches()) {
                zookeeper = ready.group(1);
                dubboPort = Integer.parseInt(ready.group(4));
                return;
            }
        }
        throw new AssertionError("no ready line within " + READY_DEADLINE + "; stdout " + seen + ", stderr:\n"
                + stderrText());
    }

    /** {@code zookeeper://127.0.0.1:port}, the registry the provider registered in. */
    String registry() {
        return "zookeeper://" + zookeeper;
    }

    int dubboPort() {
        return dubboPort;
    }

    private String stderrText() {
        try {
            return Files.readString(stderr);
        } catch (IOException e) {
            return "(unreadable: " + e + ")";
        }
    }

    /** SIGTERM to the PID, then SIGKILL when it has not ended within the deadline. */
    @Override
    public void close() throws IOException {
        try {
            if (process.isAlive()) {
                process.toHandle().destroy();
                if (!process.waitFor(STOP_DEADLINE.toMillis(), TimeUnit.MILLISECONDS)) {
                    process.toHandle().destroyForcibly();
                    process.waitFor(STOP_DEADLINE.toMillis(), TimeUnit.MILLISECONDS);
                }
            }
        } catch (InterruptedException e) {
            process.toHandle().destroyForcibly(); // still by its PID; the caller's interrupt is kept
            Thread.currentThread().interrupt();
        } finally {
            Files.deleteIfExists(stderr);
        }
    }
}
