package io.rpcbench.reports.check;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.rpcbench.reports.ReportsCommand;
import io.rpcbench.reports.dashboard.RunSummary;
import io.rpcbench.reports.statistics.LabelStatistics;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Percentiles corrected for coordinated omission, on a recorded run with a known stall: {@code paced-stall.jtl}, one
 * thread paced at 100 calls a second (a call every 10 ms), 1,000 calls of 1 ms of which call 500 stalls for 1,000 ms.
 * Measured, 999 of the 1,000 samples are 1 ms and p99 is 1 ms; but the thread should have started 99 more calls
 * during the stall, which would have waited 990, 980, ... 10 ms. HdrHistogram's expected-interval correction adds
 * exactly those 99 values: 1,099 in all. Its percentile p is the nearest rank, ceil(p / 100 x 1,099), so p50 and
 * p90 stay 1 ms (ranks 550 and 990 of 999 values of 1 ms), p95 is the 46th added value (rank 1,045: 460 ms), p99 the
 * 90th (rank 1,089: 900 ms), p99.9 the 99th (rank 1,098: 990 ms), each within HdrHistogram's 3 significant digits (its
 * buckets there are 0.5 ms wide). The file was written by a short script: call i starts at
 * max(t0 + 10 i ms, the previous call's end), as a Constant Throughput Timer catches up after a stall.
 */
class CoordinatedOmissionGoldenTest {

    private static final Path RUN = Path.of("src/test/resources/io/rpcbench/reports/paced-stall.jtl");
    private static final Path GOLDEN = Path.of("src/test/resources/io/rpcbench/reports/paced-stall-corrected.txt");
    private static final long INTERVAL_US = 10_000;

    private final ReportsCommand command = new ReportsCommand();

    @Test
    void theCorrectedPercentilesCountTheCallsTheStallKeptFromStarting() {
        LabelStatistics measured = RunSummary.of(RUN, Duration.ZERO, Optional.empty()).label("paced-echo");

        assertThat(measured.samples()).isEqualTo(1_000);
        assertThat(measured.percentileMs(99)).isEqualTo(1.0);
        assertThat(measured.correctedPercentileMs(50, INTERVAL_US)).isCloseTo(1.0, within(0.002));
        assertThat(measured.correctedPercentileMs(90, INTERVAL_US)).isCloseTo(1.0, within(0.002));
        assertThat(measured.correctedPercentileMs(95, INTERVAL_US)).isCloseTo(460.0, within(0.92));
        assertThat(measured.correctedPercentileMs(99, INTERVAL_US)).isCloseTo(900.0, within(1.8));
        assertThat(measured.correctedPercentileMs(99.9, INTERVAL_US)).isCloseTo(990.0, within(2.0));
    }

    @Test
    void checkPrintsThemBesideTheMeasuredOnesAsTheGoldenFileHasThem() throws Exception {
        int code = command.run("check", RUN.toString(), "--expected-interval", "10");

        assertThat(code).as(command.err()).isZero();
        assertThat(command.out()).isEqualTo(Files.readString(GOLDEN).replace("\n", System.lineSeparator()));
    }

    /** A condition on p99 that the measured figure meets fails on the corrected one: the stall is not hidden. */
    @Test
    void conditionsOnPercentilesAreJudgedOnTheCorrectedOnes() {
        assertThat(command.run("check", RUN.toString(), "--assert", "p99 < 10ms")).isZero();

        ReportsCommand corrected = new ReportsCommand();
        int code = corrected.run("check", RUN.toString(), "--expected-interval", "10", "--assert", "p99 < 10ms");

        assertThat(code).isEqualTo(3);
        assertThat(corrected.out()).containsPattern("FAIL paced-echo: p99 < 10ms \\(p99 90[01]\\.[0-9]{3} ms\\)");
    }
}
