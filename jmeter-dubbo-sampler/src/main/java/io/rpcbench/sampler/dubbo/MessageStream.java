package io.rpcbench.sampler.dubbo;

import com.google.protobuf.Message;
import io.rpcbench.sampler.call.StreamFigures;
import io.rpcbench.sampler.call.StreamTimeline;
import io.rpcbench.sampler.protobuf.JsonPrintCheck;
import io.rpcbench.sampler.protobuf.ProtobufJson;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.dubbo.rpc.protocol.tri.CancelableStreamObserver;

/**
 * The answers of one streaming call, as one sample sees them: every message, their count and their bytes, when each
 * came ({@link StreamTimeline}: the stream's per-message figures), and how the stream ended. Dubbo's callback thread
 * feeds it ({@link #onNext}, then {@link #onCompleted} or {@link #onError}); the sampler thread waits in
 * {@link #await} and reads it after, the latch's count-down making the callbacks' writes visible.
 *
 * <p>Being a {@link CancelableStreamObserver}, it is given the call's cancellation when the triple client starts the
 * call: {@link #cancel(String)} ends the stream on both sides (an RST_STREAM to the provider), which a sample does when
 * its stream outlives {@code timeout_ms} or JMeter stops the thread, so that no stream is left open.
 */
public final class MessageStream extends CancelableStreamObserver<Object> {

    private final CountDownLatch ended = new CountDownLatch(1);
    private final List<Message> messages = new ArrayList<>();
    private final StreamTimeline timeline;
    private long bytes;
    private Throwable error;

    /** A stream opened now whose answers do not pace its requests. */
    public MessageStream() {
        this(new StreamTimeline(System.nanoTime(), false));
    }

    public MessageStream(StreamTimeline timeline) {
        this.timeline = timeline;
    }

    @Override
    public void onNext(Object data) {
        timeline.received(System.nanoTime()); // first: the time the message came, not the time it was kept
        Message message = (Message) data;
        messages.add(message);
        bytes += message.getSerializedSize(); // the message's protobuf bytes as received (unknown fields kept)
    }

    @Override
    public void onError(Throwable throwable) {
        error = throwable;
        ended.countDown();
    }

    @Override
    public void onCompleted() {
        ended.countDown();
    }

    /** Whether the stream has ended, either way. */
    public boolean ended() {
        return ended.getCount() == 0;
    }

    /**
     * Waits for the end of the stream until {@code deadlineNanos} ({@link System#nanoTime()}); cancels it when it has
     * not ended by then, or when JMeter stops the thread meanwhile.
     *
     * @return this stream, ended without error
     * @throws TimeoutException     when it has not ended in time, saying how many messages had come
     * @throws InterruptedException when JMeter stopped the thread (the stream is cancelled)
     * @throws Exception            the stream's error, as Dubbo gave it
     */
    public MessageStream await(long deadlineNanos, int timeoutMs, String target) throws Exception {
        try {
            if (!ended.await(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS)) {
                int count = timeline.receivedCount();
                cancel("it did not end within timeout_ms");
                throw new TimeoutException("the stream from " + target + " did not end within " + timeoutMs
                        + " ms (timeout_ms); " + count + " message" + (count == 1 ? "" : "s") + " had come");
            }
        } catch (InterruptedException stopped) {
            cancel("JMeter stopped the thread");
            throw stopped;
        }
        if (error instanceof Exception exception) {
            throw exception;
        }
        if (error != null) {
            throw (Error) error;
        }
        return this;
    }

    /** As {@link #await(long, int, String)}, from now for {@code timeoutMs}. */
    public MessageStream await(int timeoutMs, String target) throws Exception {
        return await(System.nanoTime() + timeoutMs * 1_000_000L, timeoutMs, target);
    }

    /** Ends the stream on both sides, if it has not ended, saying why. */
    public void cancel(String why) {
        if (!ended() && getCancellationContext() != null) {
            cancel(new CancellationException("rpcbench cancelled the stream: " + why));
        }
    }

    public int count() {
        return messages.size();
    }

    /** The {@code index}-th message received (0-based). */
    public Message message(int index) {
        return messages.get(index);
    }

    /** The protobuf bytes of the messages, without gRPC's 5-byte frame header each. */
    public long bytes() {
        return bytes;
    }

    /** The stream's per-message figures; after it ended. */
    public StreamFigures figures() {
        return timeline.figures();
    }

    StreamTimeline timeline() {
        return timeline;
    }

    /** Whether {@link #json()} cannot fail: no message holds what the JSON printer refuses (see JsonPrintCheck). */
    public boolean printable() {
        for (Message message : messages) {
            if (!JsonPrintCheck.printable(message)) {
                return false;
            }
        }
        return true;
    }

    /** The messages as a JSON array, each in protobuf's JSON mapping. */
    public String json() {
        StringBuilder json = new StringBuilder("[");
        for (Message message : messages) {
            if (json.length() > 1) {
                json.append(',');
            }
            json.append(ProtobufJson.print(message));
        }
        return json.append(']').toString();
    }
}
