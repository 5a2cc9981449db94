package io.rpcbench.echo;

import java.util.regex.Pattern;

/**
 * The one rule that keeps Dubbo on loopback, shared by the provider (the host it binds and registers) and
 * the sampler (the host of a direct URL): a {@code 127.x.y.z} address, or {@code localhost}, is written as its
 * IPv4-mapped IPv6 literal in brackets, {@code [::ffff:127.x.y.z]}.
 *
 * <p>Why: Dubbo 3.3 treats every {@code 127.*} host and {@code localhost} as "no host given"
 * ({@code NetUtils.isInvalidLocalHost}): a provider then binds 0.0.0.0 and registers the machine's network
 * card, and a consumer replaces such a host with that card address before connecting. The mapped literal is
 * none of these to Dubbo, while Java parses it to the {@code Inet4Address} 127.x.y.z, so both sides stay on
 * loopback. The brackets pass Dubbo's host syntax check, and its URL parser splits host and port at the last
 * colon. The measurements are in {@code provider-app}'s {@code LoopbackHost}.
 *
 * <pre>{@code
 * DubboLoopback.host("127.0.0.1");   // "[::ffff:127.0.0.1]"
 * DubboLoopback.host("10.0.0.5");    // "10.0.0.5"
 * }</pre>
 */
public final class DubboLoopback {

    private static final Pattern IPV4_LOOPBACK = Pattern.compile("127(\\.\\d{1,3}){3}");

    private DubboLoopback() {}

    /** The host to give Dubbo for {@code host}: the mapped form for loopback, anything else unchanged. */
    public static String host(String host) {
        if ("localhost".equalsIgnoreCase(host)) {
            return "[::ffff:127.0.0.1]";
        }
        return host != null && IPV4_LOOPBACK.matcher(host).matches() ? "[::ffff:" + host + "]" : host;
    }
}
