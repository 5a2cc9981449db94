package io.rpcbench.sampler.dubbo;

import io.rpcbench.testing.JarProcess;
import io.rpcbench.testing.ProviderApp;
import java.io.IOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.dubbo.common.URL;

/**
 * The example OrderService and the echo service served by Dubbo 2.7.23 for tests: a ZooKeeper (the provider app's jar with only its
 * embedded ZooKeeper: no Dubbo 3 provider of OrderService may answer in its place) and the Dubbo 2.7 provider's jar
 * registered in it, each in a JVM of its own, on free loopback ports. {@link #close()} stops both by PID.
 *
 * <pre>{@code
 * try (Dubbo27Provider provider = Dubbo27Provider.start()) {
 *     provider.registry();    // zookeeper://127.0.0.1:<port>
 *     provider.directUrl();   // dubbo://127.0.0.1:<port>
 *     provider.rmiPort();     // the echo service's other protocols: rmi, hessian, http (JSON-RPC)
 * }
 * }</pre>
 */
public final class Dubbo27Provider implements AutoCloseable {

    public static final String ORDER_SERVICE = "io.rpcbench.example.OrderService";

    /** The ready line with every protocol (the provider's default): dubbo, rmi, hessian, http, each port a group. */
    private static final Pattern DUBBO27_READY = Pattern.compile("rpcbench-dubbo27-provider ready"
            + " dubbo=dubbo://127\\.0\\.0\\.1:(\\d+) rmi=rmi://127\\.0\\.0\\.1:(\\d+)"
            + " hessian=hessian://127\\.0\\.0\\.1:(\\d+) http=http://127\\.0\\.0\\.1:(\\d+)");

    private final ProviderApp zooKeeper;
    private final JarProcess provider;

    private Dubbo27Provider(ProviderApp zooKeeper, JarProcess provider) {
        this.zooKeeper = zooKeeper;
        this.provider = provider;
    }

    public static Dubbo27Provider start() throws IOException, InterruptedException {
        ProviderApp zooKeeper = ProviderApp.zooKeeper();
        try {
            return new Dubbo27Provider(zooKeeper, startProvider(zooKeeper.registry()));
        } catch (IOException | InterruptedException | RuntimeException | Error e) {
            zooKeeper.close();
            throw e;
        }
    }

    /** One more Dubbo 2.7 provider registered in the same ZooKeeper; the caller closes it. */
    public JarProcess startAnother() throws IOException, InterruptedException {
        return startProvider(registry());
    }

    private static JarProcess startProvider(String registry) throws IOException, InterruptedException {
        Path jar = JarProcess.jar("rpcbench.dubbo27.jar", "targets/dubbo27-provider/target/rpcbench-dubbo27-provider.jar");
        return JarProcess.start(jar, DUBBO27_READY, "--port", "0", "--registry", registry);
    }

    /** {@code zookeeper://127.0.0.1:<port>} */
    public String registry() {
        return zooKeeper.registry();
    }

    /** The first provider's dubbo port, on 127.0.0.1. */
    public int port() {
        return port(provider);
    }

    /** The dubbo port {@code provider} printed in its ready line. */
    public static int port(JarProcess provider) {
        return Integer.parseInt(provider.ready().group(1));
    }

    /** The first provider's rmi port (its RMI registry), on 127.0.0.1. */
    public int rmiPort() {
        return Integer.parseInt(provider.ready().group(2));
    }

    /** The first provider's hessian port, on 127.0.0.1. */
    public int hessianPort() {
        return Integer.parseInt(provider.ready().group(3));
    }

    /** The first provider's http (JSON-RPC) port, on 127.0.0.1. */
    public int httpPort() {
        return Integer.parseInt(provider.ready().group(4));
    }

    /** The first provider's process id. */
    public long pid() {
        return provider.pid();
    }

    /** {@code dubbo://127.0.0.1:<port>}, the first provider as its ready line names it. */
    public String directUrl() {
        return "dubbo://127.0.0.1:" + port();
    }

    /** The providers of OrderService as ZooKeeper holds them (one URL-encoded child node each). */
    public List<URL> registeredProviders() throws Exception {
        try (CuratorFramework client = CuratorFrameworkFactory.newClient(registry().substring("zookeeper://".length()),
                new RetryOneTime(100))) {
            client.start();
            if (!client.blockUntilConnected(10, TimeUnit.SECONDS)) {
                throw new AssertionError("no connection to ZooKeeper at " + registry() + " within 10 s");
            }
            return client.getChildren().forPath("/dubbo/" + ORDER_SERVICE + "/providers").stream()
                    .map(child -> URL.valueOf(URLDecoder.decode(child, StandardCharsets.UTF_8)))
                    .toList();
        }
    }

    @Override
    public void close() {
        try {
            provider.close();
        } finally {
            zooKeeper.close();
        }
    }
}
