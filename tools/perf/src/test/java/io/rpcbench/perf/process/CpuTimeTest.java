package io.rpcbench.perf.process;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class CpuTimeTest {

    /** A real line's shape: utime 1520 and stime 230 are fields 14 and 15. */
    private static String stat(String comm) {
        return "4242 (" + comm + ") S 1 4242 4242 0 -1 4194560 12000 0 3 0 1520 230 0 0 20 0 31 0 987654 "
                + "3456789012 25000 18446744073709551615 1 1 0 0 0 0 0 4096 16796879 0 0 0 17 1 0 0 0 0 0\n";
    }

    @Test
    void addsUserAndSystemTicks() {
        assertThat(CpuTime.parse(stat("java"))).isEqualTo(new CpuTime(1750));
    }

    @Test
    void aCommandNameWithSpacesAndParenthesesDoesNotShiftTheFields() {
        assertThat(CpuTime.parse(stat("my (odd) ) name"))).isEqualTo(new CpuTime(1750));
    }

    @Test
    void aLineThatIsNotAStatLineIsRefusedByName() {
        assertThatThrownBy(() -> CpuTime.parse("4242 (java) S 1 2"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'4242 (java) S 1 2' is not a /proc/<pid>/stat line");
        assertThatThrownBy(() -> CpuTime.parse(stat("java").replace(" 1520 ", " x ")))
                .hasMessageContaining("utime 'x' and stime '230' are not whole numbers");
    }

    @Test
    void ticksOverTheWindowAsAPercentageOfOneCore() {
        // 30 ticks at 100 a second = 0.3 s of CPU in 60 s = 0.5 % of one core
        double percent = new CpuTime(1000).percentOfOneCore(new CpuTime(1030), 100, TimeUnit.SECONDS.toNanos(60));
        assertThat(percent).isCloseTo(0.5, within(1e-9));
        // two cores busy for the whole window: 200 %
        assertThat(new CpuTime(0).percentOfOneCore(new CpuTime(2000), 100, TimeUnit.SECONDS.toNanos(10)))
                .isCloseTo(200.0, within(1e-9));
    }

    @Test
    void anEmptyWindowIsAnError() {
        assertThatThrownBy(() -> new CpuTime(0).percentOfOneCore(new CpuTime(1), 100, 0))
                .hasMessage("clock ticks per second (100) and the window (0 ns) must be positive");
    }

    @Test
    void ticksOverTheWindowPerCall() {
        // 250 ticks at 100 a second = 2.5 s of CPU for 500,000 calls = 5 µs a call
        assertThat(new CpuTime(1000).microsPerCall(new CpuTime(1250), 100, 500_000)).isCloseTo(5.0, within(1e-9));
    }

    @Test
    void aWindowWithoutCallsHasNoCpuPerCall() {
        assertThatThrownBy(() -> new CpuTime(0).microsPerCall(new CpuTime(10), 100, 0))
                .hasMessage("clock ticks per second (100) and the calls (0) must be positive");
    }
}
