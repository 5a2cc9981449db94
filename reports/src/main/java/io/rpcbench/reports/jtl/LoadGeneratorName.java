package io.rpcbench.reports.jtl;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which load generator made a sample, read from JMeter's thread name. In distributed mode ({@code jmeter -n -t plan
 * -R 198.18.0.21,198.18.0.22}) every remote engine names its threads {@code <engine>-<thread group> <n>-<m>}, e.g.
 * {@code 198.18.0.21-Thread Group 1-1}: JMeter 5.6.3's {@code RemoteJMeterEngineImpl.rconfigure} sets the property
 * {@code __jm.D_TG} to the engine's entry of {@code -R} as the controller was given it ({@code host} or
 * {@code host:port}), and the thread groups put it, and a '-', before their threads' names. A local run's threads
 * have no prefix ({@code Thread Group 1-1}). JMeter's {@code hostname} column (saveservice {@code hostname}, off by
 * default) would not do: it holds each engine's own OS host name, which engines in network namespaces of one machine
 * share.
 *
 * <p>A thread name has a generator when a part of it that ends before one of its '-' looks like a host as {@code -R}
 * takes it: an IPv4 address, {@code localhost}, or a DNS name with a dot, each optionally with {@code :port}, or any
 * one-word name with {@code :port}. The shortest such part is taken, so {@code gen-1.lab-Thread Group 1-1} is
 * {@code gen-1.lab}. A one-word name without a port ({@code gen1-Thread Group 1-1}) is not taken: it cannot be told
 * from a local thread group named {@code dubbo-echo} (thread {@code dubbo-echo 1-1}); give such engines to
 * {@code -R} by address or with their port. JMeter 5.6.3 cannot take IPv6 addresses in {@code -R} (it splits host and
 * port at the first ':'), so neither does this.
 *
 * <p>One instance per pass over a JTL: it hands out the same String for every sample of a generator, so millions of
 * rows make no copies.
 *
 * <pre>{@code
 * LoadGeneratorName names = new LoadGeneratorName();
 * names.of("198.18.0.21-Thread Group 1-1");  // "198.18.0.21"
 * names.of("Thread Group 1-1");              // "" (a local run)
 * }</pre>
 */
public final class LoadGeneratorName {

    /**
     * The load generators a pass tells apart; beyond them, names are no longer kept for reuse (they are still read),
     * and the statistics count further generators together.
     */
    public static final int MAX_GENERATORS = 64;

    private static final String LOCALHOST = "localhost";

    /** IPv4 addresses first, in numeric order, then names alphabetically; names in brackets ("(other ...)") last. */
    public static final Comparator<String> ORDER = Comparator
            .comparingInt((String name) -> name.startsWith("(") ? 2 : ipv4(host(name)) >= 0 ? 0 : 1)
            .thenComparingLong(name -> ipv4(host(name)))
            .thenComparing(LoadGeneratorName::host)
            .thenComparing(Comparator.naturalOrder());

    /** Thread names remembered with their generator: beyond this many, names are read again each time. */
    private static final int MAX_THREAD_NAMES = 4096;

    private final List<String> known = new ArrayList<>();
    /** A pass's thread names come as one String each ({@link RepeatedText}), their hashes cached: one lookup a row. */
    private final Map<String, String> byThreadName = new HashMap<>();

    /** The generator of a thread name, or "" when it has none (a local run). */
    String of(String threadName) {
        String generator = byThreadName.get(threadName);
        if (generator == null) {
            generator = read(threadName);
            if (byThreadName.size() < MAX_THREAD_NAMES) {
                byThreadName.put(threadName, generator);
            }
        }
        return generator;
    }

    private String read(String threadName) {
        // A generator seen before: its name, a '-' and more. No shorter part of the name is a host (it was not when
        // the name was first read), so it is the generator without reading the name again.
        for (String name : known) {
            int end = name.length();
            if (threadName.length() > end + 1 && threadName.charAt(end) == '-' && threadName.startsWith(name)) {
                return name;
            }
        }
        int end = prefixEnd(threadName);
        if (end < 0) {
            return "";
        }
        String name = threadName.substring(0, end);
        if (known.size() < MAX_GENERATORS) {
            known.add(name);
        }
        return name;
    }

    /**
     * The end of the shortest host-like part before a '-' with more after it, or -1 when there is none. Reads the
     * name in place (no copies): it runs once a row.
     */
    static int prefixEnd(String threadName) {
        for (int i = 0; i < threadName.length() - 1; i++) {
            char c = threadName.charAt(i);
            if (c == '-') {
                if (i > 0 && looksLikeHost(threadName, i)) {
                    return i;
                }
            } else if (!isHostCharacter(c)) {
                return -1; // a space or the like: no longer part of a host, as in "Thread Group 1-1"
            }
        }
        return -1;
    }

    /** The host of a generator: without the {@code :port} of its {@code -R} entry, to match a PerfMon agent host. */
    public static String host(String generator) {
        int colon = generator.indexOf(':');
        return colon < 0 ? generator : generator.substring(0, colon);
    }

    /** The address as a number, or -1 when {@code host} is not a dotted IPv4 address. */
    static long ipv4(String host) {
        return ipv4(host, host.length());
    }

    private static boolean isHostCharacter(char c) {
        return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || isDigit(c) || c == '.' || c == ':';
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }

    /** Whether {@code text[0, end)}, of host characters and '-', is a host as {@code -R} takes it (class javadoc). */
    private static boolean looksLikeHost(String text, int end) {
        int colon = -1;
        for (int i = 0; i < end; i++) {
            if (text.charAt(i) == ':') {
                if (colon >= 0) {
                    return false;
                }
                colon = i;
            }
        }
        int hostEnd = end;
        if (colon >= 0) {
            int digits = end - colon - 1;
            if (colon == 0 || digits < 1 || digits > 5) {
                return false;
            }
            for (int i = colon + 1; i < end; i++) {
                if (!isDigit(text.charAt(i))) {
                    return false;
                }
            }
            hostEnd = colon;
        }
        if (ipv4(text, hostEnd) >= 0 || hostEnd == LOCALHOST.length() && text.regionMatches(true, 0, LOCALHOST, 0,
                hostEnd)) {
            return true;
        }
        return isDnsName(text, hostEnd) && (colon >= 0 || text.lastIndexOf('.', hostEnd - 1) >= 0);
    }

    /** Dot-separated labels of letters, digits and inner '-', 1 to 63 long; the last not all digits (a bad address). */
    private static boolean isDnsName(String text, int end) {
        int labelStart = 0;
        boolean allDigits = true;
        for (int i = 0; i < end; i++) {
            char c = text.charAt(i);
            if (c == '.') {
                if (!isLabel(text, labelStart, i)) {
                    return false;
                }
                labelStart = i + 1;
                allDigits = true;
            } else if (!isDigit(c)) {
                allDigits = false;
            }
        }
        return isLabel(text, labelStart, end) && !allDigits;
    }

    private static boolean isLabel(String text, int start, int end) {
        int length = end - start;
        return length >= 1 && length <= 63 && text.charAt(start) != '-' && text.charAt(end - 1) != '-';
    }

    /** {@code text[0, end)} as an IPv4 address's number, or -1 when it is not four dotted decimal octets. */
    private static long ipv4(String text, int end) {
        long value = 0;
        int octets = 0;
        int octet = -1;
        for (int i = 0; i <= end; i++) {
            if (i == end || text.charAt(i) == '.') {
                if (octet < 0 || ++octets > 4) {
                    return -1;
                }
                value = value << 8 | octet;
                octet = -1;
            } else if (isDigit(text.charAt(i))) {
                octet = (octet < 0 ? 0 : octet * 10) + text.charAt(i) - '0';
                if (octet > 255) {
                    return -1;
                }
            } else {
                return -1;
            }
        }
        return octets == 4 ? value : -1;
    }
}
