package io.rpcbench.benchmark;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

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

    private final ChildProcess process;
    private final ProviderEndpoints endpoints;

    private ProviderProcess(ChildProcess process, ProviderEndpoints endpoints) {
        this.process = process;
        this.endpoints = endpoints;
    }

    /**
     * Starts the provider on free loopback ports with an embedded ZooKeeper and waits for its ready line.
     *
     * @param extraOptions further provider options, e.g. {@code --delay-ms 10}
     * @throws IllegalStateException when it exits or is not ready in time; the provider is stopped then
     */
    public static ProviderProcess start(ProjectLayout layout, List<String> extraOptions, Path log) throws IOException {
        List<String> command = new ArrayList<>(List.of(
                ProjectLayout.javaExecutable().toString(),
                "-jar", layout.providerJar().toString(),
                "--zookeeper-port", "0", "--dubbo-port", "0", "--thrift-port", "0"));
        command.addAll(extraOptions);
        ChildProcess process = ChildProcess.start("provider", command, Map.of(), log);
        try {
            String ready = process.awaitLine(line -> line.startsWith(ProviderEndpoints.READY_PREFIX), READY_DEADLINE);
            return new ProviderProcess(process, ProviderEndpoints.parse(ready));
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

    /** The JMeter properties that point the shipped plans at this provider. */
    public Map<String, String> planProperties() {
        String zookeeper = endpoints.zookeeper().orElseThrow(() -> new IllegalStateException("no zookeeper endpoint"));
        String thrift = endpoints.thrift().orElseThrow(() -> new IllegalStateException("no thrift endpoint"));
        return Map.of(
                "dubbo.address", "zookeeper://" + zookeeper,
                "thrift.host", thrift.substring(0, thrift.lastIndexOf(':')),
                "thrift.port", Integer.toString(ProviderEndpoints.port(thrift)));
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
