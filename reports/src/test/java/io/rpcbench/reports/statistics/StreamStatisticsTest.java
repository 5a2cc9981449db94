package io.rpcbench.reports.statistics;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.jtl.JtlSample;
import io.rpcbench.seconds.StreamFigures;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class StreamStatisticsTest {

    /**
     * Two streams: one of 51 messages with gaps 1..50 µs, one of 51 with gaps 51..100 µs. Per message, the p50 of the
     * 100 gaps is 50 µs and the p99 99 µs: neither stream's own p50 (25 and 75 µs) nor their mean.
     */
    @Test
    void theGapsOfEveryStreamMakeOneDistributionPerMessage() {
        StreamStatistics streams = new StreamStatistics();
        streams.add(new StreamFigures(1, 51, 300, LongStream.rangeClosed(1, 50).toArray(), new long[0]));
        streams.add(new StreamFigures(1, 51, 900, LongStream.rangeClosed(51, 100).toArray(), new long[0]));

        assertThat(streams.gapPercentileMs(50)).isEqualTo(0.050);
        assertThat(streams.gapPercentileMs(99)).isEqualTo(0.099);
        assertThat(streams.firstPercentileMs(50)).isEqualTo(0.300);

        DashboardData.Streams figures = streams.figures(2_000);
        assertThat(figures.streams()).isEqualTo(2);
        assertThat(figures.receivedPerSecond()).isEqualTo(51.0);
        assertThat(figures.sentPerSecond()).isEqualTo(1.0);
        assertThat(figures.gaps()).isEqualTo(new DashboardData.Percentiles(100, 0.050, 0.099, 0.100));
        assertThat(figures.firstMessage()).isEqualTo(new DashboardData.Percentiles(2, 0.300, 0.900, 0.900));
        assertThat(figures.roundTrips()).as("no ping-pong").isNull();
    }

    /** The maximum is exact: HdrHistogram's bucket of 100,001 µs would say 100,031. */
    @Test
    void roundTripsArePerMessageWithAnExactMaximum() {
        StreamStatistics streams = new StreamStatistics();
        streams.add(new StreamFigures(3, 3, 5, new long[] {10, 20}, new long[] {5, 100_001, 7}));

        assertThat(streams.figures(1_000).roundTrips()).isEqualTo(new DashboardData.Percentiles(3, 0.007, 100.001,
                100.001));
    }

    /** A label's statistics keep the streams among its samples, and none for a label of calls. */
    @Test
    void aLabelKeepsItsStreamsAndACallsLabelNone() {
        LabelStatistics label = new LabelStatistics("chat", 1_000);
        StreamFigures stream = new StreamFigures(2, 2, 40, new long[] {30}, new long[] {40, 30});
        label.add(new JtlSample(1000, 1, "chat", "200", "", true, 10, 10, 1, "", 900, true, "", JtlSample.NO_LAG,
                stream));
        LabelStatistics calls = new LabelStatistics("echo", 1_000);
        calls.add(new JtlSample(1000, 1, "echo", "200", "", true, 10, 10, 1, "", 900, true));

        assertThat(label.streams()).hasValueSatisfying(s -> assertThat(s.received()).isEqualTo(2));
        assertThat(calls.streams()).isEmpty();
    }
}
