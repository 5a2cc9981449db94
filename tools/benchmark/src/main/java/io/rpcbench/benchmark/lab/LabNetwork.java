package io.rpcbench.benchmark.lab;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.regex.Pattern;

/**
 * A private network of hosts on this machine: one network namespace per host, each joined by a veth link to a bridge
 * that lives in a namespace of its own (the lab's switch), with addresses from one /24 of the benchmarking range
 * 198.18.0.0/15 and no route anywhere else. Nothing is added to this machine's own namespace: no link, no address, no
 * route, so no traffic of the lab can leave it, whatever a program in it does.
 *
 * <p>Order of calls: {@link #create}, then start processes in the hosts ({@link LabHost#command}) and stop them by
 * PID, then {@link #close}, which deletes every namespace (their links go with them) and kills by PID any process
 * still left inside one, saying which.
 */
public final class LabNetwork implements AutoCloseable {

    /** Every namespace of a lab starts with this, then the lab's id: {@code rbl-<id>-<host>}. */
    public static final String NAMESPACE_PREFIX = "rbl-";

    /** How long a process left in the lab may take to stop on its own before it is killed. */
    private static final Duration STOP_GRACE = Duration.ofSeconds(25);

    private static final Pattern SUBNET = Pattern.compile("198\\.(18|19)\\.(\\d{1,3})");

    private final String id;
    private final String switchNamespace;
    private final List<LabHost> hosts;
    private final List<String> created = new ArrayList<>();
    private final Thread removeOnExit = new Thread(this::remove, "remove-lab-on-exit");
    private boolean closed;

    private LabNetwork(String id) {
        this.id = id;
        this.switchNamespace = NAMESPACE_PREFIX + id + "-switch";
        this.hosts = new ArrayList<>();
    }

    /**
     * Makes the namespaces, the switch and one link per host, and gives the hosts the addresses {@code subnet.1},
     * {@code subnet.2} ... in the order of {@code hostNames}.
     *
     * @param subnet the first three numbers of a /24 in 198.18.0.0/15, e.g. {@code 198.18.0}
     * @throws IllegalStateException when this process is not root or a step fails; whatever was made is removed
     */
    public static LabNetwork create(String subnet, List<String> hostNames) {
        var matcher = SUBNET.matcher(subnet);
        if (!matcher.matches() || Integer.parseInt(matcher.group(2)) > 255) {
            throw new IllegalArgumentException("lab subnet '" + subnet + "' is not the first three numbers of a /24 in "
                    + "the benchmarking range 198.18.0.0/15; expected e.g. 198.18.0");
        }
        if (hostNames.isEmpty() || hostNames.size() > 250) {
            throw new IllegalArgumentException("a lab has 1 to 250 hosts; got " + hostNames.size());
        }
        requireRoot();
        LabNetwork lab = new LabNetwork(newId());
        Runtime.getRuntime().addShutdownHook(lab.removeOnExit);
        try {
            lab.namespace(lab.switchNamespace);
            Ip.ip("-n", lab.switchNamespace, "link", "add", "br0", "type", "bridge");
            Ip.ip("-n", lab.switchNamespace, "link", "set", "br0", "up");
            for (int i = 0; i < hostNames.size(); i++) {
                lab.hosts.add(lab.host(hostNames.get(i), i + 1, subnet + "." + (i + 1)));
            }
            return lab;
        } catch (RuntimeException e) {
            lab.close();
            throw e;
        }
    }

    /**
     * @throws IllegalStateException when this process is not root: making namespaces needs it
     */
    public static void requireRoot() {
        if (!isRoot()) {
            throw new IllegalStateException("the lab makes network namespaces, which needs root (CAP_NET_ADMIN and "
                    + "CAP_SYS_ADMIN); run it as root, e.g. with sudo");
        }
    }

    /** Whether this process runs as root (uid 0), read from {@code /proc/self/status}. */
    public static boolean isRoot() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("Uid:")) {
                    return line.substring("Uid:".length()).trim().split("\\s+")[1].equals("0"); // the effective uid
                }
            }
        } catch (IOException e) {
            return false;
        }
        return false;
    }

    private static String newId() {
        Set<String> taken = Set.copyOf(namespaces());
        while (true) {
            String id = HexFormat.of().toHexDigits((short) ThreadLocalRandom.current().nextInt(1 << 16));
            if (taken.stream().noneMatch(ns -> ns.startsWith(NAMESPACE_PREFIX + id + "-"))) {
                return id;
            }
        }
    }

    /** The names of every network namespace {@code ip netns} knows on this machine. */
    public static List<String> namespaces() {
        List<String> names = new ArrayList<>();
        for (String line : Ip.ip("netns", "list").split("\n")) {
            if (!line.isBlank()) {
                names.add(line.trim().split("\\s+")[0]);
            }
        }
        return names;
    }

    private void namespace(String name) {
        Ip.ip("netns", "add", name);
        created.add(name);
    }

    private LabHost host(String name, int index, String address) {
        String namespace = NAMESPACE_PREFIX + id + "-" + name;
        namespace(namespace);
        String port = "h" + index; // the switch's end of the link; the host's end is eth0
        Ip.ip("-n", switchNamespace, "link", "add", port, "type", "veth", "peer", "name", "eth0", "netns", namespace);
        Ip.ip("-n", switchNamespace, "link", "set", port, "master", "br0", "up");
        Ip.ip("-n", namespace, "addr", "add", address + "/24", "dev", "eth0");
        Ip.ip("-n", namespace, "link", "set", "eth0", "up");
        Ip.ip("-n", namespace, "link", "set", "lo", "up");
        return new LabHost(name, namespace, address);
    }

    /** The lab's id, in every namespace name: {@code rbl-<id>-...}. */
    public String id() {
        return id;
    }

    public List<LabHost> hosts() {
        return List.copyOf(hosts);
    }

    public LabHost host(String name) {
        return hosts.stream().filter(h -> h.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no lab host named '" + name + "'"));
    }

    /** Every namespace this lab made, its switch included. */
    public List<String> namespaceNames() {
        return List.copyOf(created);
    }

    /**
     * The PIDs of the processes inside the lab's namespaces ({@code ip netns pids}); empty once every process the
     * caller started there has been stopped.
     */
    public List<Long> processes() {
        List<Long> pids = new ArrayList<>();
        for (String namespace : created) {
            for (String line : Ip.ip("netns", "pids", namespace).split("\n")) {
                if (!line.isBlank()) {
                    pids.add(Long.parseLong(line.trim()));
                }
            }
        }
        return pids;
    }

    /**
     * Kills by PID whatever still runs inside the lab (its callers should have stopped everything already: this is
     * for a run that failed half-way), then deletes every namespace, which removes their links and the bridge.
     *
     * @throws IllegalStateException when a namespace could not be deleted, naming it
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        remove();
        try {
            Runtime.getRuntime().removeShutdownHook(removeOnExit);
        } catch (IllegalStateException shuttingDown) {
            // called from the hook itself
        }
    }

    private synchronized void remove() {
        if (closed) {
            return;
        }
        closed = true;
        List<String> failures = new ArrayList<>();
        try {
            // On an interrupted run (SIGTERM, Ctrl-C) each process's own shutdown hook is stopping it at the same
            // time: give them that long before killing what is left.
            long deadline = System.nanoTime() + STOP_GRACE.toNanos();
            for (long pid : processes()) {
                ProcessHandle.of(pid).ifPresent(p -> {
                    try {
                        p.onExit().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
                    } catch (TimeoutException | ExecutionException e) {
                        System.err.println("lab " + id + ": process " + pid + " (" + p.info().command().orElse("?")
                                + ") was still running in the lab; killed");
                        p.destroyForcibly();
                        p.onExit().join();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        p.destroyForcibly();
                    }
                });
            }
        } catch (RuntimeException e) {
            failures.add("listing the lab's processes: " + e.getMessage());
        }
        for (int i = created.size() - 1; i >= 0; i--) {
            try {
                Ip.ip("netns", "del", created.get(i));
            } catch (RuntimeException e) {
                failures.add(e.getMessage());
            }
        }
        if (!failures.isEmpty()) {
            throw new IllegalStateException("lab " + id + " was not removed completely: " + String.join("; ", failures));
        }
    }
}
