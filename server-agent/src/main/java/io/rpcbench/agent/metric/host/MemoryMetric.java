package io.rpcbench.agent.metric.host;

import io.rpcbench.agent.host.Host;
import io.rpcbench.agent.host.MemoryReading;
import io.rpcbench.agent.metric.Fields;
import io.rpcbench.agent.metric.Metric;
import io.rpcbench.agent.metric.MetricSpec;
import io.rpcbench.agent.metric.Unit;

/**
 * {@code memory:<field>[:unit=]}: physical memory of the host. "Used" is total minus MemAvailable, so page cache
 * the kernel gives back on demand does not count as used (the original counted it).
 * Fields: usedperc (default), freeperc, used, free, total, actualused, actualfree (same as used/free), ram (total in MB).
 */
public final class MemoryMetric implements Metric {
    private static final Fields FIELDS = new Fields("usedperc", "freeperc", "used", "free", "total", "actualused",
            "actualfree", "ram");

    private final Host host;
    private final String field;
    private final double divisor;

    public MemoryMetric(Host host, MetricSpec spec) {
        this.host = host;
        this.field = FIELDS.pick(spec);
        this.divisor = Unit.divisor(spec);
    }

    @Override
    public double read() {
        MemoryReading memory = host.memory();
        if (memory.total <= 0) {
            return Double.NaN;
        }
        double used = memory.total - memory.available;
        if (field.equals("usedperc")) {
            return 100.0 * used / memory.total;
        } else if (field.equals("freeperc")) {
            return 100.0 * memory.available / memory.total;
        } else if (field.equals("used") || field.equals("actualused")) {
            return used / divisor;
        } else if (field.equals("free") || field.equals("actualfree")) {
            return memory.available / divisor;
        } else if (field.equals("ram")) {
            return Math.round(memory.total / (1024.0 * 1024.0));
        }
        return memory.total / divisor;
    }
}
