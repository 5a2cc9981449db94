package io.rpcbench.agent.metric.host;

import io.rpcbench.agent.host.Host;
import io.rpcbench.agent.host.MemoryReading;
import io.rpcbench.agent.metric.Counter;
import io.rpcbench.agent.metric.Fields;
import io.rpcbench.agent.metric.Metric;
import io.rpcbench.agent.metric.MetricSpec;
import io.rpcbench.agent.metric.Unit;

/**
 * {@code swap:<field>[:unit=]}: used (default), free, total in bytes; pagein, pageout as pages since the previous reading.
 */
public final class SwapMetric implements Metric {
    private static final Fields FIELDS = new Fields("used", "free", "total", "pagein", "pageout");

    private final Host host;
    private final String field;
    private final double divisor;
    private final Counter pages = new Counter();

    public SwapMetric(Host host, MetricSpec spec) {
        this.host = host;
        this.field = FIELDS.pick(spec);
        this.divisor = Unit.divisor(spec);
    }

    @Override
    public double read() {
        MemoryReading memory = host.memory();
        if (field.equals("used")) {
            return memory.swapUsed / divisor;
        } else if (field.equals("free")) {
            return (memory.swapTotal - memory.swapUsed) / divisor;
        } else if (field.equals("total")) {
            return memory.swapTotal / divisor;
        } else if (field.equals("pagein")) {
            return pages.change(memory.swapPagesIn);
        }
        return pages.change(memory.swapPagesOut);
    }
}
