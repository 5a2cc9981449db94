package io.rpcbench.sampler.perfmon;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
}
