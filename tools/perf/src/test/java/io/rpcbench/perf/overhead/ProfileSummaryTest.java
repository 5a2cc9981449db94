package io.rpcbench.perf.overhead;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
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

        ProfileSummary summary = new ProfileSummary(Map.of("this test", "io.rpcbench.perf.overhead.ProfileSummaryTest",
                "nowhere", "no.such.package")).read(file);

        assertThat(summary.samples()).isPositive();
        String markdown = summary.markdown("spin", 3);
        assertThat(markdown).startsWith("spin: " + summary.samples() + " CPU samples.")
                .contains("| nowhere | 0.0 % |")
                .containsPattern("\\| this test \\| (\\d{2}|100)\\.\\d % \\|")
                .contains("`io.rpcbench.perf.overhead.ProfileSummaryTest.spin`");
        assertThat(new ProfileSummary(Map.of()).read(file, 0, 1).samples()).as("a window before the recording")
                .isZero();
        long now = System.currentTimeMillis();
        assertThat(new ProfileSummary(Map.of()).read(file, now - 600_000, now + 1).samples())
                .as("a window around the recording").isEqualTo(summary.samples());
    }

    @Test
    void anAreaHoldsItsClassesNestedClassesAndSubpackagesNotClassesThatOnlyStartLikeIt() {
        assertThat(ProfileSummary.inArea("java.lang.ThreadLocal", "java.lang.ThreadLocal")).isTrue();
        assertThat(ProfileSummary.inArea("java.lang.ThreadLocal$ThreadLocalMap", "java.lang.ThreadLocal")).isTrue();
        assertThat(ProfileSummary.inArea("java.lang.ThreadLocalRandom", "java.lang.ThreadLocal")).isFalse();
        assertThat(ProfileSummary.inArea("org.apache.dubbo.common.threadlocal.InternalThreadLocal",
                "org.apache.dubbo")).isTrue();
        assertThat(ProfileSummary.inArea("org.apache.dubbox.Other", "org.apache.dubbo")).isFalse();
    }

    @Test
    void sharesCountASampleOncePerAreaOnItsStackAndItsTopMethodAsSelf() {
        ProfileSummary summary = new ProfileSummary(Map.of("Dubbo", "org.apache.dubbo", "JTL",
                "org.apache.jmeter.save"));
        // a Dubbo frame twice on one stack counts once
        summary.add("org.apache.dubbo.A.encode", List.of("org.apache.dubbo.A", "org.apache.dubbo.B", "main.Loop"));
        summary.add("org.apache.dubbo.A.encode", List.of("org.apache.dubbo.A", "main.Loop"));
        summary.add("org.apache.jmeter.save.CSVSaveService.write", List.of("org.apache.jmeter.save.CSVSaveService"));
        summary.add("main.Loop.run", List.of("main.Loop"));
        summary.add("nothing.Empty.stack", List.of()); // JFR's empty stacks are not samples

        assertThat(summary.samples()).isEqualTo(4);
        assertThat(summary.areaShares()).containsOnly(Map.entry("Dubbo", 0.5), Map.entry("JTL", 0.25));
        assertThat(summary.selfShares()).containsOnly(Map.entry("org.apache.dubbo.A.encode", 0.5),
                Map.entry("org.apache.jmeter.save.CSVSaveService.write", 0.25), Map.entry("main.Loop.run", 0.25));
        assertThat(summary.markdown("t", 2)).as("ties by name").endsWith("| `org.apache.dubbo.A.encode` | 50.0 % |\n"
                + "| `main.Loop.run` | 25.0 % |\n");
    }
}
