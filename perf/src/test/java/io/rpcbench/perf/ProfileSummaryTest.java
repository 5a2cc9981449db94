package io.rpcbench.perf;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProfileSummaryTest {

    private static volatile long sink;

    /** Busy for about {@code millis}: the CPU work the recording must find in this class. */
    private static void spin(long millis) {
        long end = System.nanoTime() + millis * 1_000_000;
        long x = 1;
        while (System.nanoTime() < end) { // a clock read per million steps: the samples find Java code running
            for (int i = 0; i < 1_000_000; i++) {
                x = x * 6364136223846793005L + 1442695040888963407L;
            }
        }
        sink = x;
    }

    @Test
    void findsTheCpuWorkOfACodeAreaInARecording(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("spin.jfr");
        try (Recording recording = new Recording()) {
            recording.enable("jdk.ExecutionSample").withPeriod(Duration.ofMillis(10));
            recording.start();
            spin(1_500);
            recording.stop();
            recording.dump(file);
        }

        ProfileSummary summary = new ProfileSummary(Map.of("this test", "io.rpcbench.perf.ProfileSummaryTest",
                "nowhere", "no.such.package")).read(file);

        assertThat(summary.samples()).isPositive();
        String markdown = summary.markdown("spin", 3);
        assertThat(markdown).startsWith("spin: " + summary.samples() + " CPU samples.")
                .contains("| nowhere | 0.0 % |")
                .containsPattern("\\| this test \\| (\\d{2}|100)\\.\\d % \\|")
                .contains("`io.rpcbench.perf.ProfileSummaryTest.spin`");
    }
}
