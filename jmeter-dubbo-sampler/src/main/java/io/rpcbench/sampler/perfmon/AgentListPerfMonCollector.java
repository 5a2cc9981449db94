package io.rpcbench.sampler.perfmon;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import kg.apc.jmeter.perfmon.PerfMonAgentConnector;
import kg.apc.jmeter.perfmon.PerfMonCollector;
import org.apache.jmeter.testelement.property.CollectionProperty;
import org.apache.jmeter.testelement.property.JMeterProperty;
import org.apache.jmeter.testelement.property.StringProperty;
import org.apache.jmeter.util.JMeterUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The stock PerfMon Metrics Collector ({@code kg.apc:jmeter-plugins-perfmon}), whose Host cells may list several
 * agents: a row with Host {@code ${__P(agents,127.0.0.1:4444)}} asks every agent of the {@code agents} property
 * for its metric, and a row whose Host cell is empty is switched off. Everything else (GUI, agent protocol, result
 * file) is the stock collector's; the plans use it with the stock GUI class
 * {@code kg.apc.jmeter.vizualizers.PerfMonGui}, so it looks and is edited like any PerfMon Metrics Collector.
 *
 * <p>Why a subclass: the stock collector reads each Host cell as one host name, so a list of agents in one property
 * would otherwise need one row per agent and metric. The expansion lives in {@link MetricRow}.
 *
 * <p>Unlike the stock collector, it reads an agent again after the agent was restarted mid-run: see
 * {@link ReconnectingAgentConnector}. The reads in between are failed samples, the gap of the server charts.
 *
 * <p>Order of calls: JMeter evaluates the cells' functions, then calls {@link #testStarted(String)}, which expands the
 * rows and hands them to the stock collector while it connects; the rows as written are kept for the GUI and the
 * saved plan.
 */
public class AgentListPerfMonCollector extends PerfMonCollector {

    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(AgentListPerfMonCollector.class);
    /** The stock collector's property for its read interval in ms, and its default. */
    private static final String INTERVAL_PROPERTY = "jmeterPlugin.perfmon.interval";
    private static final long DEFAULT_INTERVAL_MS = 1000;
    /** Reads that may yield nothing in a row before the agent counts as lost: more than scheduling jitter. */
    private static final int SILENT_INTERVALS = 3;

    /** Set only while the stock collector reads its rows in {@code testStarted}; the GUI never sees it. */
    private transient CollectionProperty expandedRows;

    @Override
    public void testStarted(String host) {
        expandedRows = perAgentRows();
        try {
            super.testStarted(host);
        } finally {
            expandedRows = null;
        }
    }

    /** The stock connection, wrapped so that it reconnects when the agent comes back. */
    @Override
    protected PerfMonAgentConnector getConnector(String host, int port) throws IOException {
        long intervalMs = JMeterUtils.getPropDefault(INTERVAL_PROPERTY, DEFAULT_INTERVAL_MS);
        return new ReconnectingAgentConnector(host + ":" + port, super.getConnector(host, port),
                () -> super.getConnector(host, port), SILENT_INTERVALS * Math.max(intervalMs, DEFAULT_INTERVAL_MS),
                System::currentTimeMillis);
    }

    @Override
    public JMeterProperty getMetricSettings() {
        CollectionProperty rows = expandedRows;
        return rows != null ? rows : super.getMetricSettings();
    }

    /**
     * The table with one row per agent and metric, in the stock collector's shape (a list of four-string lists).
     *
     * @throws io.rpcbench.sampler.call.BadParameterException naming the row whose Host or Port cell is unusable
     */
    CollectionProperty perAgentRows() {
        List<MetricRow> written = writtenRows();
        List<JMeterProperty> expanded = new ArrayList<>();
        for (int i = 0; i < written.size(); i++) {
            MetricRow row = written.get(i);
            List<MetricRow> perAgent;
            try {
                perAgent = row.perAgent();
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("PerfMon row " + (i + 1) + " (" + row.metric() + " "
                        + row.parameters() + ") of '" + getName() + "': " + e.getMessage(), e);
            }
            if (perAgent.isEmpty()) {
                LOG.info("PerfMon row {} ({} {}) of '{}' is off: its Host cell is empty", i + 1, row.metric(),
                        row.parameters(), getName());
            }
            for (MetricRow one : perAgent) {
                List<JMeterProperty> cells = new ArrayList<>(List.of(
                        new StringProperty("host", one.hosts()), new StringProperty("port", one.port()),
                        new StringProperty("metric", one.metric()), new StringProperty("parameters", one.parameters())));
                expanded.add(new CollectionProperty(Integer.toString(expanded.size()), cells));
            }
        }
        return new CollectionProperty(DATA_PROPERTY, expanded);
    }

    /** The rows as written, their functions ({@code ${__P(..)}}) evaluated as JMeter reads them now. */
    private List<MetricRow> writtenRows() {
        List<MetricRow> rows = new ArrayList<>();
        JMeterProperty table = super.getMetricSettings();
        if (!(table instanceof CollectionProperty collection)) {
            return rows;
        }
        for (int i = 0; i < collection.size(); i++) {
            if (collection.get(i) instanceof CollectionProperty row && row.size() >= 4) {
                rows.add(new MetricRow(row.get(0).getStringValue(), row.get(1).getStringValue(),
                        row.get(2).getStringValue(), row.get(3).getStringValue()));
            }
        }
        return rows;
    }
}
