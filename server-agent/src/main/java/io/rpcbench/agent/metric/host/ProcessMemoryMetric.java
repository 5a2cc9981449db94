package io.rpcbench.agent.metric.host;

import io.rpcbench.agent.host.Host;
import io.rpcbench.agent.host.ProcessReading;
import io.rpcbench.agent.metric.Counter;
import io.rpcbench.agent.metric.Fields;
import io.rpcbench.agent.metric.Metric;
import io.rpcbench.agent.metric.MetricSpec;
import io.rpcbench.agent.metric.Unit;

/**
 * {@code memory:pid=N|name=X:<field>[:unit=]}: one process's memory.
 * Fields: resident (default, bytes in RAM), virtual (bytes of address space), pagefaults, minorfaults, majorfaults
 * (faults since the previous reading).
 */
public final class ProcessMemoryMetric implements Metric {
    private static final Fields FIELDS = new Fields("resident", "virtual", "pagefaults", "minorfaults", "majorfaults");

    private final Host host;
    private final long pid;
    private final String field;
    private final double divisor;
    private final Counter counter = new Counter();

    public ProcessMemoryMetric(Host host, MetricSpec spec) {
        this.host = host;
        this.field = FIELDS.pick(spec);
        this.divisor = Unit.divisor(spec);
        this.pid = ProcessTarget.pidOf(host, spec);
    }

    @Override
    public double read() {
        ProcessReading now = host.process(pid);
        if (now == null) {
            return Double.NaN;
        }
        if (field.equals("resident")) {
            return now.residentBytes / divisor;
        } else if (field.equals("virtual")) {
            return now.virtualBytes / divisor;
        } else if (field.equals("minorfaults")) {
            return counter.change(now.minorFaults);
        } else if (field.equals("majorfaults")) {
            return counter.change(now.majorFaults);
        }
        return counter.change(now.minorFaults + now.majorFaults);
    }
}
