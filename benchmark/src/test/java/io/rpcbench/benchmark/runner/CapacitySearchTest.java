package io.rpcbench.benchmark.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class CapacitySearchTest {

    @Test
    void refiningRatesAreRoundedToTwoSignificantDigits() {
        assertThat(CapacitySearch.roundRate(Math.sqrt(200 * 400))).isEqualTo(280);
        assertThat(CapacitySearch.roundRate(Math.sqrt(280 * 400))).isEqualTo(330);
        assertThat(CapacitySearch.roundRate(Math.sqrt(16_000 * 32_000))).isEqualTo(23_000);
        assertThat(CapacitySearch.roundRate(2.4)).isEqualTo(2);
        assertThat(CapacitySearch.rateText(23_000)).isEqualTo("23000");
    }

    @Test
    void refiningGoesOnUntilTheRatesAreWithinTheResolution() {
        assertThat(CapacitySearch.withinResolution(800, 840, 5)).isTrue();
        assertThat(CapacitySearch.withinResolution(800, 841, 5)).isFalse();
        assertThat(CapacitySearch.withinResolution(280, 330, 20)).as("two steps after a doubling at 20 %%").isTrue();
        assertThat(CapacitySearch.withinResolution(200, 280, 20)).isFalse();
    }

    @Test
    void aMiddleTakesAThirdDigitWhereTwoWouldLandOnARateAlreadyTried() {
        assertThat(CapacitySearch.middle(200, 400)).isEqualTo(280);
        assertThat(CapacitySearch.middle(15_000, 16_000)).isEqualTo(15_500);
        assertThat(CapacitySearch.middle(780, 800)).isEqualTo(790);
        assertThat(CapacitySearch.middle(790, 800)).isEqualTo(795);
        assertThat(CapacitySearch.middle(7, 8)).as("no rate between").isEqualTo(7);
    }

    @Test
    void aScheduleIsKeptWhenNoneIsDroppedAndTheCallsAreWithinTheArrivalsNoise() {
        assertThat(new OpenSchedule(1000, 10, 10_000, 9_850, 0).kept()).isTrue();
        assertThat(new OpenSchedule(1000, 10, 10_000, 9_600, 0).kept()).as("4 %% short").isFalse();
        assertThat(new OpenSchedule(1000, 10, 10_000, 10_000, 1).kept()).as("one dropped").isFalse();
        assertThat(new OpenSchedule(10, 10, 100, 72, 0).kept()).as("a short run: 3 standard deviations").isTrue();
    }

    @Test
    void eachPlanIsComparedWithTheFirstAtTheSlo() {
        Map<String, OptionalDouble> rates = new LinkedHashMap<>();
        rates.put("dubbo-echo-1k-open", OptionalDouble.of(1700));
        rates.put("thrift-echo-1k-open", OptionalDouble.of(4000));
        rates.put("dubbo-echo-100k-open", OptionalDouble.empty());

        assertThat(CapacitySearch.comparisons(rates, "p99 < 5ms"))
                .containsExactly("thrift-echo-1k-open: 2.4 times dubbo-echo-1k-open's sustainable rate at p99 < 5ms");
    }

    @Test
    void noComparisonWhenTheFirstPlanHeldNoRate() {
        Map<String, OptionalDouble> rates = new LinkedHashMap<>();
        rates.put("dubbo-echo-1k-open", OptionalDouble.empty());
        rates.put("thrift-echo-1k-open", OptionalDouble.of(4000));

        assertThat(CapacitySearch.comparisons(rates, "p99 < 5ms")).isEmpty();
    }
}
