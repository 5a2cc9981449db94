package io.rpcbench.benchmark.jmeter;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

class PlanProgressTest {

    private static final String FIRST = "summary +  77383 in 00:00:05 = 15476.6/s Avg:     1 Min:     0 Max:    31 "
            + "Err:     0 (0.00%) Active: 20 Started: 20 Finished: 0";
    private static final String SECOND = "summary +  80000 in 00:00:05 = 16000.0/s Avg:     1 Min:     0 Max:    12 "
            + "Err:     3 (0.00%) Active: 20 Started: 20 Finished: 0";
    private static final String TOTAL = "summary =  157383 in 00:00:10 = 15738.3/s Avg:     1 Min:     0 Max:    31 "
            + "Err:     3 (0.00%)";

    @Test
    void plainLinesShowPhaseTimeLeftTpsAndErrorsForEachSummariserInterval() {
        StringWriter text = new StringWriter();
        PlanProgress progress = new PlanProgress(new PrintWriter(text), false, "[1/4] dubbo-echo-1k", 5, 10);
        progress.accept("Creating summariser <summary>");
        progress.accept(FIRST);
        progress.accept(SECOND);
        progress.accept(TOTAL);
        progress.finish();

        assertThat(text.toString().lines()).containsExactly(
                "[1/4] dubbo-echo-1k  measuring     0/10 s, 10 s left   15,477 TPS   0 errors (0 in the last 5 s)",
                "[1/4] dubbo-echo-1k  measuring     5/10 s, 5 s left   16,000 TPS   3 errors (3 in the last 5 s)");
    }

    @Test
    void whatTheSamplersSayIsShownOnALineOfItsOwnBetweenTheStatuses() {
        StringWriter text = new StringWriter();
        PlanProgress progress = new PlanProgress(new PrintWriter(text), true, "[1/4] dubbo-echo-1k", 5, 10);
        String lost = "rpcbench: registry nacos://127.0.0.1:8848 lost at 06:27:28.545: the consumer of "
                + "io.rpcbench.echo.EchoService goes on calling the providers it knew, and sees no provider come or go "
                + "until it is back";
        progress.accept(FIRST);
        progress.accept(lost);
        progress.accept(SECOND);
        progress.finish();

        String newLine = System.lineSeparator();
        assertThat(text.toString()).isEqualTo(
                "\r[1/4] dubbo-echo-1k  measuring     0/10 s, 10 s left   15,477 TPS   0 errors (0 in the last 5 s)"
                        + newLine + "[1/4] dubbo-echo-1k  " + lost + newLine
                        + "\r[1/4] dubbo-echo-1k  measuring     5/10 s, 5 s left   16,000 TPS   3 errors (3 in the last 5 s)"
                        + newLine);
    }

    @Test
    void warmUpIsNamedUntilItsSecondsHavePassed() {
        StringWriter text = new StringWriter();
        PlanProgress progress = new PlanProgress(new PrintWriter(text), false, "[2/4] thrift-echo-1k", 60, 30);
        progress.accept(FIRST);

        assertThat(text.toString()).startsWith("[2/4] thrift-echo-1k  warm-up       5/60 s, 85 s left   15,477 TPS");
    }

    @Test
    void intervalsBeforeTheFirstCallAreTheSetupAndTheWarmupCountsFromTheFirstCall() {
        StringWriter text = new StringWriter();
        PlanProgress progress = new PlanProgress(new PrintWriter(text), false, "[1/1] dubbo-echo-1k", 5, 10);
        progress.accept("summary +      0 in 00:00:05 =    0.0/s Avg:     0 Min: 9223372036854775807 Max: "
                + "-9223372036854775808 Err:     0 (0.00%) Active: 20 Started: 20 Finished: 0");
        progress.accept(FIRST);

        assertThat(text.toString().lines()).containsExactly(
                "[1/1] dubbo-echo-1k  set-up    no call yet, the clients are being set up",
                "[1/1] dubbo-echo-1k  measuring     0/10 s, 10 s left   15,477 TPS   0 errors (0 in the last 5 s)");
    }

    @Test
    void onATerminalEachStatusOverwritesTheLastAndFinishEndsTheLine() {
        StringWriter text = new StringWriter();
        PlanProgress progress = new PlanProgress(new PrintWriter(text), true, "[1/1] p", 0, 10);
        progress.accept(FIRST);
        progress.accept(SECOND);
        progress.finish();

        assertThat(text.toString()).startsWith("\r[1/1] p").contains("\r[1/1] p  measuring    10/10 s")
                .endsWith(System.lineSeparator()).doesNotContain("\n[1/1]");
    }

    @Test
    void theWindowsEndIsReachedWhenJMeterCutsEachIntervalToWholeSeconds() {
        // CI's 6 s run of thrift-echo-1k: 0.5 s, 5.4 s and 0.1 s, printed as 0, 5 and 0 s
        StringWriter text = new StringWriter();
        PlanProgress progress = new PlanProgress(new PrintWriter(text), false, "[3/4] thrift-echo-1k", 2, 4);
        progress.accept("summary +      7 in 00:00:00 =   14.0/s Avg:     0 Min:     0 Max:     5 Err:     0 (0.00%)");
        progress.accept("summary + 331083 in 00:00:05 = 61311.7/s Avg:     0 Min:     0 Max:     5 Err:     0 (0.00%)");
        progress.accept("summary +   6791 in 00:00:00 = 67910.0/s Avg:     0 Min:     0 Max:     1 Err:     0 (0.00%)");

        assertThat(text.toString().lines().reduce((first, second) -> second))
                .hasValue("[3/4] thrift-echo-1k  measuring     4/4 s, 0 s left   67,910 TPS   0 errors (0 in the last 0 s)");
    }

    @Test
    void linesOtherThanTheSummarisersIntervalAreIgnored() {
        assertThat(PlanProgress.parse(TOTAL)).isEmpty();
        assertThat(PlanProgress.parse("Tidying up ...    @ 2026")).isEmpty();
        assertThat(PlanProgress.parse(FIRST)).hasValueSatisfying(interval -> {
            assertThat(interval.samples()).isEqualTo(77383);
            assertThat(interval.seconds()).isEqualTo(5);
            assertThat(interval.perSecond()).isEqualTo(15476.6);
            assertThat(interval.errors()).isZero();
        });
    }
}
