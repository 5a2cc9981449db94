package io.rpcbench.reports.page;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class CurveChartTest {

    private static CurveChart chart(List<CurveChart.Curve> curves, OptionalDouble limit) {
        return new CurveChart("capacity-curve", "p99 <against> throughput", "calls/s", "p99, ms", curves, limit,
                List.of("a <note>"));
    }

    @Test
    void eachCurveIsALineThroughItsPointsWithItsNameInTheLegendEveryTextEscaped() {
        String html = chart(List.of(new CurveChart.Curve("dubbo <1k>", List.of(new CurveChart.Point(500, 0.8, true),
                new CurveChart.Point(1000, 1.1, true), new CurveChart.Point(1900, 40, false)))), OptionalDouble.of(5))
                .html();

        assertThat(html).startsWith("<section class=\"table-section\" id=\"capacity-curve\">")
                .contains("<h2>p99 &lt;against&gt; throughput</h2>", "dubbo &lt;1k&gt;", "a &lt;note&gt;")
                .doesNotContain("<1k>", "<note>");
        assertThat(html.split("<circle", -1)).hasSize(4);
        assertThat(html).containsOnlyOnce("<polyline").contains("stroke-dasharray") // the limit
                .contains("fill=\"white\""); // the point that broke, hollow
    }

    @Test
    void latencySpanningOrdersOfMagnitudeIsOnALogAxisWithDecadeTicks() {
        String html = chart(List.of(new CurveChart.Curve("p", List.of(new CurveChart.Point(100, 0.5, true),
                new CurveChart.Point(200, 800, false)))), OptionalDouble.empty()).html();

        assertThat(html).contains(">0.100<", ">1<", ">10<", ">100<", ">1,000<");
    }

    @Test
    void aPointThatIsNotAFiniteValueOfZeroOrMoreIsRefusedNamingItsCurve() {
        assertThatThrownBy(() -> chart(List.of(new CurveChart.Curve("thrift", List.of(
                new CurveChart.Point(Double.NaN, 1, true)))), OptionalDouble.empty()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("curve 'thrift'");
        assertThatThrownBy(() -> new CurveChart("a b", "t", "x", "y", List.of(), OptionalDouble.empty(), List.of()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("chart id 'a b'");
    }

    @Test
    void roundValuesForTheAxisAreOneTwoOrFiveTimesAPowerOfTen() {
        assertThat(CurveChart.nice(0.7)).isEqualTo(1);
        assertThat(CurveChart.nice(1.2)).isEqualTo(2);
        assertThat(CurveChart.nice(3100)).isEqualTo(5000);
        assertThat(CurveChart.nice(7000)).isEqualTo(10000);
    }
}
