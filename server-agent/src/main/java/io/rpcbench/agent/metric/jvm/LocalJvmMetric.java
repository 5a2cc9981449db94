package io.rpcbench.agent.metric.jvm;

import io.rpcbench.agent.host.Host;
import io.rpcbench.agent.jvm.GcPauses;
import io.rpcbench.agent.jvm.HeapUsage;
import io.rpcbench.agent.jvm.JvmCountersException;
import io.rpcbench.agent.jvm.LocalJvm;
import io.rpcbench.agent.jvm.PerfDataFiles;
import io.rpcbench.agent.metric.BadSpecException;
import io.rpcbench.agent.metric.Counter;
import io.rpcbench.agent.metric.Fields;
import io.rpcbench.agent.metric.Metric;
import io.rpcbench.agent.metric.MetricSpec;
import io.rpcbench.agent.metric.Unit;
import io.rpcbench.agent.metric.host.ProcessTarget;

/**
 * {@code jmx:pid=N|name=X:<field>[:unit=]}: a HotSpot JVM on this host, any JVM however it was started, read by
 * its pid through the performance counters it publishes itself (its hsperfdata file, which {@code jstat} reads;
 * see {@link PerfDataFiles}): no JMX port on that JVM, no attach, no process started per reading, nothing opened
 * to the network. The agent must run as the JVM's user or root, and the JVM without {@code -XX:-UsePerfData}.
 *
 * <p>Fields: heap (default: heap bytes used now, {@link HeapUsage}), gc-time (milliseconds of stop-the-world GC
 * pauses since the previous reading), gc-count (pauses since the previous reading); which collectors count as
 * pauses: {@link GcPauses}. The file is found and mapped when the spec arrives (a JVM that cannot be read makes
 * the spec an empty field, the reason logged); every reading reads the live values, after checking that the JVM
 * still runs: once it has exited, each reading fails and the field is empty.
 */
public final class LocalJvmMetric implements Metric {
    private static final Fields FIELDS = new Fields("heap", "gc-time", "gc-count");

    private final String field;
    private final double divisor;
    private final LocalJvm jvm;
    private final GcPauses pauses;
    private final HeapUsage heap;
    private final Counter counter = new Counter();

    public LocalJvmMetric(Host host, PerfDataFiles files, MetricSpec spec) throws JvmCountersException {
        if (!spec.option("url").isEmpty()) {
            throw new BadSpecException(spec, "jmx takes url= (a JVM's JMX port) or pid=/name= (a JVM on this host,"
                    + " read from its performance counters), not both");
        }
        this.field = FIELDS.pick(spec);
        this.divisor = Unit.divisor(spec);
        this.jvm = files.open(ProcessTarget.pidOf(host, spec));
        boolean gc = field.equals("gc-time") || field.equals("gc-count");
        this.pauses = gc ? GcPauses.of(jvm.counters(), jvm.name()) : null;
        this.heap = gc ? null : HeapUsage.of(jvm.counters(), jvm.name());
    }

    @Override
    public double read() throws JvmCountersException {
        jvm.checkRunning();
        if (field.equals("gc-time")) {
            return counter.change(pauses.millis());
        } else if (field.equals("gc-count")) {
            return counter.change(pauses.count());
        }
        return heap.usedBytes() / divisor;
    }
}
