package io.rpcbench.sampler.perfmon;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.ConnectException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import kg.apc.jmeter.perfmon.PerfMonAgentConnector;
import kg.apc.jmeter.perfmon.PerfMonSampleGenerator;
import org.junit.jupiter.api.Test;

class ReconnectingAgentConnectorTest {

    private static final String AGENT = "127.0.0.1:4444";

    /** A stock connection stand-in: one value per metric while the agent is up, nothing once it has gone. */
    private static final class FakeConnection implements PerfMonAgentConnector {
        final List<String> labels = new ArrayList<>();
        boolean agentUp = true;
        boolean connected;
        boolean disconnected;

        @Override
        public void connect() {
            connected = true;
        }

        @Override
        public void disconnect() {
            disconnected = true;
        }

        @Override
        public void generateSamples(PerfMonSampleGenerator collector) {
            if (agentUp) {
                labels.forEach(label -> collector.generateSample(1.0, label));
            }
        }

        @Override
        public void addMetric(String metric, String parameters, String label) {
            labels.add(label);
        }
    }

    private static final class Rows implements PerfMonSampleGenerator {
        final List<String> values = new ArrayList<>();
        final List<String> errors = new ArrayList<>();

        @Override
        public void generate2Samples(long[] values, String label, String secondLabel, double divisor) {
            this.values.add(label);
        }

        @Override
        public void generate2Samples(long[] values, String label, String secondLabel) {
            this.values.add(label);
        }

        @Override
        public void generateSample(double value, String label) {
            values.add(label);
        }

        @Override
        public void generateErrorSample(String label, String message) {
            errors.add(label + ": " + message);
        }
    }

    @Test
    void anAgentSilentForLongerThanTheLimitIsReportedPerMetricAndReadAgainOnceItIsBack() {
        FakeConnection first = new FakeConnection();
        Deque<Object> reopenings = new ArrayDeque<>();
        long[] now = {0};
        ReconnectingAgentConnector connector = new ReconnectingAgentConnector(AGENT, first, () -> {
            Object next = reopenings.pop();
            if (next instanceof IOException e) {
                throw e;
            }
            return (PerfMonAgentConnector) next;
        }, 3000, () -> now[0]);
        connector.addMetric("CPU", "", "127.0.0.1 CPU");
        connector.addMetric("Memory", "", "127.0.0.1 Memory");

        Rows up = new Rows();
        connector.generateSamples(up);
        assertThat(up.values).containsExactly("127.0.0.1 CPU", "127.0.0.1 Memory");

        first.agentUp = false;
        now[0] = 3000;
        Rows silent = new Rows();
        connector.generateSamples(silent);
        assertThat(silent.values).as("silent for three intervals: maybe no line yet").isEmpty();
        assertThat(silent.errors).isEmpty();
        assertThat(first.disconnected).isFalse();

        now[0] = 4000;
        Rows lost = new Rows();
        connector.generateSamples(lost);
        assertThat(lost.values).isEmpty();
        assertThat(lost.errors).containsExactly(
                "127.0.0.1 CPU: agent 127.0.0.1:4444 not reachable: java.io.IOException: no metrics for 4000 ms",
                "127.0.0.1 Memory: agent 127.0.0.1:4444 not reachable: java.io.IOException: no metrics for 4000 ms");
        assertThat(first.disconnected).isTrue();

        reopenings.add(new ConnectException("Connection refused"));
        Rows away = new Rows();
        connector.generateSamples(away);
        assertThat(away.errors).containsExactly(
                "127.0.0.1 CPU: agent 127.0.0.1:4444 not reachable: java.net.ConnectException: Connection refused",
                "127.0.0.1 Memory: agent 127.0.0.1:4444 not reachable: java.net.ConnectException: Connection refused");

        FakeConnection second = new FakeConnection();
        reopenings.add(second);
        Rows back = new Rows();
        connector.generateSamples(back);
        assertThat(second.labels).as("the same metrics asked again").containsExactly("127.0.0.1 CPU", "127.0.0.1 Memory");
        assertThat(second.connected).isTrue();
        assertThat(back.values).containsExactly("127.0.0.1 CPU", "127.0.0.1 Memory");
        assertThat(back.errors).isEmpty();
    }

    @Test
    void anAgentDownAtTheStartWritesNoRowsUntilItAnswersThenItsMetricsFlow() {
        Deque<Object> openings = new ArrayDeque<>(List.of(new ConnectException("Connection refused"),
                new ConnectException("Connection refused"), new ConnectException("Connection refused")));
        long[] now = {0};
        ReconnectingAgentConnector connector = ReconnectingAgentConnector.open(AGENT, () -> {
            Object next = openings.pop();
            if (next instanceof IOException e) {
                throw e;
            }
            return (PerfMonAgentConnector) next;
        }, 3000, () -> now[0]);
        connector.addMetric("CPU", "", "127.0.0.1 CPU");

        for (int interval = 1; interval <= 2; interval++) {
            now[0] = interval * 1000L;
            Rows away = new Rows();
            connector.generateSamples(away);
            assertThat(away.values).as("interval %d", interval).isEmpty();
            assertThat(away.errors).as("no failed rows for an agent never read, interval %d", interval).isEmpty();
        }

        FakeConnection up = new FakeConnection();
        openings.add(up);
        Rows back = new Rows();
        connector.generateSamples(back);
        assertThat(up.labels).containsExactly("127.0.0.1 CPU");
        assertThat(up.connected).isTrue();
        assertThat(back.values).containsExactly("127.0.0.1 CPU");
    }
}
