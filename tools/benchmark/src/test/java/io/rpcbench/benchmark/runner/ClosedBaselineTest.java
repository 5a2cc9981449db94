package io.rpcbench.benchmark.runner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class ClosedBaselineTest {

    @Test
    void cpuASampleIsTheProcessCpuOfAllCoresOverItsSamplesASecond() {
        // 50 % of 2 cores is one core's second each second, over 25,000 samples a second: 40 us each
        assertThat(ClosedBaseline.cpuMicrosPerSample(Optional.of(50.0), 2, 25_000).getAsDouble()).isEqualTo(40.0);
        assertThat(ClosedBaseline.cpuMicrosPerSample(Optional.empty(), 2, 25_000)).isEmpty();
        assertThat(ClosedBaseline.cpuMicrosPerSample(Optional.of(50.0), 2, 0)).isEmpty();
    }

    @Test
    void theOpenPlanIsStatedAsRatiosOfTheClosedPlansFigures() {
        ClosedBaseline closed = new ClosedBaseline("dubbo-echo-1k", 26_600, 1.455, OptionalDouble.of(36.7));

        assertThat(closed.against(OptionalDouble.of(19_000), OptionalDouble.of(0.912), OptionalDouble.of(38.2)))
                .isEqualTo("sustainable rate 19,000 arrivals/s = 0.71 x dubbo-echo-1k's closed 26,600 TPS; at half of "
                        + "it (13,300 arrivals/s) p99 0.912 ms = 0.63 x the closed p99 1.455 ms; JMeter's CPU 38.2 us "
                        + "an arrival = 1.04 x the closed plan's 36.7 us a call");
        assertThat(closed.against(OptionalDouble.empty(), OptionalDouble.empty(), OptionalDouble.empty()))
                .isEqualTo("no sustainable rate; dubbo-echo-1k's closed TPS 26,600");
    }
}
