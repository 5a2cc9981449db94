package io.rpcbench.sampler.call;

import io.rpcbench.seconds.StreamFigures;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The times of one stream's messages as they happen, for its {@link StreamFigures}: the sampler thread records each
 * message it sends ({@link #sent}), the library's callback thread each message received ({@link #received}); a
 * ping-pong's sender waits here for the answer to its message before sending the next ({@link #awaitReceived}).
 * Times are {@link System#nanoTime()}; the stream was opened at {@code openNanos}.
 *
 * <p>Threads: {@code received} and {@code awaitReceived} meet under this object's lock; {@code sent} and
 * {@link #figures} run on the sampler thread, the latter after the stream ended (its end, signalled by the callback
 * thread through the lock or a latch, makes the received times visible).
 */
public final class StreamTimeline {

    private final long openNanos;
    private final boolean pingPong;
    private long[] sentNanos = new long[4];
    private int sent;
    private long[] receivedNanos = new long[16];
    private int received;

    /** @param pingPong whether each message is sent when the answer to the one before came: round trips are kept */
    public StreamTimeline(long openNanos, boolean pingPong) {
        this.openNanos = openNanos;
        this.pingPong = pingPong;
    }

    public long openNanos() {
        return openNanos;
    }

    /** A message sent at {@code nanos}; sampler thread only. */
    public void sent(long nanos) {
        if (sent == sentNanos.length) {
            sentNanos = Arrays.copyOf(sentNanos, sent * 2);
        }
        sentNanos[sent++] = nanos;
    }

    /** A message received at {@code nanos}; the library's callback thread. */
    public synchronized void received(long nanos) {
        if (received == receivedNanos.length) {
            receivedNanos = Arrays.copyOf(receivedNanos, received * 2);
        }
        receivedNanos[received++] = nanos;
        if (pingPong) {
            notifyAll();
        }
    }

    /** The stream ended (the library's callback thread): a sender waiting for an answer looks again. */
    public synchronized void ended() {
        notifyAll();
    }

    /** Messages received so far. */
    public synchronized int receivedCount() {
        return received;
    }

    /**
     * Waits until {@code count} messages have been received, or {@code ended} says the stream ended first (then returns
     * at once: the caller reads how).
     *
     * @throws TimeoutException     when they have not come by {@code deadlineNanos}, naming how many had
     * @throws InterruptedException when JMeter stops the thread meanwhile
     */
    public synchronized void awaitReceived(int count, long deadlineNanos, java.util.function.BooleanSupplier ended,
            String what) throws TimeoutException, InterruptedException {
        while (received < count && !ended.getAsBoolean()) {
            long left = deadlineNanos - System.nanoTime();
            if (left <= 0) {
                throw new TimeoutException(what + ": the answer to message " + count + " did not come in time ("
                        + "timeout_ms); " + received + " message" + (received == 1 ? "" : "s") + " had come");
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
    }

    /** The stream's figures; after it ended. */
    public synchronized StreamFigures figures() {
        long first = received == 0 ? -1 : micros(receivedNanos[0] - openNanos);
        long[] gaps = new long[Math.max(0, received - 1)];
        for (int i = 1; i < received; i++) {
            gaps[i - 1] = micros(receivedNanos[i] - receivedNanos[i - 1]);
        }
        // a round trip pairs each message with the answer that came next: only a ping-pong answered once a message
        long[] trips = new long[pingPong && sent == received ? sent : 0];
        for (int i = 0; i < trips.length; i++) {
            trips[i] = micros(receivedNanos[i] - sentNanos[i]);
        }
        return new StreamFigures(sent, received, first, gaps, trips);
    }

    private static long micros(long nanos) {
        return Math.max(0, nanos / 1000);
    }
}
