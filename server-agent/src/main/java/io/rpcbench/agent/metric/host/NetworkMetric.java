package io.rpcbench.agent.metric.host;

import io.rpcbench.agent.host.Host;
import io.rpcbench.agent.host.InterfaceReading;
import io.rpcbench.agent.metric.Counter;
import io.rpcbench.agent.metric.Fields;
import io.rpcbench.agent.metric.Metric;
import io.rpcbench.agent.metric.MetricSpec;
import io.rpcbench.agent.metric.Unit;

/**
 * {@code network:<field>[:iface=<name>][:unit=]}: traffic summed over all interfaces (loopback included) or one.
 * Fields: bytesrecv (default), bytessent (bytes since the previous reading), rx, tx (packets since the previous
 * reading), rxerr, txerr, rxdrops (since the previous reading), speed (bits per second, not a change).
 */
public final class NetworkMetric implements Metric {
    private static final Fields FIELDS = new Fields("bytesrecv", "bytessent", "rx", "tx", "rxerr", "txerr", "rxdrops",
            "speed");

    private final Host host;
    private final String field;
    private final String iface;
    private final double divisor;
    private final Counter counter = new Counter();

    public NetworkMetric(Host host, MetricSpec spec) {
        this.host = host;
        this.field = FIELDS.pick(spec);
        this.iface = spec.iface();
        this.divisor = Unit.divisor(spec);
    }

    @Override
    public double read() {
        double sum = 0;
        boolean any = false;
        for (InterfaceReading nif : host.interfaces()) {
            if (iface.isEmpty() || iface.equals(nif.name)) {
                any = true;
                sum += valueOf(nif);
            }
        }
        if (!any) {
            return Double.NaN;
        }
        if (field.equals("speed")) {
            return sum;
        }
        boolean bytes = field.startsWith("bytes");
        return counter.change(sum) / (bytes ? divisor : 1);
    }

    private double valueOf(InterfaceReading nif) {
        if (field.equals("bytesrecv")) {
            return nif.bytesRecv;
        } else if (field.equals("bytessent")) {
            return nif.bytesSent;
        } else if (field.equals("rx")) {
            return nif.packetsRecv;
        } else if (field.equals("tx")) {
            return nif.packetsSent;
        } else if (field.equals("rxerr")) {
            return nif.inErrors;
        } else if (field.equals("txerr")) {
            return nif.outErrors;
        } else if (field.equals("rxdrops")) {
            return nif.inDrops;
        }
        return nif.speed;
    }
}
