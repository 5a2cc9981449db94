package io.rpcbench.sampler.dubbo;

import com.google.protobuf.Message;
import io.rpcbench.sampler.protobuf.JsonPrintCheck;
import io.rpcbench.sampler.protobuf.ProtobufJson;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.dubbo.common.stream.StreamObserver;

/**
 * The answer of one server-streaming call, as one sample sees it: every message, their count and their bytes, and
 * how the stream ended. Dubbo's callback thread feeds it ({@link #onNext}, then {@link #onCompleted} or
 * {@link #onError}); the sampler thread waits in {@link #await} and reads it after, the latch's count-down making
 * the callbacks' writes visible.
 */
public final class MessageStream implements StreamObserver<Object> {

    private final CountDownLatch ended = new CountDownLatch(1);
    private final List<Message> messages = new ArrayList<>();
    private long bytes;
    private Throwable error;
    /** Written by Dubbo's one callback thread; read by the sampler thread only for a timeout's message. */
    private volatile int received;

    @Override
    public void onNext(Object data) {
        Message message = (Message) data;
        messages.add(message);
        received++;
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

    /**
     * Waits for the end of the stream.
     *
     * @return this stream, ended without error
     * @throws TimeoutException when it has not ended within {@code timeoutMs} (the call goes on in Dubbo until the
     *     provider ends it)
     * @throws Exception        the stream's error, as Dubbo gave it
     */
    public MessageStream await(int timeoutMs, String target) throws Exception {
        if (!ended.await(timeoutMs, TimeUnit.MILLISECONDS)) {
            throw new TimeoutException("the stream from " + target + " did not end within " + timeoutMs
                    + " ms (timeout_ms); " + received + " messages had come");
        }
        if (error instanceof Exception exception) {
            throw exception;
        }
        if (error != null) {
            throw (Error) error;
        }
        return this;
    }

    public int count() {
        return messages.size();
    }

    /** The protobuf bytes of the messages, without gRPC's 5-byte frame header each. */
    public long bytes() {
        return bytes;
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
