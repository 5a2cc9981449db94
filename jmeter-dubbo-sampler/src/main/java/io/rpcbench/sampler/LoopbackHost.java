package io.rpcbench.sampler;

import java.util.regex.Pattern;

/**
 * Keeps Dubbo on loopback. Dubbo treats a host of {@code 127.*} or {@code localhost} as "no host given"
 * and replaces it with this machine's network-card address before connecting, so traffic meant for
 * loopback leaves it. The IPv4-mapped form {@code ::ffff:127.0.0.1} passes that check unchanged, and Java
 * resolves it to the IPv4 address 127.0.0.1, so the connection stays on 127.0.0.1 at both ends without
 * any JVM-wide setting (such as ignoring every network interface, which makes Dubbo rescan them per call).
 */
public final class LoopbackHost {

    private static final Pattern IPV4_LOOPBACK = Pattern.compile("127(\\.\\d{1,3}){3}");
    private static final String MAPPED_PREFIX = "::ffff:";

    private LoopbackHost() {}

    /** {@code 127.0.0.1} -> {@code ::ffff:127.0.0.1}, {@code localhost} -> {@code ::ffff:127.0.0.1}; other hosts unchanged. */
    public static String forDubbo(String host) {
        if ("localhost".equalsIgnoreCase(host)) {
            return MAPPED_PREFIX + "127.0.0.1";
        }
        if (IPV4_LOOPBACK.matcher(host).matches()) {
            return MAPPED_PREFIX + host;
        }
        return host;
    }
}
