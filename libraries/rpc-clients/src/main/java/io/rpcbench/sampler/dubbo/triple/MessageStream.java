package io.rpcbench.sampler.dubbo.triple;

import com.google.protobuf.Message;
import io.rpcbench.sampler.call.CallOutcome;
import io.rpcbench.sampler.call.ResponseData;
import io.rpcbench.sampler.call.StreamTimeline;
import io.rpcbench.sampler.dubbo.ResponseText;
import io.rpcbench.sampler.protobuf.JsonPrintCheck;
import io.rpcbench.sampler.protobuf.ProtobufJson;
import io.rpcbench.seconds.StreamFigures;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Consumer;
import org.apache.dubbo.rpc.protocol.tri.CancelableStreamObserver;

/**
 * The answers of one streaming call, as one sample sees them: every message, their count and their bytes, when each
 * came ({@link StreamTimeline}: the stream's per-message figures), and how the stream ended. Dubbo's callback thread
 * feeds it ({@link #onNext}, then {@link #onCompleted} or {@link #onError}); the sampler thread waits in
 * {@link #await} and reads it after, the latch's count-down making the callbacks' writes visible.
 *
 * <p>Being a {@link CancelableStreamObserver}, it is given the call's cancellation when the triple client starts the
 * call: {@link #cancelCall} ends the stream on both sides (an RST_STREAM to the provider), which the sampler thread
 * does when its stream outlives {@code timeout_ms}, fails, or is stopped ({@link #stop}, from JMeter's stopping thread,
 * which only wakes the sampler thread), so that no stream is left open.
 */
public final class MessageStream extends CancelableStreamObserver<Object> {

    private final CountDownLatch ended = new CountDownLatch(1);
    private final List<Object> messages = new ArrayList<>();
    private final StreamTimeline timeline;
    /** The protobuf bytes of the messages received; -1 once one was not a protobuf message (unknown). */
    private long bytes;
    /** The bytes of the messages sent (sampler thread). */
    private long sentBytes;
    /** How it ended, if with an error; the first reason wins (the provider's, or a local stop's). */
    private Throwable error;
    /** Whether the provider (through Dubbo's callback) ended it: then there is nothing to cancel. */
    private volatile boolean endedByProvider;
    private StreamFigures figures;
    /** How to cancel a call that is not Dubbo's (grpc-java's); null: Dubbo's cancellation context. */
    private volatile Consumer<String> canceller;

    /** A stream opened now whose answers do not pace its requests. */
    public MessageStream() {
        this(new StreamTimeline(System.nanoTime(), false));
    }

    public MessageStream(StreamTimeline timeline) {
        this.timeline = timeline;
    }

    @Override
    public void onNext(Object data) {
        // first: when Dubbo handed the message over (after its deserialization and its callback executor's queue)
        timeline.received(System.nanoTime());
        messages.add(data);
        if (data instanceof Message message && bytes >= 0) {
            bytes += message.getSerializedSize(); // the message's protobuf bytes as received (unknown fields kept)
        } else {
            bytes = -1; // a Java object (hessian2 inside triple's wrapper): its bytes are not known here
        }
    }

    /** A message of {@code bytes} sent at {@code nanos}; sampler thread only. */
    public void sent(long nanos, long bytes) {
        timeline.sent(nanos);
        sentBytes += bytes;
    }

    /** The bytes of the messages sent ({@link #sent}). */
    public long sentBytes() {
        return sentBytes;
    }

    @Override
    public void onError(Throwable throwable) {
        endedByProvider = true;
        end(throwable);
    }

    @Override
    public void onCompleted() {
        endedByProvider = true;
        end(null);
    }

    /**
     * Ends the wait for this stream from any thread (JMeter's stopping thread, a Sample Timeout): the sampler thread
     * wakes, cancels the call itself ({@link #cancelCall}) and fails the sample. Nothing of Dubbo's is touched here:
     * its call is not safe to use from two threads.
     */
    public void stop(String why) {
        end(new StoppedStream(why));
    }

    private void end(Throwable reason) {
        synchronized (this) {
            if (ended.getCount() == 0) {
                return;
            }
            error = reason;
            ended.countDown();
        }
        timeline.ended();
    }

    /** Whether the stream has ended, either way. */
    public boolean ended() {
        return ended.getCount() == 0;
    }

    /** Waits until the stream ends or {@code deadlineNanos} ({@link System#nanoTime()}) passes; whether it ended. */
    public boolean awaitEnd(long deadlineNanos) throws InterruptedException {
        return ended.await(Math.max(0, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
    }

    /**
     * Waits for the end of the stream until {@code deadlineNanos} ({@link System#nanoTime()}); cancels it when it has
     * not ended by then, when it was stopped ({@link #stop}), or when JMeter interrupts the thread meanwhile.
     *
     * @return this stream, ended without error
     * @throws TimeoutException     when it has not ended in time, saying how many messages had come
     * @throws StoppedStream        when it was stopped
     * @throws InterruptedException when JMeter interrupted the thread (the stream is cancelled)
     * @throws Exception            the stream's error, as Dubbo gave it
     */
    public MessageStream await(long deadlineNanos, int timeoutMs, String target) throws Exception {
        boolean done;
        try {
            done = awaitEnd(deadlineNanos);
        } catch (InterruptedException stopped) {
            cancelCall("JMeter stopped the thread");
            throw stopped;
        }
        if (!done) {
            int count = timeline.receivedCount();
            cancelCall("it did not end within timeout_ms");
            throw new TimeoutException("the stream from " + target + " did not end within " + timeoutMs
                    + " ms (timeout_ms); " + count + " message" + (count == 1 ? "" : "s") + " had come");
        }
        Throwable failure;
        synchronized (this) {
            failure = error;
        }
        if (failure instanceof StoppedStream stopped) {
            cancelCall(stopped.getMessage());
            throw stopped;
        }
        if (failure instanceof Exception exception) {
            throw exception;
        }
        if (failure != null) {
            throw (Error) failure;
        }
        return this;
    }

    /** As {@link #await(long, int, String)}, from now for {@code timeoutMs}. */
    public MessageStream await(int timeoutMs, String target) throws Exception {
        return await(System.nanoTime() + timeoutMs * 1_000_000L, timeoutMs, target);
    }

    /**
     * Cancels the call on both sides (an RST_STREAM to the provider) unless the provider ended it, saying why; on the
     * sampler thread, the one that drives Dubbo's call.
     */
    public void cancelCall(String why) {
        Consumer<String> other = canceller;
        if (!endedByProvider && other != null) {
            other.accept("rpcbench cancelled the stream: " + why);
        } else if (!endedByProvider && getCancellationContext() != null) {
            cancel(new CancellationException("rpcbench cancelled the stream: " + why));
        }
    }

    /**
     * Cancels the call with {@code canceller} rather than Dubbo's cancellation context: a call of another library
     * (grpc-java's {@code ClientCall.cancel}) whose answers this stream collects. Before the call starts.
     */
    public void cancelledBy(Consumer<String> canceller) {
        this.canceller = canceller;
    }

    /** A stream ended by {@link #stop}: the sample is cut off, not the provider's failure. */
    public static final class StoppedStream extends CancellationException {
        private static final long serialVersionUID = 1L;

        StoppedStream(String why) {
            super("the stream was stopped: " + why);
        }
    }

    public int count() {
        return messages.size();
    }

    /** The {@code index}-th message received (0-based). */
    public Object message(int index) {
        return messages.get(index);
    }

    /**
     * The protobuf bytes of the messages, without gRPC's 5-byte frame header each; -1 when a message was a Java object
     * (interface style), whose bytes the triple client does not say.
     */
    public long bytes() {
        return bytes;
    }

    /** The stream's per-message figures; after it ended (computed once, on the sampler thread). */
    public StreamFigures figures() {
        if (figures == null) {
            figures = timeline.figures();
        }
        return figures;
    }

    public StreamTimeline timeline() {
        return timeline;
    }

    /**
     * Whether {@link #json()} cannot fail: every message is a protobuf message that holds nothing the JSON printer
     * refuses (see JsonPrintCheck). A Java object's JSON is not known to succeed until written.
     */
    public boolean printable() {
        for (Object message : messages) {
            if (!(message instanceof Message protobuf) || !JsonPrintCheck.printable(protobuf)) {
                return false;
            }
        }
        return true;
    }

    /** The protobuf messages as a JSON array, each in protobuf's JSON mapping. */
    public String json() {
        StringBuilder json = new StringBuilder("[");
        for (Object message : messages) {
            if (json.length() > 1) {
                json.append(',');
            }
            json.append(ProtobufJson.print((Message) message));
        }
        return json.append(']').toString();
    }

    /** The messages received, in order (a view; after the stream ended). */
    public List<Object> messages() {
        return Collections.unmodifiableList(messages);
    }

    /**
     * The sample's message for this stream: {@code OK: 15 messages} when only the server streams, {@code OK: 5
     * messages sent} for a client stream, {@code OK: 5 messages sent, 5 received} when both do.
     */
    public String successMessage(boolean clientStreaming, boolean serverStreaming) {
        if (!clientStreaming) {
            return CallOutcome.OK + ": " + TripleStream.messages(count());
        }
        String sent = CallOutcome.OK + ": " + TripleStream.messages((int) figures().sent()) + " sent";
        return serverStreaming ? sent + ", " + count() + " received" : sent;
    }

    /**
     * A protobuf call's answer as the sample shows it: a unary call's message ({@code response} a {@link Message}),
     * a client stream's one answer alone, else every message of the stream, printed when first read where they cannot
     * fail to print.
     */
    public static ResponseData protobufText(Object response, boolean serverStreaming, int maxBytes) {
        if (!(response instanceof MessageStream stream)) {
            return ResponseText.ofMessage((Message) response, maxBytes);
        }
        if (!serverStreaming && stream.count() == 1) {
            return ResponseText.ofMessage((Message) stream.message(0), maxBytes);
        }
        return ResponseText.ofProtobuf(stream.printable(), stream::json, maxBytes);
    }

    /** The bytes of a protobuf call's answer: a unary call's message, or a stream's messages together. */
    public static long protobufBytes(Object response) {
        return response instanceof MessageStream stream ? stream.bytes() : ((Message) response).getSerializedSize();
    }

    /** A stream's figures; null for a unary call's answer. */
    public static StreamFigures figuresOf(Object response) {
        return response instanceof MessageStream stream ? stream.figures() : null;
    }
}
