package io.rpcbench.benchmark.lab;

import io.rpcbench.benchmark.process.AgentProcess;
import io.rpcbench.benchmark.process.ProjectLayout;
import io.rpcbench.benchmark.process.ProviderEndpoints;
import io.rpcbench.benchmark.process.ProviderProcess;
import io.rpcbench.process.ChildProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * A small lab of hosts on this machine for a run spread the way JMeter users spread one over machines: a
 * {@link LabNetwork} with a controller host, P provider hosts (each a provider and an agent, both bound to the host's
 * address; ZooKeeper embedded in the first provider, where every provider registers its own address) and G
 * load-generator hosts (each a JMeter remote engine, {@code bin/jmeter-server}, and an agent). RMI between controller
 * and engines is JMeter's default, over SSL, with a keystore made for the run by {@code bin/create-rmi-keystore}.
 *
 * <p>Order of calls: {@link #start}, then run each plan from {@link #controller()} with {@link #engines()}, the
 * {@link #globalProperties()} sent with {@code -G} and the {@link #controllerProperties()} with {@code -J}, then
 * {@link #close}, which stops every process by its PID and removes the network, also when a run failed.
 */
public final class Lab implements AutoCloseable {

    /** The lab's /24 in the benchmarking range 198.18.0.0/15. */
    public static final String DEFAULT_SUBNET = "198.18.0";

    static final int ZOOKEEPER_PORT = 2181;
    static final int DUBBO_PORT = 20880;
    static final int THRIFT_PORT = 9090;
    static final int AGENT_PORT = 4444;
    private static final Duration READY_DEADLINE = Duration.ofSeconds(120);
    /** The line JMeter's remote engine prints once its RMI object is exported and bound in the registry. */
    private static final String ENGINE_READY = "Created remote object";

    private final LabNetwork network;
    private final Topology topology;
    private final List<ChildProcess> processes = new ArrayList<>();
    private final Map<LabHost, Long> providerPids = new LinkedHashMap<>();
    private Path keystore;

    private Lab(LabNetwork network, Topology topology) {
        this.network = network;
        this.topology = topology;
    }

    /**
     * Makes the network and starts, host by host, the providers, the agents and the remote engines, each awaited by its
     * ready line.
     *
     * @param logs where every process's output goes ({@code <host>-<process>.log}) and the RMI keystore
     * @throws IllegalStateException when this process is not root, or a step fails (the lab is removed then)
     */
    public static Lab start(ProjectLayout layout, Topology topology, String subnet, Path logs) throws IOException {
        List<String> names = new ArrayList<>();
        names.add("controller");
        for (int i = 1; i <= topology.providers(); i++) {
            names.add("provider-" + i);
        }
        for (int i = 1; i <= topology.generators(); i++) {
            names.add("generator-" + i);
        }
        Files.createDirectories(logs);
        Lab lab = new Lab(LabNetwork.create(subnet, names), topology);
        try {
            lab.startProcesses(layout, logs);
            return lab;
        } catch (IOException | RuntimeException e) {
            lab.close();
            throw e;
        }
    }

    private void startProcesses(ProjectLayout layout, Path logs) throws IOException {
        keystore = logs.resolve("rmi_keystore.jks");
        Path keystoreLog = logs.resolve("create-rmi-keystore.log");
        try (ChildProcess maker = ChildProcess.start("create-rmi-keystore", List.of(
                layout.jmeterHome().resolve("bin/create-rmi-keystore").toString(), "--output", keystore.toString()),
                Map.of("JAVA_HOME", ProjectLayout.javaHome()), keystoreLog)) {
            int exit = maker.awaitExit(READY_DEADLINE);
            if (exit != 0 || !Files.isRegularFile(keystore)) {
                throw new IllegalStateException("bin/create-rmi-keystore failed (exit " + exit + "); see " + keystoreLog);
            }
        }
        String zookeeper = providers().get(0).address() + ":" + ZOOKEEPER_PORT;
        for (LabHost host : providers()) {
            List<String> command = new ArrayList<>(List.of(ProjectLayout.javaExecutable().toString()));
            command.addAll(ProviderProcess.jvmOptions());
            command.addAll(List.of(
                    "-jar", layout.providerJar().toString(),
                    "--bind", host.address(),
                    "--dubbo-port", Integer.toString(DUBBO_PORT),
                    "--thrift-port", Integer.toString(THRIFT_PORT)));
            if (host == providers().get(0)) {
                command.addAll(List.of("--zookeeper-port", Integer.toString(ZOOKEEPER_PORT)));
            } else {
                command.addAll(List.of("--registry", "zookeeper://" + zookeeper));
            }
            ChildProcess provider = start(host, "provider", command, Map.of(), logs,
                    line -> line.startsWith(ProviderEndpoints.READY_PREFIX));
            providerPids.put(host, provider.pid());
        }
        for (LabHost host : agentHosts()) {
            List<String> command = new ArrayList<>();
            command.add(ProjectLayout.javaExecutable().toString());
            command.addAll(AgentProcess.jvmOptions(layout));
            command.addAll(List.of("-jar", layout.agentJar().toString(),
                    "--bind", host.address(),
                    "--tcp-port", Integer.toString(AGENT_PORT),
                    "--udp-port", "0",
                    "--allow-clients", controller().address()));
            start(host, "agent", command, Map.of(), logs, line -> line.startsWith(AgentProcess.READY_PREFIX));
        }
        Path engineProperties = logs.resolve("engine.properties");
        Files.writeString(engineProperties, "# The lab's remote engines read no agent: the controller does.\n"
                + "agents=\nprovider.agent=\n");
        List<LabHost> generators = generators();
        for (int i = 0; i < generators.size(); i++) {
            LabHost host = generators.get(i);
            // Thrift has no registry: each engine calls one provider, in turn, so every provider gets calls.
            LabHost thrift = providers().get(i % providers().size());
            List<String> command = new ArrayList<>(List.of(
                    layout.jmeterHome().resolve("bin/jmeter-server").toString(),
                    "--bind", host.address(),
                    "-j", logs.resolve(host.name() + "-jmeter-server.log").toString(),
                    "-Jthrift.host=" + thrift.address(),
                    "-Jthrift.port=" + THRIFT_PORT,
                    // The engines run the plan's PerfMon collector too: their agent rows are switched off (empty
                    // cells, from a file: JMeter drops a -J property whose value is empty), so only the controller's
                    // collector reads the agents.
                    "-q", engineProperties.toString(),
                    "-Jperfmon.file=" + logs.resolve(host.name() + "-perfmon.jtl")));
            sslProperties().forEach((key, value) -> command.add("-J" + key + "=" + value));
            start(host, "jmeter-server", command, Map.of("JAVA_HOME", ProjectLayout.javaHome()), logs,
                    line -> line.contains(ENGINE_READY));
        }
    }

    private ChildProcess start(LabHost host, String what, List<String> command, Map<String, String> environment,
            Path logs, Predicate<String> ready) throws IOException {
        ChildProcess process = ChildProcess.start(host.name() + " " + what, host.command(command), environment,
                logs.resolve(host.name() + "-" + what + ".log"));
        processes.add(process);
        process.awaitLine(ready, READY_DEADLINE);
        return process;
    }

    /** The RMI keystore's JMeter properties, for the engines and the controller alike (one keystore, both roles). */
    public Map<String, String> sslProperties() {
        return Map.of("server.rmi.ssl.keystore.file", keystore.toString(),
                "server.rmi.ssl.truststore.file", keystore.toString());
    }

    public LabNetwork network() {
        return network;
    }

    public Topology topology() {
        return topology;
    }

    public LabHost controller() {
        return network.host("controller");
    }

    public List<LabHost> providers() {
        return network.hosts().stream().filter(h -> h.name().startsWith("provider-")).toList();
    }

    public List<LabHost> generators() {
        return network.hosts().stream().filter(h -> h.name().startsWith("generator-")).toList();
    }

    /** The hosts with an agent: every provider host and every load-generator host. */
    public List<LabHost> agentHosts() {
        List<LabHost> hosts = new ArrayList<>(providers());
        hosts.addAll(generators());
        return hosts;
    }

    /** The remote engines, for the controller's {@code -R}. */
    public List<String> engines() {
        return generators().stream().map(LabHost::address).toList();
    }

    /** The plan properties every engine gets from the controller ({@code -G}): the registry all providers are in. */
    public Map<String, String> globalProperties() {
        return Map.of("dubbo.address", "zookeeper://" + providers().get(0).address() + ":" + ZOOKEEPER_PORT);
    }

    /**
     * The controller's own properties ({@code -J}): its PerfMon collector reads every host's agent for CPU, memory,
     * disk I/O and network, and every provider host's agent for its own provider process: {@code provider.agent}
     * lists the provider hosts' agents and {@code provider.pid} their processes in the same order, which the
     * collector pairs ({@code MetricRow}).
     */
    public Map<String, String> controllerProperties() {
        Map<String, String> properties = new LinkedHashMap<>(sslProperties());
        properties.putAll(Map.of(
                "agents", agentHosts().stream().map(h -> h.address() + ":" + AGENT_PORT).collect(Collectors.joining(",")),
                "provider.agent", providers().stream().map(h -> h.address() + ":" + AGENT_PORT)
                        .collect(Collectors.joining(",")),
                "provider.pid", providers().stream().map(h -> Long.toString(providerPids.get(h)))
                        .collect(Collectors.joining(","))));
        return properties;
    }

    /** JVM options of the controller: RMI callbacks from the engines come to its lab address. */
    public String controllerJvmArgs() {
        return "-Djava.rmi.server.hostname=" + controller().address();
    }

    /** One line per host, for the user: name, address, and what runs there with its PID. */
    public List<String> describe() {
        List<String> lines = new ArrayList<>();
        lines.add(String.format("  %-13s %-15s JMeter controller, started per plan", "controller", controller().address()));
        for (LabHost host : network.hosts()) {
            List<String> running = processes.stream()
                    .filter(p -> p.name().startsWith(host.name() + " "))
                    .map(p -> p.name().substring(host.name().length() + 1) + " pid " + p.pid())
                    .toList();
            if (!running.isEmpty()) {
                lines.add(String.format("  %-13s %-15s %s", host.name(), host.address(), String.join(", ", running)));
            }
        }
        lines.add(String.format("  ZooKeeper on %s:%d (provider-1); Dubbo :%d and Thrift :%d on every provider host; "
                + "each engine's Thrift calls go to one provider host, in turn; agents on :%d", providers().get(0)
                .address(), ZOOKEEPER_PORT, DUBBO_PORT, THRIFT_PORT, AGENT_PORT));
        return lines;
    }

    /** Stops every process of the lab by its PID, engines first, then removes the network. */
    @Override
    public void close() {
        RuntimeException failure = null;
        for (int i = processes.size() - 1; i >= 0; i--) {
            try {
                processes.get(i).stop();
            } catch (RuntimeException e) {
                failure = failure == null ? e : failure;
            }
        }
        try {
            network.close();
        } catch (RuntimeException e) {
            failure = failure == null ? e : failure;
        }
        if (failure != null) {
            throw failure;
        }
    }
}
