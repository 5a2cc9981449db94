package io.rpcbench.reports.compare;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.rpcbench.reports.figures.Figures;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The verdict on one metric of a run against the baseline, judged against the two runs' noise bands. */
class NoiseRuleTest {

    @Test
    void bandIsTheSpreadOfTheThirdsOverTheirMean() {
        // (103 - 97) / 100 * 100
        assertThat(NoiseRule.band(97, 100, 103)).isCloseTo(6.0, within(1e-9));
        assertThat(NoiseRule.band(5, 5, 5)).isZero();
        assertThat(NoiseRule.band(0, 0, 0)).as("no mean to divide by").isNull();
    }

    @Test
    void aDifferenceWithinTheLargerBandIsWithinNoise() {
        RowFigures base = figures(Metric.TPS, 1000.0, 1.0, Boolean.TRUE);
        RowFigures other = figures(Metric.TPS, 1030.0, 3.1, Boolean.TRUE);

        Verdict verdict = NoiseRule.judge(Metric.TPS, "a", base, "b", other);

        assertThat(verdict.kind()).isEqualTo(Verdict.Kind.WITHIN_NOISE);
        assertThat(verdict.text()).isEqualTo("within noise: TPS +3.0 % (noise +/-3.1 %)");
    }

    @Test
    void beyondTheBandHigherTpsIsBetterAndLowerIsWorse() {
        RowFigures base = figures(Metric.TPS, 1000.0, 3.1, Boolean.TRUE);

        assertThat(NoiseRule.judge(Metric.TPS, "a", base, "b", figures(Metric.TPS, 818.0, 2.0, Boolean.TRUE)).text())
                .isEqualTo("worse: TPS -18.2 % (noise +/-3.1 %)");
        assertThat(NoiseRule.judge(Metric.TPS, "a", base, "b", figures(Metric.TPS, 1040.0, 2.0, Boolean.TRUE)).kind())
                .isEqualTo(Verdict.Kind.BETTER);
    }

    @Test
    void forLatencyLowerIsBetter() {
        RowFigures base = figures(Metric.MEAN_MS, 2.0, 1.0, Boolean.TRUE);

        assertThat(NoiseRule.judge(Metric.MEAN_MS, "a", base, "b", figures(Metric.MEAN_MS, 1.5, 1.0, Boolean.TRUE))
                .text()).isEqualTo("better: mean ms -25.0 % (noise +/-1.0 %)");
        assertThat(NoiseRule.judge(Metric.MEAN_MS, "a", base, "b", figures(Metric.MEAN_MS, 2.5, 1.0, Boolean.TRUE))
                .kind()).isEqualTo(Verdict.Kind.WORSE);
    }

    @Test
    void aDifferenceEqualToTheBandAsPrintedIsWithinNoise() {
        // +3.04 % prints as +3.0 %, the band 2.96 % as 3.0 %: what is read must agree with the verdict.
        RowFigures base = figures(Metric.TPS, 1000.0, 2.96, Boolean.TRUE);
        RowFigures other = figures(Metric.TPS, 1030.4, 1.0, Boolean.TRUE);

        assertThat(NoiseRule.judge(Metric.TPS, "a", base, "b", other).text())
                .isEqualTo("within noise: TPS +3.0 % (noise +/-3.0 %)");
    }

    @Test
    void metricsWithoutThirdsBorrowTheNearestBandAndSaySo() {
        RowFigures base = figures(Metric.P90_MS, 10.0, 2.0, Boolean.TRUE);
        RowFigures other = figures(Metric.P90_MS, 10.5, 2.0, Boolean.TRUE);

        assertThat(base.band(Metric.P90_MS)).isEqualTo(base.band(Metric.MEAN_MS));
        assertThat(NoiseRule.judge(Metric.P90_MS, "a", base, "b", other).text())
                .isEqualTo("worse: p90 ms +5.0 % (mean noise +/-2.0 %)");
        assertThat(NoiseRule.judge(Metric.P999_MS, "a", figures(Metric.P999_MS, 10.0, 2.0, Boolean.TRUE), "b",
                figures(Metric.P999_MS, 10.1, 2.0, Boolean.TRUE)).text())
                .isEqualTo("within noise: p99.9 ms +1.0 % (p99 noise +/-2.0 %)");
        assertThat(NoiseRule.judge(Metric.GC_PAUSE_PERCENT, "a", figures(Metric.GC_PAUSE_PERCENT, 1.0, 2.0,
                Boolean.TRUE), "b", figures(Metric.GC_PAUSE_PERCENT, 1.05, 2.0, Boolean.TRUE)).text())
                .isEqualTo("worse: GC pause % of window +5.0 % (TPS noise +/-2.0 %)");
    }

    @Test
    void networkIsNeitherBetterNorWorse() {
        RowFigures base = figures(Metric.NETWORK_IN, 1_000_000.0, 1.0, Boolean.TRUE);

        assertThat(NoiseRule.judge(Metric.NETWORK_IN, "a", base, "b",
                figures(Metric.NETWORK_IN, 1_200_000.0, 1.0, Boolean.TRUE)).text())
                .isEqualTo("higher: network in B/s +20.0 % (TPS noise +/-1.0 %)");
        assertThat(NoiseRule.judge(Metric.NETWORK_IN, "a", base, "b",
                figures(Metric.NETWORK_IN, 800_000.0, 1.0, Boolean.TRUE)).kind()).isEqualTo(Verdict.Kind.LOWER);
    }

    @Test
    void errorsAppearingOrVanishingAreFlaggedWhateverTheNoise() {
        RowFigures none = figures(Metric.ERROR_PERCENT, 0.0, 50.0, Boolean.TRUE);
        RowFigures some = figures(Metric.ERROR_PERCENT, 0.01, 50.0, Boolean.TRUE);

        assertThat(NoiseRule.judge(Metric.ERROR_PERCENT, "a", none, "b", some).text())
                .isEqualTo("worse: error % 0.00 -> 0.01 (from 0)");
        assertThat(NoiseRule.judge(Metric.ERROR_PERCENT, "a", some, "b", none).text())
                .isEqualTo("better: error % 0.01 -> 0.00 (to 0)");
        assertThat(NoiseRule.judge(Metric.ERROR_PERCENT, "a", none, "b", none).text())
                .isEqualTo("same: error % 0.00");
    }

    @Test
    void aNotSteadyRunMakesTheVerdictNotComparable() {
        RowFigures steady = figures(Metric.TPS, 1000.0, 1.0, Boolean.TRUE);
        RowFigures unsteady = figures(Metric.TPS, 500.0, 30.0, Boolean.FALSE);

        assertThat(NoiseRule.judge(Metric.TPS, "a", steady, "b", unsteady).text())
                .isEqualTo("not comparable: b not steady");
        assertThat(NoiseRule.judge(Metric.TPS, "a", unsteady, "b", steady).text())
                .isEqualTo("not comparable: a not steady");
        assertThat(NoiseRule.judge(Metric.TPS, "a", unsteady, "b", unsteady).kind())
                .isEqualTo(Verdict.Kind.NOT_COMPARABLE);
        assertThat(NoiseRule.judge(Metric.TPS, "a", steady, "b", figures(Metric.TPS, 1000.0, 1.0, null)).kind())
                .as("a run that does not say is not taken as unsteady").isEqualTo(Verdict.Kind.SAME);
    }

    @Test
    void aMissingValueOrBandGivesNoVerdict() {
        RowFigures base = figures(Metric.TPS, 1000.0, 1.0, Boolean.TRUE);
        RowFigures noValue = figures(Metric.TPS, null, 1.0, Boolean.TRUE);
        RowFigures noBand = figures(Metric.TPS, 1100.0, null, Boolean.TRUE);

        assertThat(NoiseRule.judge(Metric.TPS, "a", base, "b", noValue)).isEqualTo(Verdict.NONE);
        assertThat(NoiseRule.judge(Metric.TPS, "a", base, "b", noBand)).isEqualTo(Verdict.NONE);
        assertThat(noBand.whyNoBand(Metric.TPS)).isEqualTo("no \"steadiness\" figures");
    }

    /** Figures with one metric's value and a TPS band (the metric's own too, where it has thirds). */
    private static RowFigures figures(Metric metric, Double value, Double band, Boolean steady) {
        Map<Metric, Double> values = new EnumMap<>(Metric.class);
        Map<Metric, String> missing = new EnumMap<>(Metric.class);
        if (value != null) {
            values.put(metric, value);
        } else {
            missing.put(metric, "no " + metric.path());
        }
        Map<String, Double> bands = new LinkedHashMap<>();
        Map<String, String> bandsMissing = new LinkedHashMap<>();
        for (String field : RowFigures.THIRDS_FIELDS) {
            if (band != null) {
                bands.put(field, band);
            } else {
                bandsMissing.put(field, "no \"steadiness\" figures");
            }
        }
        return new RowFigures("dubbo-echo-1k", "echo-1k", "dubbo", values, missing, bands, bandsMissing, steady,
                null, 60_000L, "us");
    }
}
