package io.rpcbench.perf;

import io.rpcbench.benchmark.AgentProcess;
import io.rpcbench.benchmark.ChildProcess;
import io.rpcbench.benchmark.ProjectLayout;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * rpcbench's server agent as the agent benchmark runs it: {@code java [jvm options] -jar rpcbench-server-agent.jar
 * --tcp-port 0 --udp-port off}, so that it binds a free port on 127.0.0.1 and says which in its ready line
 * ({@code rpcbench-agent ready tcp=127.0.0.1:P}); stopped by PID. Unlike {@link AgentProcess} it takes JVM options
 * (a JFR recording) and leaves UDP off, as the original is run.
 */
final class OurAgent implements AutoCloseable {

    private static final Duration READY_DEADLINE = Duration.ofSeconds(60);

    private final ChildProcess process;
    private final int port;

    private OurAgent(ChildProcess process, int port) {
        this.process = process;
        this.port = port;
    }

    /**
     * Starts the agent and waits for its ready line.
     *
     * @throws IllegalStateException when it exits or is not ready in time; it is stopped then
     */
    static OurAgent start(ProjectLayout layout, List<String> jvmOptions, Path log) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(ProjectLayout.javaExecutable().toString());
        command.addAll(jvmOptions);
        command.addAll(List.of("-jar", layout.agentJar().toString(), "--tcp-port", "0", "--udp-port", "off"));
        ChildProcess process = ChildProcess.start("agent", command, Map.of(), log);
        try {
            String ready = process.awaitLine(line -> line.startsWith(AgentProcess.READY_PREFIX), READY_DEADLINE);
            return new OurAgent(process, port(ready));
        } catch (RuntimeException e) {
            process.stop();
            throw e;
        }
    }

    /** The port of {@code tcp=127.0.0.1:PORT} in a ready line. */
    static int port(String ready) {
        for (String token : ready.split("\\s+")) {
            if (token.startsWith("tcp=127.0.0.1:")) {
                return Integer.parseInt(token.substring("tcp=127.0.0.1:".length()));
            }
        }
        throw new IllegalStateException("'" + ready + "': expected the agent's ready line with tcp=127.0.0.1:PORT");
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
