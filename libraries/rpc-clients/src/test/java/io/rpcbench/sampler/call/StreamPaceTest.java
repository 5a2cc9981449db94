package io.rpcbench.sampler.call;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class StreamPaceTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "''                | false | 0        | at once",
            "at once           | false | 0        | at once",
            "every 10 ms       | false | 10000000 | every 10 ms",
            "Every 0.5ms       | false | 500000   | every 0.5 ms",
            "after each answer | true  | 0        | after each answer",
            "ping-pong         | true  | 0        | after each answer"})
    void eachWayReadsAndSaysItself(String text, boolean pingPong, long intervalNanos, String said) {
        StreamPace pace = StreamPace.parse(text);

        assertThat(pace.pingPong()).isEqualTo(pingPong);
        assertThat(pace.intervalNanos()).isEqualTo(intervalNanos);
        assertThat(pace.text()).isEqualTo(said);
        assertThat(StreamPace.parse(pace.text())).isEqualTo(pace);
    }

    @ParameterizedTest
    @ValueSource(strings = {"quickly", "every 0 ms", "every -5 ms", "every 10 s", "every ms", "every 3600001 ms"})
    void anythingElseNamesTheThreeWays(String text) {
        assertThatThrownBy(() -> StreamPace.parse(text)).isInstanceOf(BadParameterException.class)
                .hasMessage("stream_send '" + text + "' is not a way to send a stream's messages; expected 'at once' "
                        + "(the default), 'every N ms' with N above 0 up to an hour (e.g. 'every 10 ms'), or 'after "
                        + "each answer' (a ping-pong, for a bidirectional method)");
    }

    /** Message i is due i intervals after the stream's opening: the sender waits for it. */
    @ParameterizedTest
    @ValueSource(ints = {1, 3})
    void anIntervalWaitsUntilTheMessagesTime(int index) throws Exception {
        long open = System.nanoTime();
        StreamTimeline timeline = new StreamTimeline(open, false);

        StreamPace.parse("every 2 ms").beforeSending(index, timeline, open + 10_000_000_000L, () -> false, "x");

        assertThat(System.nanoTime() - open).isGreaterThanOrEqualTo(index * 2_000_000L);
    }
}
