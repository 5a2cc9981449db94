package io.rpcbench.agent.metric.host;

import io.rpcbench.agent.host.Host;
import io.rpcbench.agent.host.ProcessReading;
import io.rpcbench.agent.metric.Counter;
import io.rpcbench.agent.metric.Fields;
import io.rpcbench.agent.metric.Metric;
import io.rpcbench.agent.metric.MetricSpec;

/**
 * {@code cpu:pid=N|name=X:<field>}: one process's CPU use.
 * Fields: percent (default: CPU time over wall time since the previous reading, x100; one busy core is 100, so a
 * process can exceed 100 on several cores, as in the original; the first reading is the average since the process
 * started), total, system, user (CPU milliseconds since the previous reading).
 */
public final class ProcessCpuMetric implements Metric {
    private static final Fields FIELDS = new Fields("percent", "total", "system", "user");

    private final Host host;
    private final long pid;
    private final String field;
    private final Counter counter = new Counter();
    private ProcessReading previous;

    public ProcessCpuMetric(Host host, MetricSpec spec) {
        this.host = host;
        this.field = FIELDS.pick(spec);
        this.pid = ProcessTarget.pidOf(host, spec);
    }

    @Override
    public double read() {
        ProcessReading now = host.process(pid);
        if (now == null) {
            return Double.NaN;
        }
        if (field.equals("total")) {
            return counter.change(now.userMillis + now.kernelMillis);
        } else if (field.equals("system")) {
            return counter.change(now.kernelMillis);
        } else if (field.equals("user")) {
            return counter.change(now.userMillis);
        }
        ProcessReading before = previous;
        previous = now;
        long cpu = now.userMillis + now.kernelMillis;
        if (before == null) {
            return now.upMillis > 0 ? 100.0 * cpu / now.upMillis : Double.NaN;
        }
        long wall = now.upMillis - before.upMillis;
        if (wall <= 0) {
            return Double.NaN;
        }
        return 100.0 * Math.max(0, cpu - before.userMillis - before.kernelMillis) / wall;
    }
}
