package io.rpcbench.benchmark.process;

import io.rpcbench.process.ChildProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * rpcbench's PerfMon-compatible server agent ({@code server-agent}) running as a child JVM beside the provider:
 * started with TCP and UDP port 0 so that it picks free loopback ports, ready once it prints
 * {@code rpcbench-agent ready tcp=127.0.0.1:PORT udp=127.0.0.1:PORT}, stopped by PID with SIGTERM. It runs with the
 * JVM options its distribution's {@code startAgent.sh} passes ({@link #jvmOptions}), so that what a benchmark
 * measures is what a provider host runs.
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

    /** The agent's JVM options, one a line, {@code #} comments: the file startAgent.sh reads beside it. */
    public static final String JVM_OPTIONS_FILE = "server-agent/src/main/dist/jvm.options";

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
     * As {@link #start(ProjectLayout, Path)}, started through {@code launcher}, which gets the command and returns the
     * one to start, e.g. the same command behind {@code taskset -c 1}; it must exec the command, so that the PID is
     * the agent's own.
     */
    public static AgentProcess start(ProjectLayout layout, Path log, UnaryOperator<List<String>> launcher)
            throws IOException {
        return start(layout, log, jvmOptions(layout), List.of("--tcp-port", "0", "--udp-port", "0"), launcher);
    }

    /**
     * Starts the agent with its TCP listener on {@code tcpPort} (0 picks a free one), e.g. to restart it where the
     * collector already reads it, and waits for its ready line.
     *
     * @throws IllegalStateException when it exits (e.g. the port is taken) or is not ready in time
     */
    public static AgentProcess start(ProjectLayout layout, Path log, int tcpPort) throws IOException {
        return start(layout, log, jvmOptions(layout),
                List.of("--tcp-port", Integer.toString(tcpPort), "--udp-port", "0"));
    }

    /**
     * The JVM options the agent's distribution starts it with ({@value #JVM_OPTIONS_FILE} in the checkout).
     *
     * @throws IllegalStateException when the file cannot be read
     */
    public static List<String> jvmOptions(ProjectLayout layout) {
        Path file = layout.projectDir().resolve(JVM_OPTIONS_FILE);
        try {
            return jvmOptions(Files.readAllLines(file));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the agent's JVM options from " + file + ": " + e, e);
        }
    }

    /** The options in the lines of a jvm.options file, as startAgent.sh reads them: blank and # lines skipped. */
    static List<String> jvmOptions(List<String> lines) {
        return lines.stream().map(String::strip).filter(line -> !line.isEmpty() && !line.startsWith("#")).toList();
    }

    /**
     * Starts the agent with JVM options and agent options of the caller's choosing (the agent options must keep a
     * TCP listener: its endpoint comes from the ready line), and waits for its ready line. The JVM options replace
     * the shipped ones: pass {@link #jvmOptions(ProjectLayout)} and add to them (e.g. a JFR recording) to keep them.
     *
     * @throws IllegalStateException when it exits or is not ready in time; the agent is stopped then
     */
    public static AgentProcess start(ProjectLayout layout, Path log, List<String> jvmOptions,
            List<String> agentOptions) throws IOException {
        return start(layout, log, jvmOptions, agentOptions, UnaryOperator.identity());
    }

    private static AgentProcess start(ProjectLayout layout, Path log, List<String> jvmOptions,
            List<String> agentOptions, UnaryOperator<List<String>> launcher) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(ProjectLayout.javaExecutable().toString());
        command.addAll(jvmOptions);
        command.addAll(List.of("-jar", layout.agentJar().toString()));
        command.addAll(agentOptions);
        ChildProcess process = ChildProcess.start("agent", launcher.apply(command), Map.of(), log);
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
