package io.rpcbench.benchmark;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The TCP sockets a process holds, read from Linux's {@code /proc/<pid>/fd} and {@code /proc/<pid>/net/tcp[6]}
 * (what {@code ss -tnp} shows), so tests can assert that every socket of our processes stays on loopback.
 */
final class ProcessSockets {

    static final String LISTEN = "0A";
    static final String ESTABLISHED = "01";

    /** One socket: state as in /proc ({@code 0A} listen, {@code 01} established) and both ends as text. */
    record TcpSocket(String state, String local, String remote) {

        boolean localIsLoopback() {
            return isLoopback(local);
        }

        boolean remoteIsLoopback() {
            return isLoopback(remote);
        }

        private static boolean isLoopback(String hostPort) {
            String host = hostPort.substring(0, hostPort.lastIndexOf(':'));
            return host.startsWith("127.") || host.equals("::1") || host.startsWith("::ffff:127.");
        }
    }

    private ProcessSockets() {}

    static List<TcpSocket> of(long pid) throws IOException {
        Set<String> inodes = new HashSet<>();
        try (Stream<Path> fds = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
            for (Path fd : (Iterable<Path>) fds::iterator) {
                try {
                    String target = Files.readSymbolicLink(fd).toString();
                    if (target.startsWith("socket:[")) {
                        inodes.add(target.substring("socket:[".length(), target.length() - 1));
                    }
                } catch (IOException closedMeanwhile) {
                    // the descriptor was closed between listing and reading: not a socket we need
                }
            }
        }
        List<TcpSocket> sockets = new ArrayList<>();
        for (String table : new String[] {"tcp", "tcp6"}) {
            Path file = Path.of("/proc", Long.toString(pid), "net", table);
            if (!Files.exists(file)) {
                continue;
            }
            List<String> lines = Files.readAllLines(file);
            for (String line : lines.subList(1, lines.size())) {
                String[] f = line.trim().split("\\s+");
                if (f.length > 9 && inodes.contains(f[9])) {
                    sockets.add(new TcpSocket(f[3], address(f[1]), address(f[2])));
                }
            }
        }
        return sockets;
    }

    /** {@code 0100007F:1F90} to {@code 127.0.0.1:8080}; 32-hex-digit IPv6 forms likewise. */
    static String address(String hex) {
        String[] parts = hex.split(":");
        int port = Integer.parseInt(parts[1], 16);
        String ip = parts[0];
        if (ip.length() == 8) {
            return ipv4(ip) + ":" + port;
        }
        StringBuilder words = new StringBuilder();
        for (int w = 0; w < 4; w++) {
            String word = ip.substring(w * 8, w * 8 + 8);
            for (int b = 3; b >= 0; b--) {
                words.append(word, b * 2, b * 2 + 2);
            }
        }
        String be = words.toString().toLowerCase();
        if (be.startsWith("00000000000000000000ffff")) {
            return "::ffff:" + ipv4Be(be.substring(24)) + ":" + port;
        }
        if (be.equals("00000000000000000000000000000001")) {
            return "::1:" + port;
        }
        if (be.equals("00000000000000000000000000000000")) {
            return ":::" + port;
        }
        return be + ":" + port;
    }

    private static String ipv4(String littleEndianHex) {
        return Integer.parseInt(littleEndianHex.substring(6, 8), 16) + "." + Integer.parseInt(littleEndianHex.substring(4, 6), 16)
                + "." + Integer.parseInt(littleEndianHex.substring(2, 4), 16) + "."
                + Integer.parseInt(littleEndianHex.substring(0, 2), 16);
    }

    private static String ipv4Be(String bigEndianHex) {
        return Integer.parseInt(bigEndianHex.substring(0, 2), 16) + "." + Integer.parseInt(bigEndianHex.substring(2, 4), 16)
                + "." + Integer.parseInt(bigEndianHex.substring(4, 6), 16) + "."
                + Integer.parseInt(bigEndianHex.substring(6, 8), 16);
    }
}
