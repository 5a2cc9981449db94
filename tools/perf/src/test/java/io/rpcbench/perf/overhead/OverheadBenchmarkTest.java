package io.rpcbench.perf.overhead;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.rpcbench.benchmark.process.ProjectLayout;
import io.rpcbench.perf.process.CpuTime;
import io.rpcbench.perf.process.CpuTimeline;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OverheadBenchmarkTest {

    @Test
    void countsTheSamplesThatEndedInTheWindowAfterTheWarmUp(@TempDir Path dir) throws Exception {
        // first sample at 1000: warm-up 1 s, window 2 s = samples ending in [2000, 4000)
        Path jtl = Files.writeString(dir.resolve("run.jtl"), "timeStamp,elapsed,label,responseCode,success\n"
                + "1000,5,e,OK,true\n" // warm-up
                + "1990,20,e,OK,true\n" // ends at 2010: counted
                + "2500,1,e,OK,true\n"
                + "3000,7,e,timeout,false\n"
                + "3998,3,e,OK,true\n" // ends at 4001: after the window
                + "4100,1,e,OK,true\n");
        OverheadBenchmark.Measure measure = OverheadBenchmark.window(jtl, 1, 2, List.of(), 100);
        assertThat(measure).extracting(OverheadBenchmark.Measure::tps, OverheadBenchmark.Measure::p99Ms,
                OverheadBenchmark.Measure::calls, OverheadBenchmark.Measure::failures).containsExactly(1.5, 20L, 3L, 1L);
        assertThat(measure.cpuMicrosPerCall()).as("no CPU readings: not measured").isNaN();
        assertThat(measure.cpuToMs() - measure.cpuFromMs()).as("no span to cut a profile to").isZero();
    }

    @Test
    void cpuPerCallIsTheReadingsSpanInsideTheWindowOverTheCallsThatEndedInThatSpan(@TempDir Path dir)
            throws Exception {
        // window [2000, 4000); readings at 1950 (before it), 2050, 3950 and 4050 (after it): the span is
        // 2050-3950, 30 ticks at 100 a second = 300 ms of CPU, for the 2 calls that ended in it
        Path jtl = Files.writeString(dir.resolve("run.jtl"), "timeStamp,elapsed,label,responseCode,success\n"
                + "1000,5,e,OK,true\n"
                + "2000,20,e,OK,true\n" // ends at 2020: in the window, before the span
                + "2500,1,e,OK,true\n" // in the span
                + "3000,7,e,OK,true\n" // in the span
                + "3900,60,e,OK,true\n"); // ends at 3960: in the window, after the span
        List<CpuTimeline.Reading> cpu = List.of(new CpuTimeline.Reading(1950, new CpuTime(100)),
                new CpuTimeline.Reading(2050, new CpuTime(110)), new CpuTimeline.Reading(3950, new CpuTime(140)),
                new CpuTimeline.Reading(4050, new CpuTime(150)));
        OverheadBenchmark.Measure measure = OverheadBenchmark.window(jtl, 1, 2, cpu, 100);
        assertThat(measure.calls()).isEqualTo(4);
        assertThat(measure.cpuCalls()).as("the calls the CPU per call divides by").isEqualTo(2);
        assertThat(measure.cpuMicrosPerCall()).isCloseTo(150_000.0, within(1e-6));
        assertThat(measure).as("the span a profile is cut to").extracting(OverheadBenchmark.Measure::cpuFromMs,
                OverheadBenchmark.Measure::cpuToMs).containsExactly(2050L, 3950L);
    }

    @Test
    void readsTheBareLoopsResultLineWithItsCpuPerCallAndItsSpan() {
        // 45 ticks at 100 a second = 450 ms of CPU for 30 calls = 15,000 µs a call
        assertThat(OverheadBenchmark.parse("calls=30 failures=1 seconds=15.000 tps=2.0 p50_us=900 p99_us=4100 "
                + "p99_ms=4 cpu_ticks=45 cpu_from_ms=5000 cpu_to_ms=20000", 100))
                .isEqualTo(new OverheadBenchmark.Measure(2.0, 4, 30, 1, 15_000.0, 5000, 20000, 30));
    }

    @Test
    void aResultLineWithoutItsCpuIsRefusedByName() {
        assertThatThrownBy(() -> OverheadBenchmark.parse("calls=30 failures=1 tps=2.0 p99_ms=4", 100))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("'calls=30 failures=1 tps=2.0 p99_ms=4'")
                .hasMessageContaining("cpu_ticks=");
        assertThatThrownBy(() -> OverheadBenchmark.parse("calls=30 failures=1 tps=2.0 p99_ms=4 cpu_ticks=45", 100))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cpu_from_ms= and cpu_to_ms=");
    }

    @Test
    void optionsOutOfRangeAreRefusedByName() {
        assertThatThrownBy(() -> OverheadBenchmark.requireValidOptions(List.of("dubbo", "grpc"), List.of(20), 3, 45, 15))
                .hasMessage("--protocol 'grpc': expected one or more of dubbo, thrift");
        assertThatThrownBy(() -> OverheadBenchmark.requireValidOptions(List.of("thrift"), List.of(20, 0), 3, 45, 15))
                .hasMessage("--threads 0: expected thread counts of 1 or more");
        assertThatThrownBy(() -> OverheadBenchmark.requireValidOptions(List.of("thrift"), List.of(20), 3, 45, 0))
                .hasMessageStartingWith("--rounds 3, --warmup 45, --measure 0: expected");
    }

    @Test
    void profileSecondsAreRefusedByNameWithoutProfileOrBelowOneSecond() {
        OverheadBenchmark.requireValidProfileSeconds(false, null);
        OverheadBenchmark.requireValidProfileSeconds(true, 120);
        assertThatThrownBy(() -> OverheadBenchmark.requireValidProfileSeconds(false, 120))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("--profile-seconds 120 without --profile: it sets the window of the profiled runs, which "
                        + "only --profile runs");
        assertThatThrownBy(() -> OverheadBenchmark.requireValidProfileSeconds(true, 0))
                .hasMessage("--profile-seconds 0: expected a window of 1 s or more");
    }

    @Test
    void thePinnedTablesParagraphSaysHowTheyWerePinnedAndTheCommandHasPin() {
        String pinned = OverheadBenchmark.section(LocalDate.of(2026, 11, 28), "2 vCPUs", "0.10 0.20 0.30",
                "9.00 5.00 2.00", 3, 60, 15, true, "| table |\n");

        assertThat(pinned).startsWith("Measured 2026-11-28 on 2 vCPUs; load average before the run 0.10 0.20 0.30, "
                        + "after it 9.00 5.00 2.00; pinned (`--pin`): client JVMs on CPU 0, provider and agent on CPU 1, "
                        + "taskset (`taskset -c`)")
                .contains("3 rounds per row, 60 s warm-up + 15 s window per run")
                .contains("Command: `./run-performance overhead --pin`.\n\n| table |")
                .doesNotContain("JMeter or the loop, and the agent share it");
    }

    @Test
    void theUnpinnedTablesParagraphIsAsBefore() {
        String unpinned = OverheadBenchmark.section(LocalDate.of(2026, 11, 28), "2 vCPUs", "0.10 0.20 0.30",
                "9.00 5.00 2.00", 3, 60, 15, false, "| table |\n");

        assertThat(unpinned).startsWith("Measured 2026-11-28 on 2 vCPUs; load average before the run 0.10 0.20 0.30, "
                        + "after it 9.00 5.00 2.00; the provider (Dubbo and Thrift, 200 worker threads), JMeter or the "
                        + "loop, and the agent share it. 3 rounds per row, 60 s warm-up")
                .contains("Command: `./run-performance overhead`.\n\n| table |")
                .doesNotContain("pin");
    }

    @Test
    void theProfiledRunsRecordingOptionsNameEveryWaitTheDelayAndNoSizeLimit() {
        assertThat(OverheadBenchmark.recordingTo(Path.of("/r/dubbo-jmeter.jfr"), 60, true)).isEqualTo(
                "-XX:StartFlightRecording=settings=profile,jdk.ThreadPark#threshold=0ms,"
                        + "jdk.JavaMonitorEnter#threshold=0ms,delay=60s,maxsize=0,filename=/r/dubbo-jmeter.jfr");
        assertThat(OverheadBenchmark.recordingTo(Path.of("/r/dubbo-floor.jfr"), 0, false)).as("JFR takes no delay "
                + "of 0 s").isEqualTo("-XX:StartFlightRecording=settings=profile,maxsize=0,filename=/r/dubbo-floor.jfr");
    }

    /** JDK 17's -XX:StartFlightRecording takes event settings ({@code event#setting=value}): the JVM starts with them. */
    @Test
    void thisJdkStartsWithTheProfiledRunsRecordingOptions(@TempDir Path dir) throws Exception {
        Path jfr = dir.resolve("waits.jfr");
        Process java = new ProcessBuilder(ProjectLayout.javaExecutable().toString(),
                OverheadBenchmark.recordingTo(jfr, 0, true), "-version").redirectErrorStream(true)
                .redirectOutput(dir.resolve("java.out").toFile()).start();

        assertThat(java.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(java.exitValue()).as(Files.readString(dir.resolve("java.out"))).isZero();
        assertThat(jfr).isNotEmptyFile();
    }
}
