package io.rpcbench.perf.jmh;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.InvalidProtocolBufferException;
import io.rpcbench.sampler.call.StreamTimeline;
import io.rpcbench.sampler.dubbo.triple.MessageStream;
import io.rpcbench.user.UserProtoAnswers;
import io.rpcbench.user.proto.User;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * A JMH benchmark of what a stream's messages cost JMeter's side beyond the call itself. Each message is a seed-004
 * {@code User} parsed from its bytes into a {@link DynamicMessage}, as Dubbo hands the proto-descriptor sampler each
 * message it receives: {@link #parseOnly} is that parsing alone (the library's work, which a unary call's answer
 * costs too); {@link #stream} adds what the sampler does per message (its arrival time into the stream's timeline,
 * the message kept, its protobuf size: {@link MessageStream#onNext}) and, once per stream, its per-message figures for
 * the JTL; {@link #pingPong} also each message's sending time and round trip. The response data is printed only when
 * something reads it, as in the sampler, so not here. The table gives (stream - parseOnly) / messages: the sampler's
 * own cost per message received, against issue 41's target of at most 1 µs.
 *
 * <p>Run by {@code ./run-performance stream-messages} ({@link StreamMessagesBenchmark}) on the laid-out JMeter's jars.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@State(Scope.Thread)
public class StreamMessagesCost {

    @Param({"15", "1000"})
    public int messages;

    private Descriptor type;
    private byte[] bytes;

    @Setup
    public void message() {
        User user = UserProtoAnswers.user(7, UserProtoAnswers.now());
        type = user.getDescriptorForType();
        bytes = user.toByteArray();
    }

    /** The messages parsed, nothing kept: the baseline. */
    @Benchmark
    public void parseOnly(Blackhole hole) throws InvalidProtocolBufferException {
        for (int i = 0; i < messages; i++) {
            hole.consume(DynamicMessage.parseFrom(type, bytes));
        }
    }

    /** A stream of answers to one request (server streaming, or a bidirectional stream sent at once). */
    @Benchmark
    public String stream() throws InvalidProtocolBufferException {
        StreamTimeline timeline = new StreamTimeline(System.nanoTime(), false);
        MessageStream stream = new MessageStream(timeline);
        timeline.sent(timeline.openNanos());
        for (int i = 0; i < messages; i++) {
            stream.onNext(DynamicMessage.parseFrom(type, bytes));
        }
        stream.onCompleted();
        return stream.figures().text();
    }

    /** A ping-pong: each message sent, then its answer received; round trips kept. */
    @Benchmark
    public String pingPong() throws InvalidProtocolBufferException {
        StreamTimeline timeline = new StreamTimeline(System.nanoTime(), true);
        MessageStream stream = new MessageStream(timeline);
        for (int i = 0; i < messages; i++) {
            timeline.sent(System.nanoTime());
            stream.onNext(DynamicMessage.parseFrom(type, bytes));
        }
        stream.onCompleted();
        return stream.figures().text();
    }
}
