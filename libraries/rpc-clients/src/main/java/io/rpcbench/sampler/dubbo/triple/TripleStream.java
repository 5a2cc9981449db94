package io.rpcbench.sampler.dubbo.triple;

import io.rpcbench.sampler.call.BadParameterException;
import io.rpcbench.sampler.call.StreamPace;
import io.rpcbench.sampler.call.StreamTimeline;
import java.util.List;
import java.util.function.IntToLongFunction;
import org.apache.dubbo.common.stream.StreamObserver;

/**
 * What a sample does with a triple or gRPC method that streams, whichever way its messages are typed (a
 * {@code .proto}'s dynamic messages, {@link ProtoStubClient}; a Java interface's objects, {@link TypedStreamClient}) and
 * whichever client calls it (Dubbo's, or grpc-java's: {@code sampler.grpc.GrpcStubClient}): which paces fit its kind,
 * and the sending of a client's messages at their pace.
 *
 * @param clientStreaming whether the client streams its requests (client streaming, bidirectional)
 * @param serverStreaming whether the provider streams its answers (server streaming, bidirectional)
 * @param described       the method as messages name it, e.g. {@code the bidirectional-streaming method chatUsers}
 */
public record TripleStream(boolean clientStreaming, boolean serverStreaming, String described) {

    /**
     * The pace {@code text} names, when it fits the method.
     *
     * @throws BadParameterException when it does not parse, paces a method that takes one request, or waits for
     *     answers that come once
     */
    public StreamPace pace(String text) {
        StreamPace parsed = StreamPace.parse(text);
        if (parsed != StreamPace.AT_ONCE && !clientStreaming) {
            throw BadParameterException.of(StreamPace.PARAMETER, text, "paces the messages of a stream the client "
                    + "sends, and " + described + " takes one request", "it empty for this method, "
                    + "or a method that streams its requests");
        }
        if (parsed.pingPong() && !serverStreaming) {
            throw BadParameterException.of(StreamPace.PARAMETER, text, "waits for an answer to each message, and "
                    + described + " answers once, at the end of the stream", "'"
                    + StreamPace.AT_ONCE_TEXT + "' or 'every N ms' for a client-streaming method, or a bidirectional "
                    + "method for a ping-pong");
        }
        return parsed;
    }

    /** A paced stream must be able to send its last message before {@code timeout_ms}. */
    public static void checkFitsTimeout(StreamPace pace, String paceText, int messages, int timeoutMs) {
        long needsMs = pace.intervalNanos() * Math.max(0, messages - 1) / 1_000_000;
        if (needsMs >= timeoutMs) {
            throw BadParameterException.of(StreamPace.PARAMETER, paceText, "sends the last of its " + messages
                    + " messages " + needsMs + " ms after the first, and timeout_ms is " + timeoutMs,
                    "a timeout_ms above " + needsMs + ", fewer messages, or a shorter interval");
        }
    }

    /**
     * Sends {@code messages} into the open stream at {@code pace}, ends the client's side, and waits for the provider
     * to end the stream; cancels it on any failure, so that nothing is left open. A provider that ends the stream
     * before every message was sent ends it: the messages not sent are not counted.
     *
     * @param bytesOf the bytes of the {@code i}-th message ({@link MessageStream#sentBytes})
     * @return the answers, the stream ended without error
     */
    public static MessageStream send(StreamObserver<Object> requests, List<?> messages, StreamPace pace,
            MessageStream answers, long deadline, int timeoutMs, String target, IntToLongFunction bytesOf)
            throws Exception {
        StreamTimeline timeline = answers.timeline();
        try {
            for (int i = 0; i < messages.size() && !answers.ended(); i++) {
                pace.beforeSending(i, timeline, deadline, answers::ended, target);
                if (answers.ended()) {
                    break;
                }
                Object message = messages.get(i);
                long sentAt = System.nanoTime(); // before: an answer may come before onNext returns
                try {
                    requests.onNext(message);
                } catch (RuntimeException refused) { // e.g. "Call already canceled": the provider's end says why
                    if (!answers.awaitEnd(deadline)) {
                        throw refused;
                    }
                    break;
                }
                answers.sent(sentAt, bytesOf.applyAsLong(i));
            }
            if (!answers.ended()) {
                requests.onCompleted();
            }
            return answers.await(deadline, timeoutMs, target);
        } catch (Exception | Error failure) {
            answers.cancelCall(failure instanceof InterruptedException ? "JMeter stopped the thread"
                    : "the call failed: " + failure.getMessage());
            throw failure;
        }
    }

    /** {@code 15 messages}, {@code 1 message}. */
    public static String messages(int count) {
        return count + " message" + (count == 1 ? "" : "s");
    }
}
