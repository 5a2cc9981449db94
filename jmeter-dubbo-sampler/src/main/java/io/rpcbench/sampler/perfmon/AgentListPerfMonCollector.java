package io.rpcbench.sampler.perfmon;

import io.rpcbench.seconds.LiveShipper;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
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
 * for its metric, and a row whose Host cell is empty or {@code none} is switched off (see {@link MetricRow}). A
 * collector whose rows are all off does nothing: no connection, no file, one line at INFO. Everything else (GUI,
 * agent protocol, result file) is the stock collector's; the plans use it with the stock GUI class
 * {@code kg.apc.jmeter.vizualizers.PerfMonGui}, so it looks and is edited like any PerfMon Metrics Collector.
 *
 * <p>Why a subclass: the stock collector reads each Host cell as one host name, so a list of agents in one property
 * would otherwise need one row per agent and metric. The expansion lives in {@link MetricRow}.
 *
 * <p>Unlike the stock collector, it reads an agent again after the agent was restarted mid-run: see
 * {@link ReconnectingAgentConnector}. The reads in between are failed samples, the gap of the server charts. An
 * agent that does not answer when the test starts is named once at WARN and tried again quietly at each interval.
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
    /** The live dashboard's address property, which ./run-benchmark passes. */
    static final String LIVE_URL = "live.url";

    /** A shipper this collector started for its readings (no Live Figures listener in this JVM), or null. */
    private transient LiveShipper ownShipper;

    /** True from {@code testStarted} to {@code testEnded} of a test in which no row was on: nothing to end then. */
    private transient boolean idle;

    @Override
    public void testStarted(String host) {
        startLiveShipper(host);
        CollectionProperty rows = perAgentRows();
        idle = rows.size() == 0;
        if (idle) {
            // The stock collector would create its file and log an error per interval for a table with no agent.
            LOG.info("PerfMon Metrics Collector '{}' is off: none of its rows names an agent (its Host cells are "
                    + "empty or '{}'); it connects to nothing and writes no file", getName(), MetricRow.OFF);
            return;
        }
        expandedRows = rows;
        try {
            super.testStarted(host);
        } finally {
            expandedRows = null;
        }
    }

    /**
     * Under remote engines the collector reads the agents in the controller, where no Live Figures listener runs
     * (it runs on the engines): the readings then go to the live dashboard through a shipper of the collector's own,
     * when the run gives the dashboard's address ({@value #LIVE_URL}).
     */
    private void startLiveShipper(String host) {
        String address = JMeterUtils.getPropDefault(LIVE_URL, "").strip();
        if (!address.isEmpty() && LiveShipper.current().isEmpty()) {
            try {
                ownShipper = LiveShipper.start(address, "PerfMon collector on " + host, Duration.ofSeconds(1),
                        LOG::warn);
            } catch (IllegalArgumentException e) {
                LOG.warn("PerfMon Metrics Collector '{}': its readings do not go to the live dashboard: {}", getName(),
                        e.getMessage());
            }
        }
    }

    @Override
    public void testEnded(String host) {
        if (ownShipper != null) {
            ownShipper.close();
            ownShipper = null;
        }
        if (idle) {
            idle = false;
            return;
        }
        super.testEnded(host);
    }

    /**
     * The stock connection, wrapped so that it reconnects when the agent comes back; never throws, so that an agent
     * that is down gets one warning here rather than the stock collector's error and failed rows at each interval.
     */
    @Override
    protected PerfMonAgentConnector getConnector(String host, int port) {
        long intervalMs = Math.max(JMeterUtils.getPropDefault(INTERVAL_PROPERTY, DEFAULT_INTERVAL_MS),
                DEFAULT_INTERVAL_MS);
        return ReconnectingAgentConnector.open(host + ":" + port, () -> {
            answers(host, port, (int) intervalMs);
            return super.getConnector(host, port);
        }, SILENT_INTERVALS * intervalMs, System::currentTimeMillis);
    }

    /**
     * Connects to the agent's port and closes again, within {@code timeoutMs}. Why before the stock connection: that
     * one logs each failure at INFO with a stack trace, which would be every interval while the agent is away, and
     * it waits for the system's connect timeout (minutes) on a host that drops packets.
     */
    private static void answers(String host, int port, int timeoutMs) throws IOException {
        try (Socket probe = new Socket()) {
            probe.connect(new InetSocketAddress(host, port), timeoutMs);
        }
    }

    /**
     * The stock collector's reading of one metric, written to its file; also handed to the live figures' shipper when
     * one runs in this JMeter (rpcbench's Live Figures listener), so that the live dashboard shows the agents too.
     */
    @Override
    public void generateSample(double value, String label) {
        super.generateSample(value, label);
        LiveShipper.current().ifPresent(live -> live.reading(label, System.currentTimeMillis(), value));
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
        List<Integer> withoutProcessId = new ArrayList<>();
        for (int i = 0; i < written.size(); i++) {
            MetricRow row = written.get(i);
            List<MetricRow> perAgent;
            try {
                perAgent = row.perAgent();
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("PerfMon row " + (i + 1) + " (" + row.metric() + " "
                        + row.parameters() + ") of '" + getName() + "': " + e.getMessage(), e);
            }
            if (row.lacksProcessId()) {
                withoutProcessId.add(i + 1);
            } else if (perAgent.isEmpty()) {
                LOG.debug("PerfMon row {} ({} {}) of '{}' is off: its Host cell or process id is empty or '{}'",
                        i + 1, row.metric(), row.parameters(), getName(), MetricRow.OFF);
            }
            for (MetricRow one : perAgent) {
                List<JMeterProperty> cells = new ArrayList<>(List.of(
                        new StringProperty("host", one.hosts()), new StringProperty("port", one.port()),
                        new StringProperty("metric", one.metric()), new StringProperty("parameters", one.parameters())));
                expanded.add(new CollectionProperty(Integer.toString(expanded.size()), cells));
            }
        }
        if (!withoutProcessId.isEmpty()) {
            // The agent would report the whole host under the process's label: not a wish, a forgotten setting.
            LOG.warn("PerfMon rows {} of '{}' are off: they name an agent but ask for a process with an empty pid=. "
                    + "Give the process id (provider.pid in the shipped plans), or switch the rows off "
                    + "(provider.agent={})", withoutProcessId, getName(), MetricRow.OFF);
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
