package io.rpcbench.seconds;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class StreamFiguresTest {

    /** The nearest rank over 100 gaps of 1..100 µs, come in reverse order: p50 is the 50th, p99 the 99th. */
    @Test
    void aStreamsPercentilesAreTheNearestRankOfItsOwnGaps() {
        long[] gaps = LongStream.rangeClosed(1, 100).map(i -> 101 - i).toArray();

        StreamFigures figures = new StreamFigures(1, 101, 0, gaps, new long[0]);

        assertThat(figures.gapP50Us()).isEqualTo(50);
        assertThat(figures.gapP99Us()).isEqualTo(99);
        assertThat(figures.gapMaxUs()).isEqualTo(100);
        assertThat(figures.gapsUs()).as("in the order they came").startsWith(100, 99);
        assertThat(figures.rttP50Us()).isEqualTo(-1);
    }

    @Test
    void theTextReadsBackWithEveryGapAndRoundTrip() {
        StreamFigures figures = new StreamFigures(3, 3, 812, new long[] {40, 95}, new long[] {300, 410, 420});

        String text = figures.text();

        assertThat(text).isEqualTo("sent=3 received=3 first_us=812 gap_p50_us=40 gap_max_us=95 rtt_p50_us=410 "
                + "rtt_max_us=420 gaps_us=40:95 rtts_us=300:410:420");
        assertThat(StreamFigures.parse(text)).isEqualTo(figures);
        assertThat(StreamFigures.parse("sent=1 received=0")).isEqualTo(new StreamFigures(1, 0, -1, new long[0],
                new long[0]));
    }

    @Test
    void aBadTextIsNamedWithWhatWasExpected() {
        assertThatThrownBy(() -> StreamFigures.parse("sent=5 received=x"))
                .hasMessageStartingWith("stream_figures 'sent=5 received=x': received 'x' is not a whole number "
                        + "from 0; expected e.g. 'sent=3 received=3");
        assertThatThrownBy(() -> StreamFigures.parse("first_us=3"))
                .hasMessageStartingWith("stream_figures 'first_us=3' lacks sent= or received=");
        assertThatThrownBy(() -> StreamFigures.parse("sent=1 received=2 speed=3"))
                .hasMessageStartingWith("stream_figures 'sent=1 received=2 speed=3': 'speed=3' is not one of its "
                        + "name=value pairs");
        assertThatThrownBy(() -> StreamFigures.parse("sent=1 received=3 first_us=5 gaps_us=4"))
                .hasMessage("stream_figures 'sent=1 received=3 first_us=5 gaps_us=4': a stream of 1 sent and 3 "
                        + "received messages with first_us 5, 1 gaps and 0 round trips; expected received - 1 gaps, "
                        + "no round trips or one per message sent, and a first_us exactly when a message came");
        assertThatThrownBy(() -> StreamFigures.parse("sent=1 received=2 first_us=5 gaps_us=4:")).isInstanceOf(
                IllegalArgumentException.class).hasMessageContaining("gaps_us '' is not a whole number from 0");
    }
}
