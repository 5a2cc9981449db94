package io.rpcbench.benchmark.process;

import io.rpcbench.process.ChildProcess;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The Dubbo 2.7 provider ({@code dubbo27-provider}: the echo service over dubbo, rmi, hessian and http) as a child
 * JVM, on free loopback ports, ready once it prints its ready line, stopped by PID with SIGTERM. Seed 000's legacy
 * protocols are loaded against it.
 *
 * <pre>{@code
 * try (Dubbo27ProviderProcess provider = Dubbo27ProviderProcess.start(layout, List.of(), log)) {
 *     provider.planProperties();  // dubbo.address, rmi.port, hessian.port, http.port for the seed-000 plans
 * }
 * }</pre>
 *
 * <p>Its ready line: {@code rpcbench-dubbo27-provider ready dubbo=dubbo://127.0.0.1:P rmi=rmi://127.0.0.1:P
 * hessian=hessian://127.0.0.1:P http=http://127.0.0.1:P} (the protocols served, in that order).
 */
public final class Dubbo27ProviderProcess implements AutoCloseable {

    /** The first words of its ready line. */
    public static final String READY_PREFIX = "rpcbench-dubbo27-provider ready";

    private static final Duration READY_DEADLINE = Duration.ofSeconds(120);

    private final ChildProcess process;
    private final Map<String, String> endpoints;

    private Dubbo27ProviderProcess(ChildProcess process, Map<String, String> endpoints) {
        this.process = process;
        this.endpoints = endpoints;
    }

    /** {@code targets/dubbo27-provider/target/rpcbench-dubbo27-provider.jar} of the checkout. */
    public static Path jar(ProjectLayout layout) {
        return layout.projectDir().resolve("targets/dubbo27-provider/target/rpcbench-dubbo27-provider.jar");
    }

    /**
     * Starts the provider with every protocol on a free loopback port, no registry, and waits for its ready line.
     *
     * @param extraOptions further options, e.g. {@code --registry zookeeper://127.0.0.1:2181} or
     *                     {@code --protocols dubbo,rmi}
     * @throws IllegalStateException when the jar is missing, or it exits or is not ready in time (it is stopped then)
     */
    public static Dubbo27ProviderProcess start(ProjectLayout layout, List<String> extraOptions, Path log)
            throws IOException {
        Path jar = jar(layout);
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("no Dubbo 2.7 provider at " + jar + "; build it first: ./mvnw -q package "
                    + "-pl dubbo27-provider -am -DskipTests");
        }
        List<String> command = new ArrayList<>(List.of(ProjectLayout.javaExecutable().toString()));
        command.addAll(ProviderProcess.jvmOptions()); // the same heap as the 3.3 provider it is compared with
        command.addAll(List.of("-jar", jar.toString(), "--port", "0", "--rmi-port", "0", "--hessian-port", "0",
                "--http-port", "0"));
        command.addAll(extraOptions);
        ChildProcess process = ChildProcess.start("dubbo27-provider", command, Map.of(), log);
        try {
            String ready = process.awaitLine(line -> line.startsWith(READY_PREFIX), READY_DEADLINE);
            return new Dubbo27ProviderProcess(process, parse(ready));
        } catch (RuntimeException e) {
            process.stop();
            throw e;
        }
    }

    /** {@code protocol -> scheme://host:port} from a ready line, in its order. */
    public static Map<String, String> parse(String line) {
        Map<String, String> endpoints = new LinkedHashMap<>();
        for (String token : line.substring(READY_PREFIX.length()).trim().split("\\s+")) {
            int equals = token.indexOf('=');
            if (equals <= 0) {
                throw new IllegalArgumentException("'" + line + "' is not a ready line of the Dubbo 2.7 provider; "
                        + "expected '" + READY_PREFIX + " protocol=scheme://host:port ...'");
            }
            endpoints.put(token.substring(0, equals), token.substring(equals + 1));
        }
        return endpoints;
    }

    /** Each protocol served ({@code dubbo}, {@code rmi}, {@code hessian}, {@code http}) and its endpoint. */
    public Map<String, String> endpoints() {
        return endpoints;
    }

    /** The port of {@code protocol}. @throws IllegalArgumentException when it is not served */
    public int port(String protocol) {
        String endpoint = endpoints.get(protocol);
        if (endpoint == null) {
            throw new IllegalArgumentException("the Dubbo 2.7 provider serves no " + protocol + "; it serves "
                    + endpoints.keySet());
        }
        return ProviderEndpoints.port(endpoint);
    }

    public long pid() {
        return process.pid();
    }

    /**
     * The JMeter properties that point the seed-000 plans at this provider: {@code dubbo.address} (its direct URL),
     * {@code rmi.port}, {@code hessian.port}, {@code http.port}, for the protocols it serves.
     */
    public Map<String, String> planProperties() {
        Map<String, String> properties = new LinkedHashMap<>();
        endpoints.forEach((protocol, endpoint) -> {
            if (protocol.equals("dubbo")) {
                properties.put("dubbo.address", endpoint);
            } else {
                properties.put(protocol + ".port", Integer.toString(ProviderEndpoints.port(endpoint)));
            }
        });
        return properties;
    }

    /** Stops the provider (SIGTERM to its PID) and returns its exit code. */
    public int stop() {
        return process.stop();
    }

    @Override
    public void close() {
        process.close();
    }
}
