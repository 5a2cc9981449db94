package io.rpcbench.elements.arrivals;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.rpcbench.elements.arrivals.ArrivalSchedule.Segment;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ArrivalScheduleTest {

    private static List<Double> all(ArrivalSchedule schedule) {
        List<Double> times = new ArrayList<>();
        for (double t = schedule.next(); !Double.isNaN(t); t = schedule.next()) {
            times.add(t);
        }
        return times;
    }

    @Test
    void evenArrivalsAtAConstantRateComeInTheMiddleOfEachInterval() {
        List<Double> times = all(new ArrivalSchedule(List.of(new Segment(10, 10, 1, false)), 1));

        assertThat(times).hasSize(10);
        for (int k = 0; k < 10; k++) {
            assertThat(times.get(k)).isCloseTo((k + 0.5) / 10, within(1e-9));
        }
    }

    @Test
    void randomArrivalsCountAsAPoissonProcessOfTheRate() {
        List<Double> times = all(new ArrivalSchedule(List.of(new Segment(5_000, 5_000, 20, true)), 42));

        // 100,000 expected; a Poisson count's standard deviation is its square root (316): 5 of them either side
        assertThat(times.size()).isBetween(100_000 - 1_580, 100_000 + 1_580);
        assertThat(times).isSorted();
        assertThat(times.get(times.size() - 1)).isLessThanOrEqualTo(20);
        // the gaps are exponential: their mean is 1/rate and their standard deviation equals it
        double[] gaps = new double[times.size() - 1];
        for (int i = 1; i < times.size(); i++) {
            gaps[i - 1] = times.get(i) - times.get(i - 1);
        }
        double mean = java.util.Arrays.stream(gaps).average().orElseThrow();
        double sd = Math.sqrt(java.util.Arrays.stream(gaps).map(g -> (g - mean) * (g - mean)).average().orElseThrow());
        assertThat(mean).isCloseTo(1.0 / 5_000, within(0.02 / 5_000));
        assertThat(sd / mean).isCloseTo(1.0, within(0.03));
    }

    @Test
    void aRampSpreadsItsArrivalsAsItsRateGrows() {
        // from 0 to 1,000 a second over 10 s: 5,000 arrivals, a quarter of them in the first half
        List<Double> times = all(new ArrivalSchedule(List.of(new Segment(0, 1_000, 10, false)), 1));

        assertThat(times).hasSize(5_000);
        assertThat(times.stream().filter(t -> t < 5).count()).isCloseTo(1_250, within(1L));
        assertThat(times).isSorted();
    }

    @Test
    void aPauseBetweenSegmentsHasNoArrivalsAndTheNextSegmentStartsAfterIt() {
        List<Double> times = all(new ArrivalSchedule(List.of(new Segment(10, 10, 1, false),
                new Segment(0, 0, 5, false), new Segment(10, 10, 1, false)), 1));

        assertThat(times).hasSize(20);
        assertThat(times).noneMatch(t -> t > 1 && t < 6);
        assertThat(times.get(10)).isCloseTo(6.05, within(1e-9));
    }

    @Test
    void theSameSeedGivesTheSameTimes() {
        List<Segment> segments = List.of(new Segment(100, 300, 5, true));

        assertThat(all(new ArrivalSchedule(segments, 7))).isEqualTo(all(new ArrivalSchedule(segments, 7)))
                .isNotEqualTo(all(new ArrivalSchedule(segments, 8)));
    }

    @Test
    void eachEngineTakesItsShareOfTheRate() {
        List<Segment> shared = ArrivalSchedule.share(List.of(new Segment(1_000, 2_000, 10, true)), 4);

        assertThat(shared).containsExactly(new Segment(250, 500, 10, true));
        assertThat(new ArrivalSchedule(shared, 1).expectedArrivals()).isEqualTo(3_750);
        assertThatThrownBy(() -> ArrivalSchedule.share(shared, 0)).hasMessageContaining("engines is 0");
    }

    @Test
    void whatIsLeftAfterTheLastArrivalIsWhatAStopLeavesNotStarted() {
        ArrivalSchedule schedule = new ArrivalSchedule(List.of(new Segment(100, 100, 10, false)), 1);
        for (int i = 0; i < 250; i++) {
            schedule.next();
        }

        assertThat(schedule.expectedAfterLast()).isCloseTo(750.5, within(1e-6));
    }

    @Test
    void aNegativeRateOrDurationIsRefusedWithWhatWasExpected() {
        assertThatThrownBy(() -> new Segment(-1, 10, 1, true)).hasMessageContaining("expected 0 or more");
        assertThatThrownBy(() -> new Segment(1, 10, Double.NaN, true)).hasMessageContaining("duration of NaN");
    }
}
