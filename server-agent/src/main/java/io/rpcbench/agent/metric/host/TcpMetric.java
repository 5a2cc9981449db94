package io.rpcbench.agent.metric.host;

import io.rpcbench.agent.host.Host;
import io.rpcbench.agent.metric.Fields;
import io.rpcbench.agent.metric.Metric;
import io.rpcbench.agent.metric.MetricSpec;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code tcp:<field>}: number of TCP connections (IPv4 and IPv6) in one state now.
 * Fields: estab (default), listen, time_wait, close_wait, syn_sent, syn_recv, fin_wait1, fin_wait2, closing,
 * last_ack, close.
 */
public final class TcpMetric implements Metric {
    private static final Map<String, String> STATES = new LinkedHashMap<String, String>();

    static {
        STATES.put("estab", "ESTABLISHED");
        STATES.put("listen", "LISTEN");
        STATES.put("time_wait", "TIME_WAIT");
        STATES.put("close_wait", "CLOSE_WAIT");
        STATES.put("syn_sent", "SYN_SENT");
        STATES.put("syn_recv", "SYN_RECV");
        STATES.put("fin_wait1", "FIN_WAIT_1");
        STATES.put("fin_wait2", "FIN_WAIT_2");
        STATES.put("closing", "CLOSING");
        STATES.put("last_ack", "LAST_ACK");
        STATES.put("close", "CLOSED");
    }

    private static final Fields FIELDS = new Fields(STATES.keySet().toArray(new String[0]));

    private final Host host;
    private final String state;

    public TcpMetric(Host host, MetricSpec spec) {
        this.host = host;
        this.state = STATES.get(FIELDS.pick(spec));
    }

    @Override
    public double read() {
        Integer count = host.tcpStates().get(state);
        return count == null ? 0 : count;
    }
}
