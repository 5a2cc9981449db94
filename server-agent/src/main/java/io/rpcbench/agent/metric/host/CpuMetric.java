package io.rpcbench.agent.metric.host;

import io.rpcbench.agent.host.CpuTicks;
import io.rpcbench.agent.host.Host;
import io.rpcbench.agent.metric.BadSpecException;
import io.rpcbench.agent.metric.Fields;
import io.rpcbench.agent.metric.Metric;
import io.rpcbench.agent.metric.MetricSpec;

/**
 * {@code cpu:<field>[:core=N]}: percent of CPU time of the whole host (or of one core) since the previous reading.
 * Fields: combined (100 - idle, the default), idle, user, system, iowait, nice, irq, softirq, stolen.
 */
public final class CpuMetric implements Metric {
    private static final Fields FIELDS = new Fields("combined", "idle", "user", "system", "iowait", "nice", "irq",
            "softirq", "stolen");

    private final Host host;
    private final CpuHistory history;
    private final int core;
    private final String field;
    private CpuTicks previous;

    public CpuMetric(Host host, CpuHistory history, MetricSpec spec) {
        this.host = host;
        this.history = history;
        this.field = FIELDS.pick(spec);
        this.core = coreOf(host, spec);
        this.previous = history.last(core);
    }

    private static int coreOf(Host host, MetricSpec spec) {
        if (spec.core().isEmpty()) {
            return CpuHistory.ALL;
        }
        int core;
        try {
            core = Integer.parseInt(spec.core());
        } catch (NumberFormatException e) {
            throw new BadSpecException(spec, "core= must be a core number from 0");
        }
        if (core < 0 || core >= host.coreCount()) {
            throw new BadSpecException(spec, "core= must be from 0 to " + (host.coreCount() - 1) + " on this host");
        }
        return core;
    }

    @Override
    public double read() {
        CpuTicks now = core == CpuHistory.ALL ? host.cpuTicks() : host.coreTicks(core);
        if (now == null) {
            return Double.NaN;
        }
        CpuTicks before = previous;
        previous = now;
        history.record(core, now);
        if (before == null) {
            return Double.NaN;
        }
        double elapsed = now.total() - before.total();
        if (elapsed <= 0) {
            return Double.NaN;
        }
        if (field.equals("combined")) {
            return 100.0 - 100.0 * delta(before, now, CpuTicks.IDLE) / elapsed;
        }
        return 100.0 * delta(before, now, kind()) / elapsed;
    }

    private int kind() {
        if (field.equals("idle")) {
            return CpuTicks.IDLE;
        } else if (field.equals("user")) {
            return CpuTicks.USER;
        } else if (field.equals("system")) {
            return CpuTicks.SYSTEM;
        } else if (field.equals("iowait")) {
            return CpuTicks.IOWAIT;
        } else if (field.equals("nice")) {
            return CpuTicks.NICE;
        } else if (field.equals("irq")) {
            return CpuTicks.IRQ;
        } else if (field.equals("softirq")) {
            return CpuTicks.SOFTIRQ;
        }
        return CpuTicks.STEAL;
    }

    private static double delta(CpuTicks before, CpuTicks now, int kind) {
        return Math.max(0, now.get(kind) - before.get(kind));
    }
}
