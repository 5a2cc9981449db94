package io.rpcbench.agent;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** The {@code --allow-clients} list: which client addresses the agent talks to. An empty list allows everyone. */
final class ClientAllowList {
    private final Set<InetAddress> allowed = new HashSet<InetAddress>();

    ClientAllowList(List<String> addresses) {
        for (String address : addresses) {
            try {
                for (InetAddress resolved : InetAddress.getAllByName(address)) {
                    allowed.add(resolved);
                }
            } catch (UnknownHostException e) {
                throw new IllegalArgumentException("--allow-clients: cannot resolve '" + address
                        + "'; expected an IP address or a resolvable host name", e);
            }
        }
    }

    boolean allows(InetAddress client) {
        return allowed.isEmpty() || allowed.contains(client);
    }
}
