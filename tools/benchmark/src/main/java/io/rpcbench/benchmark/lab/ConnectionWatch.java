package io.rpcbench.benchmark.lab;

import io.rpcbench.benchmark.process.ProviderEndpoints;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every TCP connection of the lab's hosts while a run goes on, as {@code ss -tn} in each host's namespace shows it
 * every couple of seconds: the proof, seen rather than configured, that a run's traffic went from one lab address to
 * another or stayed on a host's loopback. Ports are kept on the listening side only (the other is ephemeral).
 *
 * <p>Order of calls: {@link #start}, the run, {@link #close}, then {@link #connections} and {@link #outside}.
 */
public final class ConnectionWatch implements AutoCloseable {

    /**
     * One connection as a host saw it.
     *
     * @param host the lab host whose namespace holds the socket
     * @param localAddress the local address (IPv4-mapped IPv6 written as IPv4)
     * @param localPort the local port when it is the listening side, else 0 (an ephemeral port, dropped)
     * @param peerAddress the peer's address
     * @param peerPort the peer's port when it is the listening side, else 0
     */
    public record Connection(String host, String localAddress, int localPort, String peerAddress, int peerPort) {
        @Override
        public String toString() {
            return host + " " + endpoint(localAddress, localPort) + " -> " + endpoint(peerAddress, peerPort);
        }

        private static String endpoint(String address, int port) {
            return port == 0 ? address : address + ":" + port;
        }
    }

    private final List<LabHost> hosts;
    private final Duration every;
    private final Set<Connection> seen = ConcurrentHashMap.newKeySet();
    private final Thread thread;
    private volatile boolean stopped;
    private volatile RuntimeException failure;

    private ConnectionWatch(List<LabHost> hosts, Duration every) {
        this.hosts = List.copyOf(hosts);
        this.every = every;
        this.thread = new Thread(this::watch, "lab-connection-watch");
        thread.setDaemon(true);
    }

    public static ConnectionWatch start(List<LabHost> hosts, Duration every) {
        ConnectionWatch watch = new ConnectionWatch(hosts, every);
        watch.look(); // at once, so even a run shorter than the interval is seen
        watch.thread.start();
        return watch;
    }

    private void watch() {
        while (!stopped) {
            try {
                Thread.sleep(every.toMillis()); // a sampling interval, not a readiness wait
            } catch (InterruptedException e) {
                return;
            }
            look();
        }
    }

    private void look() {
        for (LabHost host : hosts) {
            try {
                String table = Ip.run(host.command(List.of("ss", "-Htn")));
                seen.addAll(parse(host.name(), table));
            } catch (RuntimeException e) { // a namespace removed under a failed run: say so at the end
                if (!stopped && failure == null) {
                    failure = e;
                }
            }
        }
    }

    /**
     * The connections in {@code ss -Htn}'s output ({@code State Recv-Q Send-Q Local:Port Peer:Port}), the ephemeral
     * port of each dropped: the side with the lower port is taken as the listening one.
     */
    static List<Connection> parse(String host, String table) {
        List<Connection> connections = new ArrayList<>();
        for (String line : table.split("\n")) {
            String[] fields = line.trim().split("\\s+");
            if (fields.length < 5) {
                continue;
            }
            String local = fields[3];
            String peer = fields[4];
            int localPort = ProviderEndpoints.port(local);
            int peerPort = ProviderEndpoints.port(peer);
            boolean localListens = localPort < peerPort;
            connections.add(new Connection(host, address(local), localListens ? localPort : 0, address(peer),
                    localListens ? 0 : peerPort));
        }
        return connections;
    }

    /** The address of {@code 198.18.0.1:4000} or {@code [::ffff:127.0.0.1]:20880}, unbracketed. */
    static String address(String endpoint) {
        String address = endpoint.substring(0, endpoint.lastIndexOf(':'));
        if (address.startsWith("[") && address.endsWith("]")) {
            address = address.substring(1, address.length() - 1);
        }
        return address.startsWith("::ffff:") ? address.substring("::ffff:".length()) : address;
    }

    @Override
    public void close() {
        stopped = true;
        thread.interrupt();
        try {
            thread.join(every.multipliedBy(2).plusSeconds(30).toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Every distinct connection seen, sorted as written. */
    public Set<Connection> connections() {
        Set<Connection> sorted = new TreeSet<>(Comparator.comparing(Connection::toString));
        sorted.addAll(seen);
        return sorted;
    }

    /** The first failure to read a host's connections, if any (e.g. a namespace gone under a failed run). */
    public Optional<RuntimeException> failure() {
        return Optional.ofNullable(failure);
    }

    /** The connections with an end outside both loopback and the lab's {@code subnet} (e.g. {@code 198.18.0}). */
    public List<Connection> outside(String subnet) {
        return outside(connections(), subnet);
    }

    static List<Connection> outside(Collection<Connection> connections, String subnet) {
        return connections.stream()
                .filter(c -> !inside(c.localAddress(), subnet) || !inside(c.peerAddress(), subnet))
                .toList();
    }

    private static boolean inside(String address, String subnet) {
        return address.startsWith("127.") || address.equals("::1") || address.startsWith(subnet + ".");
    }

    /** Writes every connection seen, one a line. */
    public void write(Path file) throws IOException {
        List<String> lines = new ArrayList<>();
        connections().forEach(c -> lines.add(c.toString()));
        Files.write(file, lines);
    }
}
