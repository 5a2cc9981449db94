package io.rpcbench.benchmark.runner;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.statistics.ScheduleLagRule;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
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

    @Test
    void aStepPastTheProvidersCapacityNamesTheProviderWhenItsCallsQueuedThoughTheRuleSaysPool() {
        // 4 x 5 ms (800/s): 790 held with the calls' p50 5.3 ms; at 810 the queue filled the pool of 64, p50 66 ms
        CapacitySearch.Step held = step(790, new DashboardData.Schedule("rule", true, null, "kept", lag(0.09, 5.3)));
        CapacitySearch.Step broke = step(810, new DashboardData.Schedule("rule", false,
                ScheduleLagRule.GENERATOR_POOL, "fell behind", lag(32.2, 66.1)));

        assertThat(CapacitySearch.providerQueued(held, broke)).hasValueSatisfying(text -> assertThat(text)
                .contains("p50 rose from 5.300 ms at 790 arrivals/s to 66.100 ms")
                .contains("the provider bounded this step, not the pool"));
    }

    @Test
    void aPoolTooSmallForCallsThatKeptTheirTimeStaysThePools() {
        CapacitySearch.Step held = step(8000, new DashboardData.Schedule("rule", true, null, "kept", lag(0.09, 0.4)));
        CapacitySearch.Step broke = step(16000, new DashboardData.Schedule("rule", false,
                ScheduleLagRule.GENERATOR_POOL, "fell behind", lag(30, 0.5)));
        CapacitySearch.Step cpu = step(16000, new DashboardData.Schedule("rule", false,
                ScheduleLagRule.GENERATOR_CPU, "fell behind", lag(30, 9)));

        assertThat(CapacitySearch.providerQueued(held, broke)).isEmpty();
        assertThat(CapacitySearch.providerQueued(held, cpu)).as("another bound is left as the rule said").isEmpty();
    }

    private static DashboardData.ScheduleLag lag(double lagP50Ms, double callP50Ms) {
        return new DashboardData.ScheduleLag(1000, lagP50Ms, 2 * lagP50Ms, 3 * lagP50Ms, callP50Ms, 2 * callP50Ms);
    }

    private static CapacitySearch.Step step(double rate, DashboardData.Schedule lag) {
        return new CapacitySearch.Step("plan", rate, Optional.empty(),
                Optional.of(new OpenSchedule(rate, 10, (long) rate * 10, (long) rate * 10, 0, Optional.of(lag))), false,
                "why");
    }
}
