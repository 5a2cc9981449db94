package io.rpcbench.benchmark;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * rpcbench's PerfMon-compatible server agent ({@code server-agent}) running as a child JVM beside the provider:
 * started with TCP and UDP port 0 so that it picks free loopback ports, ready once it prints
 * {@code rpcbench-agent ready tcp=127.0.0.1:PORT udp=127.0.0.1:PORT}, stopped by PID with SIGTERM.
 *
 * <pre>{@code
 * try (AgentProcess agent = AgentProcess.start(layout, log)) {
 *     run.properties(agent.planProperties(provider.pid()));
 * }
 * }</pre>
 */
public final class AgentProcess implements AutoCloseable {

    /** The first word pair of the agent's ready line. */
    public static final String READY_PREFIX = "rpcbench-agent ready";

    private static final Duration READY_DEADLINE = Duration.ofSeconds(60);

    private final ChildProcess process;
    private final String tcp;

    private AgentProcess(ChildProcess process, String tcp) {
        this.process = process;
        this.tcp = tcp;
    }

    /**
     * Starts the agent on free loopback ports and waits for its ready line.
     *
     * @throws IllegalStateException when it exits or is not ready in time; the agent is stopped then
     */
    public static AgentProcess start(ProjectLayout layout, Path log) throws IOException {
        return start(layout, log, 0);
    }

    /**
     * Starts the agent with its TCP listener on {@code tcpPort} (0 picks a free one), e.g. to restart it where the
     * collector already reads it, and waits for its ready line.
     *
     * @throws IllegalStateException when it exits (e.g. the port is taken) or is not ready in time
     */
    public static AgentProcess start(ProjectLayout layout, Path log, int tcpPort) throws IOException {
        return start(layout, log, List.of(), List.of("--tcp-port", Integer.toString(tcpPort), "--udp-port", "0"));
    }

    /**
     * Starts the agent with JVM options (e.g. a JFR recording) and agent options of the caller's choosing, which
     * must keep a TCP listener (its endpoint comes from the ready line), and waits for its ready line.
     *
     * @throws IllegalStateException when it exits or is not ready in time; the agent is stopped then
     */
    public static AgentProcess start(ProjectLayout layout, Path log, List<String> jvmOptions,
            List<String> agentOptions) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(ProjectLayout.javaExecutable().toString());
        command.addAll(jvmOptions);
        command.addAll(List.of("-jar", layout.agentJar().toString()));
        command.addAll(agentOptions);
        ChildProcess process = ChildProcess.start("agent", command, Map.of(), log);
        try {
            String ready = process.awaitLine(line -> line.startsWith(READY_PREFIX), READY_DEADLINE);
            return new AgentProcess(process, tcpEndpoint(ready));
        } catch (RuntimeException e) {
            process.stop();
            throw e;
        }
    }

    /**
     * The {@code host:port} after {@code tcp=} in a ready line.
     *
     * @throws IllegalArgumentException when {@code line} is not a ready line with a TCP endpoint
     */
    static String tcpEndpoint(String line) {
        if (line.startsWith(READY_PREFIX)) {
            for (String token : line.substring(READY_PREFIX.length()).trim().split("\\s+")) {
                if (token.startsWith("tcp=") && token.length() > "tcp=".length()) {
                    return token.substring("tcp=".length());
                }
            }
        }
        throw new IllegalArgumentException("'" + line + "' is not an agent ready line with a TCP endpoint; expected '"
                + READY_PREFIX + " tcp=HOST:PORT [udp=HOST:PORT]'");
    }

    /** Where the agent answers over TCP, {@code 127.0.0.1:PORT}. */
    public String tcp() {
        return tcp;
    }

    public long pid() {
        return process.pid();
    }

    /**
     * The JMeter properties that make the shipped plans' PerfMon Metrics Collector ask this agent for the host's
     * CPU, memory, disk I/O and network, and for the CPU and memory of the process {@code providerPid}.
     */
    public Map<String, String> planProperties(long providerPid) {
        return planProperties(tcp, providerPid);
    }

    static Map<String, String> planProperties(String agent, long providerPid) {
        return Map.of("agents", agent, "provider.agent", agent, "provider.pid", Long.toString(providerPid));
    }

    /** Stops the agent (SIGTERM to its PID) and returns its exit code. */
    public int stop() {
        return process.stop();
    }

    @Override
    public void close() {
        stop();
    }
}
