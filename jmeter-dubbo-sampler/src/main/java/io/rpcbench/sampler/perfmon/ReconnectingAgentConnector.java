package io.rpcbench.sampler.perfmon;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongSupplier;
import kg.apc.jmeter.perfmon.PerfMonAgentConnector;
import kg.apc.jmeter.perfmon.PerfMonSampleGenerator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A connection to one PerfMon agent that survives the agent's restart: while the agent is away each read records
 * one failed sample per metric (the gap the dashboard shows), and the next read after it is back connects anew and
 * asks for the same metrics. An agent not reachable when the test starts gets one warning that says what to do, and
 * is then tried again at each interval, quietly (DEBUG) and with no rows, until it answers: a run whose agent is
 * started late records its metrics from then on.
 *
 * <p>Why: the stock connection reads a closed socket as an empty line, as it reads "no line yet": no value and no
 * error. An agent killed mid-run would leave its series silently empty to the end of the run, even after a restart,
 * and the stock collector replaces a connection whose read fails by one that fails forever. Here a connection that
 * yields no row for a few read intervals counts as lost, and a lost agent is tried again at each interval.
 *
 * <p>Order of calls (the stock collector's): {@link #addMetric} per metric, then {@link #generateSamples} once per
 * interval, then {@link #disconnect}.
 */
final class ReconnectingAgentConnector implements PerfMonAgentConnector {

    /** Opens a stock connection to the agent; throws when the agent cannot be reached. */
    interface Opener {
        PerfMonAgentConnector open() throws IOException;
    }

    /** Said once per agent that does not answer when the test starts; the rows come once it does. */
    static final String NOT_REACHABLE = "PerfMon agent {} is not reachable ({}): none of its metrics is recorded "
            + "until it answers, and it is tried again at each interval. Start the agent on that host (e.g. rpcbench "
            + "server-agent's startAgent.sh), or switch its rows off: in the shipped plans -Jagents=none (and "
            + "-Jprovider.agent=none for the provider's rows)";

    private record Metric(String metric, String parameters, String label) {}

    private static final Logger LOG = LoggerFactory.getLogger(ReconnectingAgentConnector.class);

    private final String agent;
    private final Opener opener;
    private final long silenceMs;
    private final LongSupplier clock;
    private final List<Metric> metrics = new ArrayList<>();
    private PerfMonAgentConnector connection;
    /** Whether the agent has answered in this test: only then does its absence write failed rows. */
    private boolean answered;
    private long lastRowMs;

    /**
     * @param agent  {@code host:port}, for messages
     * @param first  the connection opened when the test started, or null when the agent did not answer then
     * @param opener opens a new one after the agent was lost
     * @param silenceMs how long reads may yield nothing before the agent counts as lost (a few read intervals)
     * @param clock     milliseconds, {@code System::currentTimeMillis}
     */
    ReconnectingAgentConnector(String agent, PerfMonAgentConnector first, Opener opener, long silenceMs,
            LongSupplier clock) {
        this.agent = agent;
        this.connection = first;
        this.answered = first != null;
        this.opener = opener;
        this.silenceMs = silenceMs;
        this.clock = clock;
        this.lastRowMs = clock.getAsLong();
    }

    /**
     * Opens the first connection when the test starts. An agent that does not answer is logged once at WARN with
     * what to do, and the connector is returned all the same, to try again at each interval.
     */
    static ReconnectingAgentConnector open(String agent, Opener opener, long silenceMs, LongSupplier clock) {
        PerfMonAgentConnector first;
        try {
            first = opener.open();
        } catch (IOException e) {
            LOG.warn(NOT_REACHABLE, agent, e.toString());
            first = null;
        }
        return new ReconnectingAgentConnector(agent, first, opener, silenceMs, clock);
    }

    @Override
    public synchronized void addMetric(String metric, String parameters, String label) {
        metrics.add(new Metric(metric, parameters, label));
        if (connection != null) {
            connection.addMetric(metric, parameters, label);
        }
    }

    @Override
    public synchronized void connect() throws IOException {
        if (connection != null) {
            connection.connect();
        }
    }

    @Override
    public synchronized void generateSamples(PerfMonSampleGenerator collector) {
        try {
            if (connection == null) {
                connection = reopen();
                lastRowMs = clock.getAsLong();
                if (answered) {
                    LOG.info("PerfMon agent {} is back: reading its metrics again", agent);
                } else {
                    LOG.info("PerfMon agent {} answers: reading its metrics", agent);
                    answered = true;
                }
            }
            Counting counting = new Counting(collector);
            connection.generateSamples(counting);
            long now = clock.getAsLong();
            if (counting.rows > 0) {
                lastRowMs = now;
            } else if (now - lastRowMs > silenceMs) {
                // The stock reader gives an empty line both for "no line yet" and for a closed socket.
                throw new IOException("no metrics for " + (now - lastRowMs) + " ms");
            }
        } catch (IOException | RuntimeException e) {
            if (connection != null) {
                LOG.warn("PerfMon agent {} lost: {}; retrying at each interval", agent, e.toString());
                disconnect();
            } else {
                LOG.debug("PerfMon agent {} still not reachable: {}", agent, e.toString());
            }
            if (!answered) {
                return; // said once at the start; no rows for an agent never read
            }
            for (Metric metric : metrics) {
                collector.generateErrorSample(metric.label(), "agent " + agent + " not reachable: " + e);
            }
        }
    }

    private PerfMonAgentConnector reopen() throws IOException {
        PerfMonAgentConnector fresh = opener.open();
        for (Metric metric : metrics) {
            fresh.addMetric(metric.metric(), metric.parameters(), metric.label());
        }
        fresh.connect();
        return fresh;
    }

    /** Passes rows on to the collector and counts them. */
    private static final class Counting implements PerfMonSampleGenerator {
        private final PerfMonSampleGenerator collector;
        int rows;

        Counting(PerfMonSampleGenerator collector) {
            this.collector = collector;
        }

        @Override
        public void generate2Samples(long[] values, String label, String secondLabel, double divisor) {
            rows++;
            collector.generate2Samples(values, label, secondLabel, divisor);
        }

        @Override
        public void generate2Samples(long[] values, String label, String secondLabel) {
            rows++;
            collector.generate2Samples(values, label, secondLabel);
        }

        @Override
        public void generateSample(double value, String label) {
            rows++;
            collector.generateSample(value, label);
        }

        @Override
        public void generateErrorSample(String label, String message) {
            rows++;
            collector.generateErrorSample(label, message);
        }
    }

    @Override
    public synchronized void disconnect() {
        if (connection != null) {
            try {
                connection.disconnect();
            } finally {
                connection = null;
            }
        }
    }
}
