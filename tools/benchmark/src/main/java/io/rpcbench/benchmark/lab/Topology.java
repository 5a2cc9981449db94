package io.rpcbench.benchmark.lab;

import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How many provider hosts and load-generator hosts a lab run has: {@code PxG} (e.g. {@code 2x2}), or a seed's
 * topology by name.
 *
 * @param providers provider hosts, each with a provider and an agent (the first also runs ZooKeeper)
 * @param generators load-generator hosts, each with a JMeter remote engine and an agent
 */
public record Topology(int providers, int generators) {

    /** The seeds' topologies: seed 000/001's pressure test, and seed 003's three consumer servers. */
    public static final Map<String, Topology> NAMED = Map.of(
            "seed-000", new Topology(2, 2), // "2 providers x 2 consumers"
            "seed-003", new Topology(1, 3)); // one provider driven from three consumer servers

    private static final Pattern SHAPE = Pattern.compile("(\\d{1,2})x(\\d{1,2})");
    private static final int MAX_HOSTS = 20;

    public Topology {
        if (providers < 1 || generators < 1 || providers + generators > MAX_HOSTS) {
            throw new IllegalArgumentException("a lab has at least 1 provider host and 1 load-generator host, and at "
                    + "most " + MAX_HOSTS + " hosts in all; got " + providers + " providers and " + generators
                    + " generators");
        }
    }

    /**
     * Parses {@code PxG} (providers x load generators) or a name of {@link #NAMED}.
     *
     * @throws IllegalArgumentException naming the text and what was expected
     */
    public static Topology parse(String text) {
        Topology named = NAMED.get(text);
        if (named != null) {
            return named;
        }
        Matcher matcher = SHAPE.matcher(text);
        if (!matcher.matches()) {
            throw new IllegalArgumentException("hosts '" + text + "' is not PROVIDERSxGENERATORS (e.g. 2x2: two provider "
                    + "hosts, two load-generator hosts) or one of " + NAMED.keySet().stream().sorted().toList());
        }
        return new Topology(Integer.parseInt(matcher.group(1)), Integer.parseInt(matcher.group(2)));
    }

    @Override
    public String toString() {
        return providers + "x" + generators;
    }
}
