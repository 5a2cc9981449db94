package io.rpcbench.reports.statistics;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcbench.reports.dashboard.Dashboard;
import io.rpcbench.reports.dashboard.RunInput;
import io.rpcbench.reports.dashboard.RunSummary;
import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.jtl.JtlSample;
import io.rpcbench.reports.jtl.JtlSpan;
import io.rpcbench.reports.jtl.JtlSpanScan;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The measured window: placed from the run's earliest sample start (found exactly, also when that sample is written
 * late) on whole seconds, holding the samples that started in it, and refused with a clear error when it holds none.
 */
class MeasuredWindowTest {

    private static final String HEADER = "timeStamp,elapsed,label,responseCode,responseMessage,success";
    private static final long T0 = 1_700_000_000_000L;

    @TempDir
    Path dir;

    /** Counts what the pass sees in the window. */
    private static final class Counter implements Consumer<JtlSample> {
        final MeasuredWindow window;
        final List<Long> starts = new ArrayList<>();

        Counter(MeasuredWindow window) {
            this.window = window;
        }

        @Override
        public void accept(JtlSample sample) {
            if (window.contains(sample.timeStamp())) {
                starts.add(sample.timeStamp());
            }
        }
    }

    private Path jtl(String name, List<String> rows) throws IOException {
        Path file = dir.resolve(name);
        Files.writeString(file, HEADER + "\n" + String.join("\n", rows) + "\n");
        return file;
    }

    /** n samples 10 ms apart from T0, each taking 2 ms, in order of their end as JMeter writes them. */
    private static List<String> steadyRows(int n) {
        return steadyRows(T0, n);
    }

    /** n samples 10 ms apart from {@code first}, each taking 2 ms. */
    private static List<String> steadyRows(long first, int n) {
        List<String> rows = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            rows.add((first + 10L * i) + ",2,echo,OK,OK,true");
        }
        return rows;
    }

    @Test
    void aSampleCountsWhenItStartedInTheWindowWhereverItEnded() throws IOException {
        Path file = jtl("run.jtl", List.of(
                T0 + ",1,echo,OK,OK,true",
                (T0 + 900) + ",300,echo,OK,OK,true",      // starts in the warm-up, ends in the window: not counted
                (T0 + 1000) + ",5,echo,OK,OK,true",       // starts at the window's start: counted
                (T0 + 2999) + ",900,echo,OK,OK,true",     // starts in the window, ends after it: counted
                (T0 + 3000) + ",1,echo,OK,OK,true",       // starts at the window's end: not counted
                (T0 + 4000) + ",1,echo,OK,OK,true"));

        WindowedJtl.Result<Counter> read = WindowedJtl.read("r", file, Duration.ofSeconds(1),
                Optional.of(Duration.ofSeconds(2)), Counter::new);

        assertThat(read.window()).isEqualTo(new MeasuredWindow(T0 + 1000, T0 + 3000, 1000, 2000));
        assertThat(read.pass().starts).containsExactly(T0 + 1000, T0 + 2999);
        assertThat(read.samples()).isEqualTo(2);
        RunSummary summary = RunSummary.of(file, Duration.ofSeconds(1), Optional.of(Duration.ofSeconds(2)));
        assertThat(summary.label("echo").samples()).isEqualTo(2);
        assertThat(summary.label("echo").throughput()).isEqualTo(1.0);
        assertThat(summary.fileSamples()).as("every sample of the file, the warm-up's too").isEqualTo(6);
        assertThat(RunSummary.of(file).fileSamples()).isEqualTo(6);
    }

    @Test
    void theWindowStartsOnTheFirstWholeSecondAfterTheWarmupAndEndsOnAWholeSecond() throws IOException {
        // The first call 315 ms into a second: the warm-up of 5 s ends at T0 + 5,315, the window starts on the next
        // whole second, T0 + 6,000, and lasts the 10 s asked for, as JMeter's report generator cuts with whole-second
        // start and end dates. The run goes on to T0 + 20,316, long enough for the whole window.
        Path file = jtl("run.jtl", List.of(
                (T0 + 315) + ",1,echo,OK,OK,true",
                (T0 + 5315) + ",1,echo,OK,OK,true",       // after the warm-up, before its whole second: not counted
                (T0 + 5999) + ",1,echo,OK,OK,true",       // not counted
                (T0 + 6000) + ",1,echo,OK,OK,true",       // starts at the window's start: counted
                (T0 + 15999) + ",1,echo,OK,OK,true",      // counted
                (T0 + 16000) + ",1,echo,OK,OK,true",      // starts at the window's end: not counted
                (T0 + 20315) + ",1,echo,OK,OK,true"));

        WindowedJtl.Result<Counter> read = WindowedJtl.read("r", file, Duration.ofSeconds(5),
                Optional.of(Duration.ofSeconds(10)), Counter::new);

        assertThat(read.window()).isEqualTo(new MeasuredWindow(T0 + 6000, T0 + 16000, 5685, 10_000));
        assertThat(read.window().startMs() % 1000).isZero();
        assertThat(read.window().endMs() % 1000).isZero();
        assertThat(read.pass().starts).containsExactly(T0 + 6000, T0 + 15999);
    }

    @Test
    void withoutAMeasuredLengthTheWindowEndsWithTheRunAndCountsEverySampleAfterTheWarmup() throws IOException {
        Path file = jtl("run.jtl", steadyRows(500));

        WindowedJtl.Result<Counter> read = WindowedJtl.read("r", file, Duration.ofMillis(1000), Optional.empty(),
                Counter::new);

        // The last sample starts at T0 + 4,990 and ends 2 ms later: the run's end.
        assertThat(read.window()).isEqualTo(new MeasuredWindow(T0 + 1000, T0 + 4992, 1000, 0));
        assertThat(read.samples()).isEqualTo(400);
        assertThat(read.passes()).isEqualTo(1);
    }

    @Test
    void theEarliestStartIsFoundAlsoWhenItsSampleIsWrittenAfterTheFirstRows() throws IOException {
        List<String> rows = steadyRows(JtlSpan.HEAD_SAMPLES + 20_000);
        // A 60 s call that started 50 s before all others, written when it ended: after the first 10,000 rows and
        // before the last 256 KB (about 9,700 rows).
        rows.add(JtlSpan.HEAD_SAMPLES + 1_000, (T0 - 50_000) + ",60000,echo,OK,OK,true");
        Path file = jtl("late.jtl", rows);

        WindowedJtl.Result<Counter> read = WindowedJtl.read("r", file, Duration.ofSeconds(50),
                Optional.of(Duration.ofSeconds(10)), Counter::new);

        assertThat(read.window().startMs()).isEqualTo(T0);
        assertThat(read.window().endMs()).isEqualTo(T0 + 10_000);
        assertThat(read.samples()).isEqualTo(1_000);
        assertThat(JtlSpan.guess(file).orElseThrow().firstStartMs()).as("the guess misses it").isEqualTo(T0);
        assertThat(read.passes()).as("the scan of the bytes finds it").isEqualTo(1);
    }

    @Test
    void whereTheScanCannotReadTheFileAMissedGuessCostsASecondPass() throws IOException {
        List<String> rows = steadyRows(JtlSpan.HEAD_SAMPLES + 20_000);
        // As above, with a space before the time stamp: the reader trims it, the byte scan gives up on it
        rows.add(JtlSpan.HEAD_SAMPLES + 1_000, " " + (T0 - 50_000) + ",60000,echo,OK,OK,true");
        Path file = jtl("late-spaced.jtl", rows);

        WindowedJtl.Result<Counter> read = WindowedJtl.read("r", file, Duration.ofSeconds(50),
                Optional.of(Duration.ofSeconds(10)), Counter::new);

        assertThat(JtlSpanScan.of(file)).isEmpty();
        assertThat(read.window().startMs()).isEqualTo(T0);
        assertThat(read.samples()).isEqualTo(1_000);
        assertThat(read.passes()).isEqualTo(2);
    }

    @Test
    void aLongFileWhoseSpanTheHeadAndTailShowIsReadOnce() throws IOException {
        Path file = jtl("long.jtl", steadyRows(JtlSpan.HEAD_SAMPLES + 30_000));

        WindowedJtl.Result<Counter> read = WindowedJtl.read("r", file, Duration.ofSeconds(100), Optional.empty(),
                Counter::new);

        assertThat(read.passes()).isEqualTo(1);
        assertThat(read.window().endMs()).isEqualTo(T0 + 10L * (JtlSpan.HEAD_SAMPLES + 30_000 - 1) + 2);
        assertThat(read.samples()).isEqualTo(JtlSpan.HEAD_SAMPLES + 30_000 - 10_000);
    }

    @Test
    void aTailThatStartsInsideAQuotedMessageFallsBackToAnExactPass() throws IOException {
        List<String> rows = steadyRows(JtlSpan.HEAD_SAMPLES + 100);
        // The last row's message holds line breaks and commas over more than the tail's bytes.
        String message = "\"stack:\n" + "at x,y,z\n".repeat(JtlSpan.TAIL_BYTES / 8) + "\"";
        rows.add((T0 + 200_000) + ",7,echo,remote-exception," + message + ",false");
        Path file = jtl("quoted.jtl", rows);

        assertThat(JtlSpan.guess(file)).isEmpty();
        WindowedJtl.Result<Counter> read = WindowedJtl.read("r", file, Duration.ZERO, Optional.empty(), Counter::new);

        assertThat(read.window().endMs()).isEqualTo(T0 + 200_007);
        assertThat(read.samples()).isEqualTo(JtlSpan.HEAD_SAMPLES + 101);
        assertThat(read.passes()).as("the scan of the bytes reads past the quoted line breaks").isEqualTo(1);
    }

    @Test
    void aWindowWithoutSamplesIsAnErrorNamingTheRunTheWarmupAndTheJtlsSpan() throws IOException {
        Path file = jtl("short.jtl", steadyRows(100));

        assertThatThrownBy(() -> WindowedJtl.read("dubbo-echo-1k", file, Duration.ofSeconds(30), Optional.empty(),
                Counter::new))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("run 'dubbo-echo-1k': no sample started in the measured window (warm-up 30 s: from "
                        + "2023-11-14T22:13:50Z); the JTL " + file + " has samples starting from 2023-11-14T22:13:20Z "
                        + "to 2023-11-14T22:13:20.990Z (0.99 s); expected a window in which samples start: a shorter "
                        + "warm-up");
    }

    @Test
    void aJtlWithoutSamplesIsAnErrorNamingTheRun() throws IOException {
        Path file = jtl("empty.jtl", List.of());

        assertThatThrownBy(() -> RunSummary.of(file, Duration.ZERO, Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("run 'empty.jtl': the JTL " + file + " has no samples; expected JMeter CSV results with "
                        + "at least one sample row after the header");
    }

    @Test
    void aMeasuredLengthBeyondTheRunsEndIsCutToItAndSaidSo() throws IOException {
        Path file = jtl("run.jtl", steadyRows(2_000));
        DashboardData.RunData run = Dashboard.builder()
                .addRun(RunInput.named("r", file, Optional.empty(), Optional.empty())
                        .withWindow(Duration.ofSeconds(5), Optional.of(Duration.ofSeconds(60))))
                .read(dir).runs().get(0);

        // A quarter of the warm-up is allowed for the clients' setup before the first call: the window starts on the
        // whole second after T0 + 5 s - 1.25 s, and ends on the last whole second before the run's end, T0 + 19.992 s.
        assertThat(run.windowStartMs()).isEqualTo(T0 + 4_000);
        assertThat(run.windowEndMs()).isEqualTo(T0 + 19_000);
        assertThat(run.steadiness().warnings()).containsExactly(
                "the measured window is 15 s, not the 60 s asked for: the run ended sooner");
    }

    @Test
    void aMeasuredLengthIsTheRunsLastSecondsWhenTheClientsSetupDelayedTheFirstCall() throws IOException {
        // Warm-up and window make 20 s, the calls span 19.992 s (as when the clients' setup delays the first call).
        Path file = jtl("run.jtl", steadyRows(2_000));
        DashboardData.RunData run = Dashboard.builder()
                .addRun(RunInput.named("r", file, Optional.empty(), Optional.empty())
                        .withWindow(Duration.ofSeconds(5), Optional.of(Duration.ofSeconds(15))))
                .read(dir).runs().get(0);

        // The whole 15 s asked for, back from the run's last whole second: 4 s of calls before it, at least the 5 s
        // warm-up less its quarter allowed for setup.
        assertThat(run.windowEndMs()).isEqualTo(T0 + 19_000);
        assertThat(run.windowStartMs()).isEqualTo(T0 + 19_000 - 15_000);
        assertThat(run.warmupMs()).isEqualTo(4_000);
        assertThat(run.total().samples()).isEqualTo(1_500);
        assertThat(run.steadiness().warnings()).isEmpty();
    }

    @Test
    void theWholeRunAsAWindowGivesJMetersThroughput() throws IOException {
        // The first call 315 ms into a second: without a warm-up or a measured length nothing is rounded off.
        Path file = jtl("run.jtl", steadyRows(T0 + 315, 300));

        LabelStatistics all = RunSummary.of(file).label("echo");
        LabelStatistics window = RunSummary.of(file, Duration.ZERO, Optional.empty()).label("echo");

        assertThat(window.samples()).isEqualTo(all.samples()).isEqualTo(300);
        assertThat(window.throughput()).isEqualTo(all.throughput());
        assertThat(window.percentileMs(99)).isEqualTo(all.percentileMs(99));
    }
}
