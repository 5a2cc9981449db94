package io.rpcbench.perf.doc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class SpreadTest {

    @Test
    void medianOfAnOddAndAnEvenCountWithTheExtremes() {
        assertThat(Spread.of(List.of(3.0, 1.0, 2.0))).isEqualTo(new Spread(2.0, 1.0, 3.0, 3));
        assertThat(Spread.of(List.of(4.0, 1.0, 2.0, 3.0))).isEqualTo(new Spread(2.5, 1.0, 4.0, 4));
    }

    @Test
    void formatsTheMedianWithItsRangeOrAloneForOneMeasurement() {
        assertThat(Spread.of(List.of(0.91, 1.02, 0.97)).format(2)).isEqualTo("0.97 (0.91-1.02)");
        assertThat(Spread.of(List.of(12_000.4)).format(0)).isEqualTo("12000");
    }

    @Test
    void noMeasurementsIsAnError() {
        assertThatThrownBy(() -> Spread.of(List.of())).hasMessage("no measurements");
    }
}
