package io.rpcbench.perf.overhead;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.rpcbench.perf.overhead.OverheadBenchmark.Measure;
import io.rpcbench.perf.overhead.OverheadTable.Round;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class OverheadTableTest {

    private static Measure measure(double tps, long p99Ms, double cpuMicros) {
        return new Measure(tps, p99Ms, Math.round(tps * 15), 0, cpuMicros, 0, 0, Math.round(tps * 15));
    }

    @Test
    void theBoundAddsTheLoopsAndTheFloorsTimePerCall() {
        // 1/a = 5 µs (200,000/s), 1/floor = 2.5 µs (400,000/s): 7.5 µs a call = 133,333/s
        assertThat(OverheadTable.bound(200_000, 400_000)).isCloseTo(133_333.333, within(1e-3));
        // a free floor leaves the loop's rate
        assertThat(OverheadTable.bound(1_000, 1e12)).isCloseTo(1_000, within(1e-3));
    }

    @Test
    void aBoundNeedsBothRates() {
        assertThatThrownBy(() -> OverheadTable.bound(0, 400_000))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the bare loop's (0.0) and the floor's (400000.0) calls/s must be positive for a bound");
    }

    @Test
    void aRoundsRatiosAreItsOwnSides() {
        Round round = new Round(measure(200_000, 1, 4), measure(100_000, 2, 9), measure(400_000, 0, 2.5));
        assertThat(round.bound()).isCloseTo(133_333.333, within(1e-3));
        assertThat(round.jmeterToBare()).isCloseTo(0.5, within(1e-9));
        assertThat(round.jmeterToBound()).isCloseTo(0.75, within(1e-9));
    }

    @Test
    void theTableShowsEachSideTheBoundTheCpuPerCallAndTheVerdicts() {
        Map<String, Map<Integer, List<Round>>> rows = new LinkedHashMap<>();
        // Dubbo: b/a 0.90, 0.86, 0.80 (median 0.86: met); bound 1/(1/30000 + 1/300000) = 27,273; b/bound 0.99, ...
        rows.put("dubbo", Map.of(20, List.of(
                new Round(measure(30_000, 3, 60.04), measure(27_000, 4, 80.0), measure(300_000, 0, 3.0)),
                new Round(measure(31_000, 4, 59.0), measure(26_660, 4, 81.0), measure(310_000, 0, 3.1)),
                new Round(measure(29_000, 3, 61.0), measure(23_200, 5, 82.0), measure(290_000, 0, 2.9)))));
        // Thrift: b/a 0.50 (missed), b/bound 0.75 (missed); the floor's CPU could not be read
        rows.put("thrift", Map.of(20, List.of(
                new Round(measure(200_000, 1, 4), measure(100_000, 2, 9), measure(400_000, 0, Double.NaN)))));
        assertThat(OverheadTable.markdown(rows)).isEqualTo("""
                | protocol | threads | (a) bare loop calls/s | (b) JMeter calls/s | floor calls/s | bound calls/s \
                | b/a | b/bound | CPU µs/call (a) | CPU µs/call (b) | CPU µs/call (floor) | (a) p99 ms | (b) p99 ms \
                | failed calls (a / b) |
                |---|---|---|---|---|---|---|---|---|---|---|---|---|---|
                | dubbo | 20 | 30000 (29000-31000) | 26660 (23200-27000) | 300000 (290000-310000) \
                | 27273 (26364-28182) | 0.86 (0.80-0.90) met (≥ 0.85) | 0.95 (0.88-0.99) met (≥ 0.85) \
                | 60.0 (59.0-61.0) | 81.0 (80.0-82.0) | 3.0 (2.9-3.1) | 3 (3-4) | 4 (4-5) | 0 / 0 |
                | thrift | 20 | 200000 | 100000 | 400000 | 133333 | 0.50 **missed** (≥ 0.60) \
                | 0.75 **missed** (≥ 0.85) | 4.0 | 9.0 | n/a | 1 | 2 | 0 / 0 |
                """);
    }
}
