package io.rpcbench.sampler.call;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.rpcbench.seconds.StreamFigures;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.junit.jupiter.api.Test;

class StreamTimelineTest {

    private static final long MS = 1_000_000;

    /** A stream opened at 0: messages at 3, 4, 6, 10 ms (gaps 1, 2, 4 ms), sent at once. */
    @Test
    void theFirstMessageAndTheGapsBetweenMessagesAreThoseOfTheTimeline() {
        StreamTimeline timeline = new StreamTimeline(0, false);
        timeline.sent(0);
        for (long at : new long[] {3, 4, 6, 10}) {
            timeline.received(at * MS);
        }

        StreamFigures figures = timeline.figures();

        assertThat(figures).isEqualTo(new StreamFigures(1, 4, 3_000, new long[] {1_000, 2_000, 4_000}, new long[0]));
        assertThat(figures.text()).as("no p99 of 3 gaps: it would be their maximum")
                .isEqualTo("sent=1 received=4 first_us=3000 gap_p50_us=2000 gap_max_us=4000 gaps_us=1000:2000:4000");
    }

    /** The nearest rank over 100 gaps of 1..100 µs: p50 is the 50th, p99 the 99th, max the 100th. */
    @Test
    void percentilesAreTheNearestRankOfTheStreamsOwnGaps() {
        StreamTimeline timeline = new StreamTimeline(0, false);
        long at = 0;
        timeline.received(at);
        for (int gap = 100; gap >= 1; gap--) { // out of order: sorted for the ranks
            at += gap * 1000L;
            timeline.received(at);
        }

        StreamFigures figures = timeline.figures();

        assertThat(figures.gapP50Us()).isEqualTo(50);
        assertThat(figures.gapP99Us()).isEqualTo(99);
        assertThat(figures.gapMaxUs()).isEqualTo(100);
        assertThat(figures.firstUs()).isZero();
    }

    /** A ping-pong's round trip of each message is from its sending to the answer that came next. */
    @Test
    void aPingPongKeepsEachMessagesRoundTrip() {
        StreamTimeline timeline = new StreamTimeline(0, true);
        long[][] sentAndAnswered = {{0, 2}, {2, 5}, {5, 6}};
        for (long[] pair : sentAndAnswered) {
            timeline.sent(pair[0] * MS);
            timeline.received(pair[1] * MS);
        }

        StreamFigures figures = timeline.figures();

        assertThat(figures.rttP50Us()).isEqualTo(2_000);
        assertThat(figures.rttP99Us()).isEqualTo(-1);
        assertThat(figures.rttMaxUs()).isEqualTo(3_000);
        assertThat(figures.rttsUs()).containsExactly(2_000, 3_000, 1_000);
        assertThat(figures.text()).endsWith("rtt_p50_us=2000 rtt_max_us=3000 gaps_us=3000:1000 rtts_us=2000:3000:1000");
    }

    /** A ping-pong whose provider answered fewer messages than were sent has no round trips: none pair up. */
    @Test
    void aPingPongWithoutAnAnswerToEachMessageHasNoRoundTrips() {
        StreamTimeline timeline = new StreamTimeline(0, true);
        timeline.sent(0);
        timeline.received(2 * MS);
        timeline.sent(2 * MS);

        StreamFigures figures = timeline.figures();

        assertThat(figures.sent()).isEqualTo(2);
        assertThat(figures.received()).isEqualTo(1);
        assertThat(figures.rttP50Us()).isEqualTo(-1);
        assertThat(figures.rttsUs()).isEmpty();
        assertThat(figures.text()).isEqualTo("sent=2 received=1 first_us=2000");
    }

    @Test
    void aStreamWithoutMessagesHasNoFirstMessageNorGaps() {
        StreamTimeline timeline = new StreamTimeline(0, false);
        timeline.sent(0);

        StreamFigures figures = timeline.figures();

        assertThat(figures.text()).isEqualTo("sent=1 received=0");
        assertThat(StreamFigures.parse(figures.text())).isEqualTo(figures);
    }

    /** A ping-pong's sender waits for the answer; one that does not come by the deadline says how many had. */
    @Test
    void waitingForAnAnswerThatDoesNotComeTimesOutNamingWhatCame() throws Exception {
        StreamTimeline timeline = new StreamTimeline(System.nanoTime(), true);
        timeline.received(System.nanoTime());

        timeline.awaitReceived(1, System.nanoTime(), () -> false, "x"); // there already: no wait
        assertThatThrownBy(() -> timeline.awaitReceived(2, System.nanoTime() + MS, () -> false,
                "the ping-pong with tri://127.0.0.1:1")).isInstanceOf(TimeoutException.class)
                .hasMessage("the ping-pong with tri://127.0.0.1:1: the answer to message 2 did not come in time "
                        + "(timeout_ms); 1 message had come");
        timeline.awaitReceived(2, System.nanoTime() + 1000 * MS, () -> true, "x"); // the stream ended: no wait
    }

    /**
     * An answer from another thread wakes the waiting sender: the answer comes once the sender waits (its thread in
     * TIMED_WAITING), and the sender returns long before its 60 s deadline.
     */
    @Test
    void anAnswerFromTheCallbackThreadWakesTheSender() throws Exception {
        StreamTimeline timeline = new StreamTimeline(System.nanoTime(), true);
        long deadline = System.nanoTime() + 60_000 * MS;
        CompletableFuture<Long> woke = new CompletableFuture<>();
        Thread sender = new Thread(() -> {
            try {
                timeline.awaitReceived(1, deadline, () -> false, "x");
                woke.complete(System.nanoTime());
            } catch (Exception e) {
                woke.completeExceptionally(e);
            }
        });
        sender.start();
        while (sender.getState() != Thread.State.TIMED_WAITING) {
            Thread.onSpinWait(); // until the sender waits: the answer must come after, not before
        }

        timeline.received(System.nanoTime());

        long wokeAt = woke.get(30, TimeUnit.SECONDS);
        assertThat(deadline - wokeAt).as("ns left of the deadline: woken by the answer").isPositive();
        assertThat(timeline.receivedCount()).isEqualTo(1);
        sender.join();
    }
}
