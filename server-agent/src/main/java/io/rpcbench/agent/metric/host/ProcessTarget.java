package io.rpcbench.agent.metric.host;

import io.rpcbench.agent.host.Host;
import io.rpcbench.agent.metric.BadSpecException;
import io.rpcbench.agent.metric.MetricSpec;
import java.util.List;

/**
 * The process a spec names: {@code pid=1234}, or {@code name=java} (the first such process by id) or
 * {@code name=java#1} (the second). A name is looked up once, when the client sends the spec, like the original.
 */
public final class ProcessTarget {
    private ProcessTarget() {
    }

    public static long pidOf(Host host, MetricSpec spec) {
        if (!spec.pid().isEmpty()) {
            try {
                return Long.parseLong(spec.pid().trim());
            } catch (NumberFormatException e) {
                throw new BadSpecException(spec, "pid= must be a process id (a whole number)");
            }
        }
        String name = spec.name();
        int index = 0;
        int hash = name.lastIndexOf('#');
        if (hash >= 0) {
            try {
                index = Integer.parseInt(name.substring(hash + 1));
            } catch (NumberFormatException e) {
                throw new BadSpecException(spec, "name= must be <executable> or <executable>#<index from 0>");
            }
            name = name.substring(0, hash);
        }
        List<Long> pids = host.pidsNamed(name);
        if (index < 0 || index >= pids.size()) {
            throw new BadSpecException(spec, "no process called '" + name + "' with index " + index + " (found "
                    + pids.size() + ")");
        }
        return pids.get(index);
    }
}
