package io.rpcbench.agent;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class MetricsLineTest {

    @Test
    void everyFieldIsTabTerminatedAndUnreadableValuesAreEmpty() {
        assertThat(MetricsLine.format(new double[] {12.5, Double.NaN, 3, Double.POSITIVE_INFINITY}))
                .isEqualTo("12.5\t\t3.0\t\t");
    }

    @Test
    void largeAndSmallNumbersArePlainDecimalsWithoutExponent() {
        assertThat(MetricsLine.field(2.5276514304E10)).isEqualTo("25276514304.0");
        assertThat(MetricsLine.field(1e-5)).isEqualTo("0.000010");
        assertThat(MetricsLine.field(0)).isEqualTo("0.0");
        assertThat(Double.parseDouble(MetricsLine.field(123456789.125))).isEqualTo(123456789.125);
    }

    @Test
    void noSpecsGiveAnEmptyLine() {
        assertThat(MetricsLine.format(new double[0])).isEmpty();
    }
}
