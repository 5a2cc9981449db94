package io.rpcbench.reports.statistics;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.jtl.JtlSample;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The steadiness verdict in words, for each way a window can go, and the load generator warnings. */
class SteadinessRuleTest {

    /** A 60 s window of three 20 s thirds. */
    private static final MeasuredWindow WINDOW = new MeasuredWindow(0, 60_000, 30_000, 60_000);

    private static List<DashboardData.Third> thirds(double first, double second, double last) {
        return List.of(third(0, first), third(1, second), third(2, last));
    }

    private static DashboardData.Third third(int i, double tps) {
        return new DashboardData.Third(i * 20_000L, (i + 1) * 20_000L, Math.round(tps * 20), tps, 1.0, 2.0);
    }

    private static DashboardData.Steadiness judge(List<DashboardData.Third> thirds) {
        return SteadinessRule.judge(thirds, WINDOW, 1_000, SteadinessRule.LoadGenerator.UNKNOWN);
    }

    @Test
    void aWindowWithinTheLimitsIsSteady() {
        DashboardData.Steadiness s = judge(thirds(24_810, 24_950, 25_102));

        assertThat(s.steady()).isTrue();
        assertThat(s.changePercent()).isEqualTo(1.18);
        assertThat(s.spreadPercent()).isEqualTo(1.17);
        assertThat(s.verdict()).isEqualTo("steady (first third 24,810 TPS, last 25,102, +1.2 %; spread 1.2 %)");
        assertThat(s.warnings()).isEmpty();
        assertThat(s.rule()).isEqualTo(SteadinessRule.RULE);
    }

    @Test
    void risingThroughputIsAWarmupThatIsNotOver() {
        DashboardData.Steadiness s = judge(thirds(10_500, 12_000, 14_490));

        assertThat(s.steady()).isFalse();
        assertThat(s.changePercent()).isEqualTo(38.0);
        assertThat(s.verdict()).isEqualTo("NOT STEADY: throughput rose 38.0 % within the window (first third 10,500 "
                + "TPS, last third 14,490 TPS): still warming up; give a longer warm-up");
    }

    @Test
    void fallingThroughputIsADegradation() {
        assertThat(judge(thirds(12_000, 11_000, 9_600)).verdict()).isEqualTo("NOT STEADY: throughput fell 20.0 % "
                + "within the window (first third 12,000 TPS, last third 9,600 TPS): the system degraded during the "
                + "window (GC, a leak, a saturated resource?)");
    }

    @Test
    void aDipInTheMiddleIsUnsteadyWhenTheEndsAgree() {
        DashboardData.Steadiness s = judge(thirds(12_000, 9_000, 12_100));

        assertThat(s.steady()).isFalse();
        assertThat(s.spreadPercent()).isEqualTo(28.1);
        assertThat(s.verdict()).isEqualTo("NOT STEADY: throughput varied 28.1 % between thirds (12,000, 9,000 and "
                + "12,100 TPS): unsteady; give a longer window");
    }

    @Test
    void theLimitsThemselvesAreSteady() {
        assertThat(judge(thirds(100, 105, 110)).steady()).as("change exactly 10 %").isTrue();
        assertThat(judge(thirds(100, 92.5, 107.5)).steady()).as("spread exactly 15 %").isTrue();
        assertThat(judge(thirds(100, 105, 110.1)).steady()).isFalse();
    }

    @Test
    void fewSamplesOrFewBucketsAreTooShortToJudge() {
        DashboardData.Steadiness fewSamples = judge(thirds(1.45, 10, 10));
        DashboardData.Steadiness fewBuckets = SteadinessRule.judge(thirds(1_000, 1_000, 1_000),
                new MeasuredWindow(0, 25_000, 0, 0), 10_000, SteadinessRule.LoadGenerator.UNKNOWN);

        assertThat(fewSamples.steady()).isFalse();
        assertThat(fewSamples.verdict()).isEqualTo("TOO SHORT TO JUDGE: a third of the window holds 29 samples; at "
                + "least 30 per third are needed; give a longer window");
        assertThat(fewBuckets.steady()).isFalse();
        assertThat(fewBuckets.verdict()).isEqualTo("TOO SHORT TO JUDGE: the window is 25 s long, under 3 time "
                + "buckets of 10 s; give a longer window");
    }

    @Test
    void aSaturatedJMeterOrMachineIsAWarningWhateverTheVerdict() {
        SteadinessRule.LoadGenerator local = new SteadinessRule.LoadGenerator(Optional.of(93.4), Optional.of(8),
                Optional.of("127.0.0.1"), Optional.of(97.2), true);
        SteadinessRule.LoadGenerator remote = new SteadinessRule.LoadGenerator(Optional.of(40.0), Optional.empty(),
                Optional.of("127.0.0.1"), Optional.of(90.0), false);
        SteadinessRule.LoadGenerator idle = new SteadinessRule.LoadGenerator(Optional.of(89.9), Optional.of(8),
                Optional.of("127.0.0.1"), Optional.of(12.0), true);

        DashboardData.Steadiness s = SteadinessRule.judge(thirds(100, 100, 100), WINDOW, 1_000, local);

        assertThat(s.steady()).isTrue();
        assertThat(s.warnings()).containsExactly(
                "the JMeter process used 93 % of the machine's 8 cores: the load generator was saturated; TPS is "
                        + "bounded by JMeter, not by the provider",
                "the machine's CPU was saturated (97 %): TPS is bounded by the CPU that JMeter and the provider "
                        + "share, not by the provider alone");
        assertThat(SteadinessRule.judge(thirds(100, 100, 100), WINDOW, 1_000, remote).warnings()).containsExactly(
                "the load generator's machine (agent 127.0.0.1) had its CPU saturated (90 %): TPS may be bounded by "
                        + "the load generator, not by the provider");
        assertThat(SteadinessRule.judge(thirds(100, 100, 100), WINDOW, 1_000, idle).warnings()).isEmpty();
    }

    @Test
    void theJMeterProcessCpuIsKeptWhetherOrNotItWarns() {
        SteadinessRule.LoadGenerator measured = new SteadinessRule.LoadGenerator(Optional.of(47.64), Optional.of(2),
                Optional.empty(), Optional.empty(), false);
        DashboardData.Steadiness s = SteadinessRule.judge(thirds(100, 100, 100), WINDOW, 1_000, measured);
        assertThat(s.warnings()).isEmpty();
        assertThat(s.jmeterCpuPercent()).isEqualTo(47.6);
        assertThat(s.jmeterCores()).isEqualTo(2);
        assertThat(s.jmeterCpuText()).contains("JMeter process: 48 % of the machine's 2 cores over the window");
        assertThat(s.notJudged("not judged").jmeterCpuPercent()).isEqualTo(47.6);

        DashboardData.Steadiness unknown = SteadinessRule.judge(thirds(100, 100, 100), WINDOW, 1_000,
                SteadinessRule.LoadGenerator.UNKNOWN);
        assertThat(unknown.jmeterCpuPercent()).isNull();
        assertThat(unknown.jmeterCores()).isNull();
        assertThat(unknown.jmeterCpuText()).isEmpty();
    }

    @Test
    void thirdsSplitTheWindowBySampleStart() {
        MeasuredWindow window = new MeasuredWindow(1_000, 4_000, 1_000, 3_000);
        WindowThirds thirds = new WindowThirds(window);
        for (long start : new long[] {999, 1_000, 1_999, 2_000, 2_999, 3_000, 3_500, 3_999, 4_000}) {
            thirds.accept(new JtlSample(start, 1, "echo", "OK", "", true, 0, 0, 1, ""));
        }

        assertThat(thirds.thirds()).containsExactly(
                new DashboardData.Third(1_000, 2_000, 2, 2.0, 1.0, 1.0),
                new DashboardData.Third(2_000, 3_000, 2, 2.0, 1.0, 1.0),
                new DashboardData.Third(3_000, 4_000, 3, 3.0, 1.0, 1.0));
    }
}
