package io.rpcbench.testing;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The provider app's jar ({@code provider-app}, {@code rpcbench.provider.jar}) in a JVM of its own on free loopback
 * ports, ready once it prints its ready line, stopped by its PID ({@link JarProcess}). Its class path, not the
 * test's, holds the example API. {@link #zooKeeper()} starts its embedded ZooKeeper alone, a registry for providers
 * started with {@code --registry}.
 *
 * <pre>{@code
 * try (ProviderApp zooKeeper = ProviderApp.zooKeeper();
 *         ProviderApp provider = ProviderApp.start("--registry", zooKeeper.registry(), "--dubbo-port", "0", "--no-thrift")) {
 *     String direct = "dubbo://127.0.0.1:" + provider.dubboPort();
 * }
 * }</pre>
 */
public final class ProviderApp implements AutoCloseable {

    /** The system property naming the jar; the modules' failsafe configurations set it. */
    public static final String JAR_PROPERTY = "rpcbench.provider.jar";
    /** The ready line: the registry in use (embedded or not), then each endpoint started. */
    static final Pattern READY = Pattern.compile(
            "rpcbench-provider ready zookeeper=(\\S+)(?: dubbo=(\\w+)://\\S+:(\\d+))?(?: thrift=\\S+:(\\d+))?(?: .*)?");

    private final JarProcess process;

    private ProviderApp(JarProcess process) {
        this.process = process;
    }

    public static Path jar() {
        return JarProcess.jar(JAR_PROPERTY, "provider-app/target/rpcbench-provider-app.jar");
    }

    /** The embedded ZooKeeper alone, on a free port: no Dubbo, no Thrift. */
    public static ProviderApp zooKeeper() throws IOException, InterruptedException {
        return start("--zookeeper-port", "0", "--no-dubbo", "--no-thrift");
    }

    /**
     * Starts the provider app with {@code options} and waits for its ready line.
     *
     * @param options the provider's own, as a user types them; give {@code 0} for every port it opens
     */
    public static ProviderApp start(String... options) throws IOException, InterruptedException {
        return start(List.of(), options);
    }

    /**
     * As {@link #start(String...)}, with options for the provider's JVM, e.g. Dubbo's own
     * {@code -Ddubbo.application.register-mode=instance}.
     */
    public static ProviderApp start(List<String> jvmOptions, String... options)
            throws IOException, InterruptedException {
        return new ProviderApp(JarProcess.start(jvmOptions, jar(), READY, options));
    }

    /** Every endpoint on a free port: an embedded ZooKeeper, Dubbo and Thrift, then {@code options}. */
    public static ProviderApp onFreePorts(String... options) throws IOException, InterruptedException {
        return onFreePorts(List.of(), options);
    }

    /** As {@link #onFreePorts(String...)}, with options for the provider's JVM. */
    public static ProviderApp onFreePorts(List<String> jvmOptions, String... options)
            throws IOException, InterruptedException {
        List<String> all = new ArrayList<>(List.of("--zookeeper-port", "0", "--dubbo-port", "0", "--thrift-port", "0"));
        all.addAll(List.of(options));
        return start(jvmOptions, all.toArray(String[]::new));
    }

    /** {@code zookeeper://127.0.0.1:<port>}, the registry the provider uses (its own, or the one it was given). */
    public String registry() {
        return "zookeeper://" + ready().group(1);
    }

    /** The port of the Dubbo endpoint, on 127.0.0.1. */
    public int dubboPort() {
        return port(3, "dubbo");
    }

    /** The port of the Thrift endpoint, on 127.0.0.1. */
    public int thriftPort() {
        return port(4, "thrift");
    }

    public long pid() {
        return process.pid();
    }

    /** The child process itself, for its output and exit. */
    public JarProcess process() {
        return process;
    }

    private Matcher ready() {
        return process.ready();
    }

    private int port(int group, String endpoint) {
        String port = ready().group(group);
        if (port == null) {
            throw new IllegalStateException("the provider started no " + endpoint + " endpoint: "
                    + ready().group());
        }
        return Integer.parseInt(port);
    }

    /** Stops the provider by its PID: SIGTERM, then a kill after a deadline. */
    @Override
    public void close() {
        process.close();
    }
}
