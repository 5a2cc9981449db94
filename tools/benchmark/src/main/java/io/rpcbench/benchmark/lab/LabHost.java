package io.rpcbench.benchmark.lab;

import java.util.ArrayList;
import java.util.List;

/**
 * One host of the lab: a network namespace with one address on the lab's bridge, besides its own loopback.
 *
 * @param name the host's name in the user's words, e.g. {@code provider-1}, {@code generator-2}, {@code controller}
 * @param namespace the network namespace, as {@code ip netns} lists it
 * @param address its IPv4 address on the lab network
 */
public record LabHost(String name, String namespace, String address) {

    /** {@code command}, run inside this host's namespace ({@code ip netns exec}, which execs it: the PID is its own). */
    public List<String> command(List<String> command) {
        List<String> inside = new ArrayList<>(List.of("ip", "netns", "exec", namespace));
        inside.addAll(command);
        return inside;
    }
}
