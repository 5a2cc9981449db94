package io.rpcbench.seconds;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SampleTimesTest {

    @Test
    void microsecondsAreTakenWhenTheyAgreeWithJMetersWholeMilliseconds() {
        assertThat(SampleTimes.read(1, "1234", "")).isEqualTo(new SampleTimes(1234, true, SampleTimes.NO_LAG));
        // JMeter's ms rounds down; the µs may lie up to 2 ms above it
        assertThat(SampleTimes.read(0, "1999", null)).isEqualTo(new SampleTimes(1999, true, SampleTimes.NO_LAG));
    }

    @Test
    void aValueFarAboveElapsedIsAnotherSamplersLeftoverAndReadAsWholeMilliseconds() {
        assertThat(SampleTimes.read(1, "9000", "")).isEqualTo(new SampleTimes(1000, false, SampleTimes.NO_LAG));
    }

    @Test
    void absentOrUnreadableValuesGiveWholeMilliseconds() {
        for (String text : new String[] {null, "", "null", "abc", "-5"}) {
            assertThat(SampleTimes.read(7, text, "12")).as(text).isEqualTo(new SampleTimes(7000, false,
                    SampleTimes.NO_LAG));
        }
    }

    @Test
    void anArrivalCarriesItsLagAndANegativeLagIsZero() {
        SampleTimes late = SampleTimes.read(3, "3500", "3000");
        assertThat(late).isEqualTo(new SampleTimes(3500, true, 3000));
        assertThat(late.callUs()).isEqualTo(500);
        // elapsed may be the call's own time: 5 ms call + 3 ms lag read as 8 ms from the due time
        assertThat(SampleTimes.read(0, "3400", "3000").hasLag()).isTrue();
        assertThat(SampleTimes.read(1, "1500", "-20")).isEqualTo(new SampleTimes(1500, true, 0));
    }
}
