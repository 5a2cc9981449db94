package io.rpcbench.sampler.jmeter;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The TCP sockets of this machine touching a port, read from Linux's /proc/net/tcp and tcp6, as "address:port" pairs. */
final class LoopbackSockets {

    private static final String IPV4_LOOPBACK = "0100007F";
    private static final String MAPPED_IPV4_LOOPBACK = "0000000000000000FFFF00000100007F";

    private LoopbackSockets() {}

    static boolean readable() {
        return Files.isReadable(Path.of("/proc/net/tcp"));
    }

    /** Each connection or listener with {@code port} at one end, as "local -> remote" in /proc's hex form. */
    static List<String> touching(int port) throws IOException {
        String hexPort = String.format(Locale.ROOT, "%04X", port);
        List<String> sockets = new ArrayList<>();
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            Path path = Path.of(table);
            if (!Files.isReadable(path)) {
                continue;
            }
            for (String line : Files.readAllLines(path)) {
                String[] fields = line.trim().split("\\s+");
                if (fields.length < 3 || !fields[1].contains(":")) {
                    continue;
                }
                if (fields[1].endsWith(":" + hexPort) || fields[2].endsWith(":" + hexPort)) {
                    sockets.add(fields[1] + " -> " + fields[2]);
                }
            }
        }
        return sockets;
    }

    /** True when both ends are 127.0.0.1 (plain or IPv4-mapped), or the remote end is unset (a listener). */
    static boolean onLoopback(String socket) {
        String[] ends = socket.split(" -> ");
        return loopback(ends[0]) && (loopback(ends[1]) || ends[1].startsWith("00000000"));
    }

    private static boolean loopback(String end) {
        String address = end.substring(0, end.indexOf(':'));
        return address.equals(IPV4_LOOPBACK) || address.equals(MAPPED_IPV4_LOOPBACK);
    }
}
