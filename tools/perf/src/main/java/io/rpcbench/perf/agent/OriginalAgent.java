package io.rpcbench.perf.agent;

import io.rpcbench.benchmark.process.ProjectLayout;
import io.rpcbench.process.ChildProcess;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * The original PerfMon ServerAgent 2.2.2 ({@code kg.apc:perfmon}, SIGAR inside) as a child JVM, laid out by the
 * server-agent build in {@code server-agent/target/original-agent} (CMDRunner.jar, lib/, native/) for its
 * conformance test, and started as its own {@code startAgent.sh} starts it.
 *
 * <p>The original has no bind option: it listens on every interface. It gets a free port chosen here
 * ({@code --tcp-port}), UDP off ({@code --udp-port 0}), and is only ever spoken to on 127.0.0.1. It prints no ready
 * line of its own, so it is ready once its port accepts a connection on 127.0.0.1 (probed, with a deadline). Stopped
 * by PID.
 */
final class OriginalAgent implements AutoCloseable {

    private static final Duration READY_DEADLINE = Duration.ofSeconds(60);

    private final ChildProcess process;
    private final int port;

    private OriginalAgent(ChildProcess process, int port) {
        this.process = process;
        this.port = port;
    }

    static Path directory(ProjectLayout layout) {
        return layout.projectDir().resolve("server-agent/target/original-agent");
    }

    /**
     * Starts the original agent on a free port and waits until it accepts connections on 127.0.0.1.
     *
     * @throws IllegalStateException when it is not laid out, exits, or does not listen in time; it is stopped then
     */
    static OriginalAgent start(ProjectLayout layout, List<String> jvmOptions, Path log) throws IOException {
        Path dir = directory(layout);
        Path nativeDir = dir.resolve("native");
        Path library = nativeDir.resolve("libsigar-amd64-linux-1.6.4.so");
        if (!Files.exists(dir.resolve("CMDRunner.jar")) || !Files.exists(library)) {
            throw new IllegalStateException(dir + " holds no CMDRunner.jar with native/libsigar-amd64-linux-1.6.4.so "
                    + "(the original agent runs on x86-64 Linux only); lay it out with './mvnw -B -o -pl server-agent "
                    + "-am verify -DskipTests' in " + layout.projectDir());
        }
        // SIGAR loads libsigar-amd64-linux.so; the Maven artifact names the file with its version.
        Files.copy(library, nativeDir.resolve("libsigar-amd64-linux.so"), StandardCopyOption.REPLACE_EXISTING);
        int port = freePort();
        List<String> command = new java.util.ArrayList<>();
        command.add(ProjectLayout.javaExecutable().toString());
        command.addAll(jvmOptions);
        command.addAll(List.of("-Djava.library.path=" + nativeDir, "-jar", dir.resolve("CMDRunner.jar").toString(),
                "--tool", "PerfMonAgent", "--tcp-port", Integer.toString(port), "--udp-port", "0"));
        ChildProcess process = ChildProcess.start("original agent", command, Map.of(), log);
        try {
            awaitListening(process, port);
            return new OriginalAgent(process, port);
        } catch (RuntimeException | InterruptedException e) {
            process.stop();
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            throw new IllegalStateException("the original agent did not listen on 127.0.0.1:" + port + " within "
                    + READY_DEADLINE.toSeconds() + " s; last output:\n" + process.tail(), e);
        }
    }

    private static void awaitListening(ChildProcess process, int port) throws InterruptedException {
        long deadline = System.nanoTime() + READY_DEADLINE.toNanos();
        while (true) {
            try (Socket probe = new Socket()) {
                probe.connect(new InetSocketAddress("127.0.0.1", port), 1_000);
                return;
            } catch (IOException notYet) {
                if (!process.isAlive()) {
                    throw new IllegalStateException("the original agent exited");
                }
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("no listener", notYet);
                }
                Thread.sleep(100); // between port probes, not a readiness check of its own
            }
        }
    }

    private static int freePort() throws IOException {
        try (ServerSocket probe = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            return probe.getLocalPort();
        }
    }

    int port() {
        return port;
    }

    long pid() {
        return process.pid();
    }

    @Override
    public void close() {
        process.stop();
    }
}
