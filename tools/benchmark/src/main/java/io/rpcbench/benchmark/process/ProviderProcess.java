package io.rpcbench.benchmark.process;

import io.rpcbench.process.ChildProcess;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.UnaryOperator;

/**
 * The provider app ({@code provider-app}) running as a child JVM: started with every port 0 so that it
 * picks free loopback ports, ready once it prints its ready line, stopped by PID with SIGTERM.
 *
 * <pre>{@code
 * try (ProviderProcess provider = ProviderProcess.start(layout, List.of(), log)) {
 *     String thrift = provider.endpoints().thrift().orElseThrow();
 * }
 * }</pre>
 */
public final class ProviderProcess implements AutoCloseable {

    private static final Duration READY_DEADLINE = Duration.ofSeconds(120);

    /**
     * The provider JVM's heap: fixed at 2 GB, as the providers of seeds 000, 001 and 003 ran ({@code -Xms2g -Xmx2g}).
     * With the JVM's default (a small initial heap that G1 grows only when collecting costs it time) the provider
     * collected 4.6 times a second at 22,849 Dubbo echo arrivals a second, each young pause (about 2 ms) delaying the
     * calls in flight and those due in it (about 1 % of an open run's calls, where its p99 is read); with this heap
     * it collects about every 2 s (docs/performance.md section 9).
     */
    public static final List<String> HEAP = List.of("-Xms2g", "-Xmx2g");

    /** Options that size the heap: when {@link ProjectLayout#childJvmOptions()} has one, {@link #HEAP} is left out. */
    private static final List<String> HEAP_OPTIONS = List.of("-Xms", "-Xmx", "-Xmn", "-XX:InitialHeapSize=",
            "-XX:MaxHeapSize=", "-XX:MinHeapSize=", "-XX:InitialRAMPercentage=", "-XX:MaxRAMPercentage=",
            "-XX:MinRAMPercentage=", "-XX:MaxRAM=");

    /**
     * The JVM options of a provider process (this one, the Dubbo 2.7 provider, the lab's): {@link #HEAP}, then
     * {@link ProjectLayout#childJvmOptions()}; the heap is left out when those size the heap themselves, so that
     * e.g. {@code -Xmx1g} there is a 1 GB heap and not a JVM refusing {@code -Xms2g -Xmx1g}.
     */
    public static List<String> jvmOptions() {
        return jvmOptions(ProjectLayout.childJvmOptions());
    }

    static List<String> jvmOptions(List<String> childOptions) {
        List<String> options = new ArrayList<>();
        if (childOptions.stream().noneMatch(option -> HEAP_OPTIONS.stream().anyMatch(option::startsWith))) {
            options.addAll(HEAP);
        }
        options.addAll(childOptions);
        return options;
    }

    private final ChildProcess process;
    private final ProviderEndpoints endpoints;
    /** The registry the provider was told to register in, else empty (its embedded ZooKeeper). */
    private final Optional<ExternalRegistry> registry;

    private ProviderProcess(ChildProcess process, ProviderEndpoints endpoints, Optional<ExternalRegistry> registry) {
        this.process = process;
        this.endpoints = endpoints;
        this.registry = registry;
    }

    /**
     * Starts the provider on free loopback ports with an embedded ZooKeeper and waits for its ready line.
     *
     * @param extraOptions further provider options, e.g. {@code --delay-ms 10}
     * @throws IllegalStateException when it exits or is not ready in time; the provider is stopped then
     */
    public static ProviderProcess start(ProjectLayout layout, List<String> extraOptions, Path log) throws IOException {
        return start(layout, new Ports(0, 0, 0), extraOptions, log);
    }

    /**
     * As {@link #start(ProjectLayout, List, Path)}, started through {@code launcher}, which gets the command and
     * returns the one to start, e.g. the same command behind {@code taskset -c 1}; it must exec the command, so that
     * the PID is the provider's own.
     */
    public static ProviderProcess start(ProjectLayout layout, List<String> extraOptions, Path log,
            UnaryOperator<List<String>> launcher) throws IOException {
        return start(layout, new Ports(0, 0, 0), extraOptions, Optional.empty(), log, launcher);
    }

    /**
     * The ports of the embedded ZooKeeper, the Dubbo and the Thrift endpoint; 0 picks a free one. Fixed ports let a
     * provider be started again where a running plan still calls (a plan's address is fixed for the run).
     */
    public record Ports(int zookeeper, int dubbo, int thrift) {

        /** The ports {@code endpoints} announced, to start a provider again on them. */
        public static Ports of(ProviderEndpoints endpoints) {
            return new Ports(port(endpoints.zookeeper()), port(endpoints.dubbo()), port(endpoints.thrift()));
        }

        private static int port(Optional<String> endpoint) {
            return endpoint.map(ProviderEndpoints::port).orElse(0);
        }
    }

    /**
     * Starts the provider on {@code ports} with an embedded ZooKeeper and waits for its ready line.
     *
     * @throws IllegalStateException when it exits (e.g. a port is taken) or is not ready in time; it is stopped then
     */
    public static ProviderProcess start(ProjectLayout layout, Ports ports, List<String> extraOptions, Path log)
            throws IOException {
        return start(layout, ports, extraOptions, Optional.empty(), log, UnaryOperator.identity());
    }

    /**
     * Starts the provider on free loopback ports, registered in {@code registry} (its user and password given as the
     * provider app takes them), and waits for its ready line.
     *
     * @throws IllegalStateException when it exits or is not ready in time; it is stopped then
     */
    public static ProviderProcess startRegistered(ProjectLayout layout, List<String> extraOptions,
            ExternalRegistry registry, Path log) throws IOException {
        return start(layout, new Ports(0, 0, 0), extraOptions, Optional.of(registry), log, UnaryOperator.identity());
    }

    private static ProviderProcess start(ProjectLayout layout, Ports ports, List<String> extraOptions,
            Optional<ExternalRegistry> registry, Path log, UnaryOperator<List<String>> launcher) throws IOException {
        List<String> command = new ArrayList<>(List.of(ProjectLayout.javaExecutable().toString()));
        command.addAll(jvmOptions());
        command.addAll(List.of("-jar", layout.providerJar().toString()));
        if (registry.isPresent()) {
            command.addAll(registry.get().providerOptions());
        } else {
            command.addAll(List.of("--zookeeper-port", Integer.toString(ports.zookeeper())));
        }
        command.addAll(List.of(
                "--dubbo-port", Integer.toString(ports.dubbo()),
                "--thrift-port", Integer.toString(ports.thrift())));
        command.addAll(extraOptions);
        ChildProcess process = ChildProcess.start("provider", launcher.apply(command),
                registry.map(ExternalRegistry::providerEnvironment).orElse(Map.of()), log);
        try {
            String ready = process.awaitLine(line -> line.startsWith(ProviderEndpoints.READY_PREFIX), READY_DEADLINE);
            return new ProviderProcess(process, ProviderEndpoints.parse(ready), registry);
        } catch (RuntimeException e) {
            process.stop();
            throw e;
        }
    }

    public ProviderEndpoints endpoints() {
        return endpoints;
    }

    public long pid() {
        return process.pid();
    }

    /**
     * The JMeter properties that point the shipped plans at this provider: {@code dubbo.address}, {@code thrift.host},
     * {@code thrift.port}, and {@code rest.host}, {@code rest.port} when it serves the echo over HTTP
     * ({@code --rest-port}), and {@code <stack>.address} for each stack of seed 004's user service when it serves
     * them ({@code --user-service}: {@code user-dubbo-hessian2.address=dubbo://127.0.0.1:P}, ...).
     */
    public Map<String, String> planProperties() {
        String dubboAddress = registry.map(ExternalRegistry::address).orElseGet(() -> "zookeeper://"
                + endpoints.zookeeper().orElseThrow(() -> new IllegalStateException("no zookeeper endpoint")));
        String thrift = endpoints.thrift().orElseThrow(() -> new IllegalStateException("no thrift endpoint"));
        Map<String, String> properties = new LinkedHashMap<>(Map.of(
                "dubbo.address", dubboAddress,
                "thrift.host", thrift.substring(0, thrift.lastIndexOf(':')),
                "thrift.port", Integer.toString(ProviderEndpoints.port(thrift))));
        endpoints.rest().ifPresent(rest -> {
            URI url = URI.create(rest);
            properties.put("rest.host", url.getHost());
            properties.put("rest.port", Integer.toString(url.getPort()));
        });
        endpoints.userServiceStacks().forEach((stack, url) -> properties.put(stack + ".address", url));
        return Map.copyOf(properties);
    }

    /**
     * Kills the provider (SIGKILL to its PID), as a crash would: no deregistration, no goodbye to its clients, whose
     * connections the kernel resets. Returns once it is gone.
     */
    public void kill() {
        process.kill();
    }

    /** Stops the provider (SIGTERM to its PID) and returns its exit code. */
    public int stop() {
        return process.stop();
    }

    @Override
    public void close() {
        stop();
    }
}
