package io.rpcbench.sampler.perfmon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcbench.sampler.call.BadParameterException;
import org.junit.jupiter.api.Test;

class MetricRowTest {

    @Test
    void aRowBecomesOneRowPerAgentWithTheSameMetric() {
        MetricRow row = new MetricRow("10.0.0.5:4445,10.0.0.6", "4444", "Disks I/O", "readbytes");

        assertThat(row.perAgent()).containsExactly(
                new MetricRow("10.0.0.5", "4445", "Disks I/O", "readbytes"),
                new MetricRow("10.0.0.6", "4444", "Disks I/O", "readbytes"));
    }

    @Test
    void anEmptyHostCellSwitchesTheRowOff() {
        assertThat(new MetricRow(" ", "4444", "CPU", "pid=:percent:label=provider").perAgent()).isEmpty();
    }

    @Test
    void aSingleHostStaysAsWritten() {
        assertThat(new MetricRow("localhost", " 4444 ", "CPU", "").perAgent())
                .containsExactly(new MetricRow("localhost", "4444", "CPU", ""));
    }

    @Test
    void aBadPortCellIsNamed() {
        assertThatThrownBy(() -> new MetricRow("localhost", "${__P(x)}", "CPU", "").perAgent())
                .hasMessageContaining("'${__P(x)}', which is not a number");
    }

    @Test
    void theWordNoneInTheHostCellSwitchesTheRowOffAsAnEmptyCellDoes() {
        assertThat(new MetricRow("none", "4444", "CPU", "combined").perAgent()).isEmpty();
        assertThat(new MetricRow(" NONE ", "4444", "CPU", "combined").isOff()).isTrue();
        assertThat(new MetricRow("none", "4444", "CPU", "combined").lacksProcessId()).isFalse();
    }

    @Test
    void aProcessMetricWithAnEmptyPidIsOffAndSaidToLackItOnlyWhenItNamesAnAgent() {
        MetricRow noPid = new MetricRow("10.0.0.5", "4444", "CPU", "pid=:percent:label=provider");
        assertThat(noPid.perAgent()).isEmpty();
        assertThat(noPid.lacksProcessId()).isTrue();
        assertThat(new MetricRow("", "4444", "CPU", "pid=:percent:label=provider").lacksProcessId()).isFalse();
        assertThat(new MetricRow("none", "4444", "JMX", "pid=:gc-time").lacksProcessId()).isFalse();
    }

    @Test
    void aPidOfNoneSwitchesTheRowOffQuietly() {
        MetricRow row = new MetricRow("10.0.0.5", "4444", "Memory", "pid=none:resident:unit=mb");
        assertThat(row.perAgent()).isEmpty();
        assertThat(row.lacksProcessId()).isFalse();
    }

    @Test
    void aProcessMetricWithAPidStaysOn() {
        assertThat(new MetricRow("10.0.0.5", "4444", "CPU", "pid=42:percent").perAgent())
                .containsExactly(new MetricRow("10.0.0.5", "4444", "CPU", "pid=42:percent"));
    }

    @Test
    void aProcessIdPerAgentGoesToItsAgentInOrder() {
        MetricRow row = new MetricRow("198.18.0.2:4444,198.18.0.3:4444", "4444", "JMX",
                "pid=4242, 5151:gc-time:label=provider-gc-time");

        assertThat(row.perAgent()).containsExactly(
                new MetricRow("198.18.0.2", "4444", "JMX", "pid=4242:gc-time:label=provider-gc-time"),
                new MetricRow("198.18.0.3", "4444", "JMX", "pid=5151:gc-time:label=provider-gc-time"));
    }

    @Test
    void oneProcessIdForSeveralAgentsGoesToEach() {
        assertThat(new MetricRow("10.0.0.5,10.0.0.6", "4444", "CPU", "pid=42:percent").perAgent()).containsExactly(
                new MetricRow("10.0.0.5", "4444", "CPU", "pid=42:percent"),
                new MetricRow("10.0.0.6", "4444", "CPU", "pid=42:percent"));
    }

    @Test
    void processIdsThatDoNotMatchTheAgentsAreNamed() {
        assertThatThrownBy(() -> new MetricRow("10.0.0.5,10.0.0.6,10.0.0.7", "4444", "CPU", "pid=42,43:percent")
                .perAgent()).isInstanceOf(BadParameterException.class).hasMessage("the Host cell "
                        + "'10.0.0.5,10.0.0.6,10.0.0.7' names 3 agents and pid=42,43 2 process ids; expected one process "
                        + "id for every agent, or one id for them all (the agents' order is the ids' order)");
    }
}
