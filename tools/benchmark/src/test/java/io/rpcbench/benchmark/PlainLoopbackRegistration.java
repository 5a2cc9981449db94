package io.rpcbench.benchmark;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.zookeeper.KeeperException;

/**
 * Makes a ZooKeeper registry hold our providers the way a provider written by someone else holds itself there when
 * it registers plain {@code 127.0.0.1}. Ours register the IPv4-mapped form {@code [::ffff:127.0.0.1]} (the provider
 * app's {@code LoopbackHost}, the Dubbo 2.7 provider's {@code OrderServiceExport}), which Dubbo's consumer connects to
 * as is; a plain {@code 127.0.0.1} is the host the consumer used to replace with a network card's address. What the
 * registry holds is all a consumer learns of a provider's address, so the same registration with the plain host is
 * exactly what such a provider writes, while our provider goes on listening on 127.0.0.1 only: a consumer that
 * dialled the card would fail.
 *
 * <p>A main, run as a child JVM inside the lab host that runs ZooKeeper (the test's own JVM cannot reach that host's
 * loopback):
 * <pre>
 * java -cp &lt;test class path&gt; io.rpcbench.benchmark.PlainLoopbackRegistration 127.0.0.1:&lt;port&gt; [--instance-only] &lt;interface&gt;...
 * </pre>
 * For each interface it takes every provider registered on {@code [::ffff:127.x.y.z]} under
 * {@code /dubbo/<interface>/providers}, writes the same URL with the host {@code 127.x.y.z} beside it and deletes the
 * mapped one (with {@value #INSTANCE_ONLY}, it only deletes it); then it rewrites the address of every
 * application-level instance under {@code /services} likewise. It prints what ZooKeeper then holds, one line each, and
 * exits 0:
 * <pre>
 * provider dubbo://127.0.0.1:40123/io.rpcbench.example.OrderService?anyhost=false&amp;...
 * instance rpcbench-provider 127.0.0.1:40123
 * </pre>
 * It runs after the providers printed their ready lines, which they do once registered: an interface without a
 * mapped provider is an error (exit 1, the reason on stderr), not something to wait for.
 */
public final class PlainLoopbackRegistration {

    /** Drops the interface-level registrations: as a Dubbo 3 provider with {@code register-mode=instance} holds itself. */
    static final String INSTANCE_ONLY = "--instance-only";
    static final String PROVIDER_LINE = "provider ";
    static final String INSTANCE_LINE = "instance ";

    private static final Pattern MAPPED_URL = Pattern.compile("^([a-z0-9]+://)\\[::ffff:(127(?:\\.\\d{1,3}){3})]");
    private static final Pattern MAPPED_ADDRESS =
            Pattern.compile("\"address\"\\s*:\\s*\"\\[::ffff:(127(?:\\.\\d{1,3}){3})]\"");
    private static final Pattern ADDRESS = Pattern.compile("\"address\"\\s*:\\s*\"([^\"]*)\"");
    private static final Pattern PORT = Pattern.compile("\"port\"\\s*:\\s*(\\d+)");
    private static final int TIMEOUT_MS = 30_000;

    private PlainLoopbackRegistration() {}

    public static void main(String[] args) throws Exception {
        List<String> arguments = new ArrayList<>(List.of(args));
        boolean instanceOnly = arguments.remove(INSTANCE_ONLY);
        if (arguments.size() < 2) {
            System.err.println("usage: PlainLoopbackRegistration <zookeeper host:port> [" + INSTANCE_ONLY
                    + "] <interface>...");
            System.exit(2);
        }
        try (CuratorFramework zookeeper = CuratorFrameworkFactory.newClient(arguments.get(0), TIMEOUT_MS, TIMEOUT_MS,
                new RetryOneTime(100))) {
            zookeeper.start();
            if (!zookeeper.blockUntilConnected(TIMEOUT_MS, TimeUnit.MILLISECONDS)) {
                fail("no connection to ZooKeeper at " + arguments.get(0) + " within " + TIMEOUT_MS + " ms");
            }
            List<String> lines = new ArrayList<>();
            for (String service : arguments.subList(1, arguments.size())) {
                lines.addAll(providers(zookeeper, service, instanceOnly));
            }
            lines.addAll(instances(zookeeper));
            lines.forEach(System.out::println);
        }
        System.exit(0);
    }

    private static List<String> providers(CuratorFramework zookeeper, String service, boolean instanceOnly)
            throws Exception {
        String parent = "/dubbo/" + service + "/providers";
        List<String> children = children(zookeeper, parent);
        if (children.stream().noneMatch(child -> MAPPED_URL.matcher(decode(child)).find())) {
            fail("no provider of " + service + " registered on [::ffff:127.x.y.z] under " + parent + "; it holds "
                    + children.stream().map(PlainLoopbackRegistration::decode).toList());
        }
        for (String child : children) {
            Matcher mapped = MAPPED_URL.matcher(decode(child));
            if (mapped.find()) {
                String plain = mapped.replaceFirst(mapped.group(1) + mapped.group(2));
                if (!instanceOnly) {
                    zookeeper.create().forPath(parent + "/" + URLEncoder.encode(plain, StandardCharsets.UTF_8));
                }
                zookeeper.delete().forPath(parent + "/" + child);
            }
        }
        return children(zookeeper, parent).stream().map(child -> PROVIDER_LINE + decode(child)).toList();
    }

    private static List<String> instances(CuratorFramework zookeeper) throws Exception {
        List<String> lines = new ArrayList<>();
        for (String application : children(zookeeper, "/services")) {
            for (String id : children(zookeeper, "/services/" + application)) {
                String path = "/services/" + application + "/" + id;
                String json = new String(zookeeper.getData().forPath(path), StandardCharsets.UTF_8);
                Matcher mapped = MAPPED_ADDRESS.matcher(json);
                if (mapped.find()) {
                    json = mapped.replaceFirst("\"address\":\"" + mapped.group(1) + "\"");
                    zookeeper.setData().forPath(path, json.getBytes(StandardCharsets.UTF_8));
                }
                lines.add(INSTANCE_LINE + application + " " + field(ADDRESS, json) + ":" + field(PORT, json));
            }
        }
        return lines;
    }

    private static List<String> children(CuratorFramework zookeeper, String path) throws Exception {
        try {
            return zookeeper.getChildren().forPath(path);
        } catch (KeeperException.NoNodeException e) {
            return List.of();
        }
    }

    private static String field(Pattern pattern, String json) {
        Matcher matcher = pattern.matcher(json);
        return matcher.find() ? matcher.group(1) : "?";
    }

    private static String decode(String node) {
        return URLDecoder.decode(node, StandardCharsets.UTF_8);
    }

    private static void fail(String reason) {
        System.err.println("PlainLoopbackRegistration: " + reason);
        System.exit(1);
    }
}
