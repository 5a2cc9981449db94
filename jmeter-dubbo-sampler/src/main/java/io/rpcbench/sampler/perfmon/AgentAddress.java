package io.rpcbench.sampler.perfmon;

import io.rpcbench.sampler.call.BadParameterException;
import java.util.ArrayList;
import java.util.List;

/**
 * Where one PerfMon agent listens. A list of them is written the way the plans' {@code agents} property takes
 * it: {@code host[:port]} entries separated by commas, e.g. {@code 10.0.0.5:4444,10.0.0.6}; an IPv6 address is
 * written in brackets, {@code [fd00::5]:4444}. An entry without a port gets the default port.
 *
 * <pre>{@code
 * List<AgentAddress> agents = AgentAddress.parseList("10.0.0.5:4444,10.0.0.6", "4444");
 * }</pre>
 */
public record AgentAddress(String host, int port) {

    private static final String EXPECTED = "comma-separated host or host:port entries, e.g. 127.0.0.1:4444,10.0.0.6";

    public AgentAddress {
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("agent host is empty");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("agent port " + port + " is out of range 1-65535");
        }
    }

    /**
     * Parses a comma-separated list; spaces around entries are ignored.
     *
     * @param list the entries, e.g. {@code 127.0.0.1:4444,10.0.0.6}; blank gives an empty list
     * @param defaultPort the port of an entry that names none (the Port cell of a PerfMon row)
     * @throws BadParameterException naming the list and the entry that is not {@code host[:port]}
     */
    public static List<AgentAddress> parseList(String list, String defaultPort) {
        List<AgentAddress> agents = new ArrayList<>();
        if (list == null || list.isBlank()) {
            return agents;
        }
        for (String entry : list.split(",", -1)) {
            agents.add(parse(list, entry.trim(), defaultPort == null ? "" : defaultPort.trim()));
        }
        return agents;
    }

    private static AgentAddress parse(String list, String entry, String defaultPort) {
        String host;
        String port;
        if (entry.startsWith("[")) {
            int close = entry.indexOf(']');
            if (close < 0 || (close + 1 < entry.length() && entry.charAt(close + 1) != ':')) {
                throw bad(list, entry, "is not [ipv6-address] or [ipv6-address]:port");
            }
            host = entry.substring(1, close);
            port = close + 1 < entry.length() ? entry.substring(close + 2) : defaultPort;
        } else {
            int colon = entry.indexOf(':');
            if (colon != entry.lastIndexOf(':')) {
                throw bad(list, entry, "has more than one ':' (write an IPv6 address in brackets: [fd00::5]:4444)");
            }
            host = colon < 0 ? entry : entry.substring(0, colon);
            port = colon < 0 ? defaultPort : entry.substring(colon + 1);
        }
        if (host.isEmpty()) {
            throw bad(list, entry, "has no host");
        }
        if (port.isEmpty()) {
            throw bad(list, entry, "has no port, and there is no default port");
        }
        int number;
        try {
            number = Integer.parseInt(port);
        } catch (NumberFormatException e) {
            throw bad(list, entry, "has port '" + port + "', which is not a number");
        }
        if (number < 1 || number > 65535) {
            throw bad(list, entry, "has port " + number + ", outside 1-65535");
        }
        return new AgentAddress(host, number);
    }

    private static BadParameterException bad(String list, String entry, String problem) {
        return BadParameterException.of("agent list", list, "has an entry '" + entry + "' that " + problem, EXPECTED);
    }
}
