package io.rpcbench.agent.metric;

import io.rpcbench.agent.host.Host;
import io.rpcbench.agent.host.MemoryReading;

/**
 * {@code swap:<field>[:unit=]}: used (default), free, total in bytes; pagein, pageout as pages since the previous reading.
 */
final class SwapMetric implements Metric {
    private static final Fields FIELDS = new Fields("used", "free", "total", "pagein", "pageout");

    private final Host host;
    private final String field;
    private final double divisor;
    private final Counter pages = new Counter();

    SwapMetric(Host host, MetricSpec spec) {
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
