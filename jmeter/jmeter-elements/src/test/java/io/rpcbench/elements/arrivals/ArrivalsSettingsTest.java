package io.rpcbench.elements.arrivals;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcbench.elements.arrivals.ArrivalSchedule.Segment;
import org.junit.jupiter.api.Test;

class ArrivalsSettingsTest {

    @Test
    void readsTheOpenModelScheduleLanguageWithRampsAndPauses() {
        ArrivalsSettings settings = ArrivalsSettings.read(
                "rate(100/sec) random_arrivals(10 sec) rate(200/sec) even_arrivals(1 min) pause(5 s)", "50", "2", "7");

        assertThat(settings.segments()).containsExactly(new Segment(100, 200, 10, true),
                new Segment(200, 200, 60, false), new Segment(0, 0, 5, false));
        assertThat(settings.pool()).isEqualTo(50);
        assertThat(settings.engines()).isEqualTo(2);
        assertThat(settings.seed()).isEqualTo(7L);
    }

    @Test
    void emptyFieldsTakeTheirDefaults() {
        ArrivalsSettings settings = ArrivalsSettings.read("rate(1/min) random_arrivals(1 hour)", "", "", "");

        assertThat(settings.pool()).isEqualTo(ArrivalsThreadGroup.DEFAULT_POOL);
        assertThat(settings.engines()).isEqualTo(1);
        assertThat(settings.seed()).isNull();
    }

    @Test
    void aBadFieldIsRefusedNamingItWhatItWasAndWhatWasExpected() {
        assertThatThrownBy(() -> ArrivalsSettings.read("rate(0/sec) random_arrivals(1 min)", "", "", ""))
                .hasMessageStartingWith("Schedule 'rate(0/sec) random_arrivals(1 min)' has no arrivals");
        assertThatThrownBy(() -> ArrivalsSettings.read("rate(-5/sec) random_arrivals(1 min)", "", "", ""))
                .hasMessageStartingWith("Schedule 'rate(-5/sec) random_arrivals(1 min)' cannot be read");
        assertThatThrownBy(() -> ArrivalsSettings.read("rate(lots) random_arrivals(1 min)", "", "", ""))
                .hasMessageContaining("cannot be read").hasMessageContaining("expected e.g.");
        assertThatThrownBy(() -> ArrivalsSettings.read("", "", "", ""))
                .hasMessageStartingWith("Schedule is empty");
        assertThatThrownBy(() -> ArrivalsSettings.read("rate(5/sec) random_arrivals(1 min)", "0", "", ""))
                .hasMessage("Threads in the pool is '0'; expected a whole number from 1 to 100000");
        assertThatThrownBy(() -> ArrivalsSettings.read("rate(5/sec) random_arrivals(1 min)", "", "two", ""))
                .hasMessage("Engines sharing the rate is 'two'; expected a whole number from 1 to 10000");
        assertThatThrownBy(() -> ArrivalsSettings.read("rate(5/sec) random_arrivals(1 min)", "", "", "x"))
                .hasMessageStartingWith("Random seed is 'x'; expected a whole number");
    }
}
