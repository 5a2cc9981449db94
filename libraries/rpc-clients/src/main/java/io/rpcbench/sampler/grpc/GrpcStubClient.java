package io.rpcbench.sampler.grpc;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.protobuf.Descriptors;
import com.google.protobuf.DynamicMessage;
import io.grpc.CallOptions;
import io.grpc.ClientCall;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import io.grpc.protobuf.ProtoUtils;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.StreamObserver;
import io.rpcbench.sampler.call.BadParameterException;
import io.rpcbench.sampler.call.CallOutcome;
import io.rpcbench.sampler.call.FailureRules;
import io.rpcbench.sampler.call.ResponseData;
import io.rpcbench.sampler.call.RpcClient;
import io.rpcbench.sampler.call.SamplerParameters;
import io.rpcbench.sampler.call.ServiceCallParameters;
import io.rpcbench.sampler.call.StreamPace;
import io.rpcbench.sampler.call.StreamTimeline;
import io.rpcbench.sampler.dubbo.DubboServiceClient;
import io.rpcbench.sampler.dubbo.triple.MessageStream;
import io.rpcbench.sampler.dubbo.triple.StreamInFlight;
import io.rpcbench.sampler.dubbo.triple.TripleStream;
import io.rpcbench.sampler.protobuf.ProtobufJson;
import io.rpcbench.seconds.StreamFigures;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One sampler thread's calls of one method of a gRPC server with grpc-java's own client (no Dubbo in the call's path),
 * of any of the four kinds: the messages are {@link DynamicMessage}s of the {@code .proto}'s types
 * ({@link GrpcSettings}), the channel one per server shared by the threads ({@link GrpcChannels}). The arguments, the
 * pace of a client's stream ({@value StreamPace#PARAMETER}), the per-message figures, the response data and the
 * cancellation of a stream that fails, times out or is stopped are those of the triple samplers
 * ({@link TripleStream}, {@link MessageStream}), so that a gRPC row and a triple row of one table are measured alike.
 *
 * <p>Bytes: the messages' protobuf sizes, without gRPC's 5-byte frame headers and HTTP/2's framing.
 */
public final class GrpcStubClient implements RpcClient {

    private final GrpcSettings settings;
    private final Descriptors.MethodDescriptor method;
    private final MethodDescriptor<DynamicMessage, DynamicMessage> call;
    private final TripleStream stream;
    private final ManagedChannel channel;
    private final AtomicBoolean closed = new AtomicBoolean();

    private String argumentsText;
    private List<DynamicMessage> arguments;
    private String paceText;
    private StreamPace pace = StreamPace.AT_ONCE;
    private long sentBytes;
    private final StreamInFlight inFlight = new StreamInFlight();

    public GrpcStubClient(GrpcSettings settings) {
        this.settings = settings;
        this.method = settings.method();
        this.call = MethodDescriptor.<DynamicMessage, DynamicMessage>newBuilder()
                .setType(type(method))
                .setFullMethodName(MethodDescriptor.generateFullMethodName(method.getService().getFullName(),
                        method.getName()))
                .setRequestMarshaller(ProtoUtils.marshaller(DynamicMessage.getDefaultInstance(method.getInputType())))
                .setResponseMarshaller(ProtoUtils.marshaller(DynamicMessage.getDefaultInstance(
                        method.getOutputType())))
                .build();
        this.stream = new TripleStream(method.isClientStreaming(), method.isServerStreaming(),
                "the method " + GrpcSettings.describe(method));
        this.channel = GrpcChannels.acquire(settings.host(), settings.port());
    }

    private static MethodDescriptor.MethodType type(Descriptors.MethodDescriptor method) {
        if (method.isClientStreaming()) {
            return method.isServerStreaming() ? MethodDescriptor.MethodType.BIDI_STREAMING
                    : MethodDescriptor.MethodType.CLIENT_STREAMING;
        }
        return method.isServerStreaming() ? MethodDescriptor.MethodType.SERVER_STREAMING
                : MethodDescriptor.MethodType.UNARY;
    }

    @Override
    public void bind(SamplerParameters sample) {
        String text = sample.text(ServiceCallParameters.ARGUMENTS, GrpcSettings.DEFAULT_ARGUMENTS);
        String paceValue = sample.optionalText(StreamPace.PARAMETER);
        if (!text.equals(argumentsText) || !paceValue.equals(paceText)) {
            List<DynamicMessage> messages = text.equals(argumentsText) ? arguments : parse(text);
            StreamPace parsed = paceValue.equals(paceText) ? pace : stream.pace(paceValue);
            TripleStream.checkFitsTimeout(parsed, paceValue, messages.size(), settings.timeoutMs());
            arguments = messages;
            argumentsText = text;
            pace = parsed;
            paceText = paceValue;
        }
    }

    /** The request messages in a JSON array: one for a method that takes one, any number for one that streams them. */
    private List<DynamicMessage> parse(String text) {
        JsonNode values = DubboServiceClient.parseArguments(text);
        String input = method.getInputType().getFullName();
        if (!method.isClientStreaming() && values.size() != 1) {
            throw BadParameterException.of(ServiceCallParameters.ARGUMENTS, text, "has " + values.size()
                    + " values for " + stream.described(), "a JSON array of one object, the " + input
                    + " (e.g. [{}] for its default)");
        }
        if (values.isEmpty()) {
            throw BadParameterException.of(ServiceCallParameters.ARGUMENTS, text, "has no message for "
                    + stream.described(), "a JSON array of at least one " + input + ", e.g. [{}]");
        }
        List<DynamicMessage> messages = new ArrayList<>(values.size());
        for (int i = 0; i < values.size(); i++) {
            messages.add((DynamicMessage) ProtobufJson.parse(values.get(i),
                    DynamicMessage.newBuilder(method.getInputType()), ServiceCallParameters.ARGUMENTS + "[" + i + "]"));
        }
        return messages;
    }

    @Override
    public Object call() throws Exception {
        CallOptions options = CallOptions.DEFAULT.withDeadlineAfter(settings.timeoutMs(), TimeUnit.MILLISECONDS);
        if (!method.isClientStreaming() && !method.isServerStreaming()) {
            sentBytes = arguments.get(0).getSerializedSize();
            return ClientCalls.blockingUnaryCall(channel, call, options, arguments.get(0));
        }
        long open = System.nanoTime();
        long deadline = open + settings.timeoutMs() * 1_000_000L;
        MessageStream answers = new MessageStream(new StreamTimeline(open, pace.pingPong()));
        ClientCall<DynamicMessage, DynamicMessage> started = channel.newCall(call, options);
        answers.cancelledBy(why -> started.cancel(why, null));
        inFlight.enter(answers); // a stop from now on only wakes this thread, which cancels the call
        try {
            if (!method.isClientStreaming()) {
                answers.sent(open, arguments.get(0).getSerializedSize());
                ClientCalls.asyncServerStreamingCall(started, arguments.get(0), new Answers(answers));
                try {
                    return answers.await(deadline, settings.timeoutMs(), settings.address());
                } catch (Exception | Error failure) {
                    answers.cancelCall(failure instanceof InterruptedException ? "JMeter stopped the thread"
                            : "the call failed: " + failure.getMessage());
                    throw failure;
                }
            }
            StreamObserver<DynamicMessage> requests = method.isServerStreaming()
                    ? ClientCalls.asyncBidiStreamingCall(started, new Answers(answers))
                    : ClientCalls.asyncClientStreamingCall(started, new Answers(answers));
            return TripleStream.send(new Requests(requests), arguments, pace, answers, deadline,
                    settings.timeoutMs(), settings.address(), i -> arguments.get(i).getSerializedSize());
        } finally {
            sentBytes = answers.sentBytes();
            inFlight.leave();
        }
    }

    /** grpc-java's answers into the sample's {@link MessageStream}. */
    private record Answers(MessageStream answers) implements StreamObserver<DynamicMessage> {
        @Override
        public void onNext(DynamicMessage value) {
            answers.onNext(value);
        }

        @Override
        public void onError(Throwable t) {
            answers.onError(t);
        }

        @Override
        public void onCompleted() {
            answers.onCompleted();
        }
    }

    /** The client's side of a grpc-java stream, as {@link TripleStream#send} sends into one. */
    private record Requests(StreamObserver<DynamicMessage> requests)
            implements org.apache.dubbo.common.stream.StreamObserver<Object> {
        @Override
        public void onNext(Object data) {
            requests.onNext((DynamicMessage) data);
        }

        @Override
        public void onError(Throwable throwable) {
            requests.onError(throwable);
        }

        @Override
        public void onCompleted() {
            requests.onCompleted();
        }
    }

    /** Stops the stream in flight, if any: the sampler thread wakes, cancels the call and fails as stopped. */
    @Override
    public boolean interrupt() {
        return inFlight.stop();
    }

    /** Null: any answer of a service method is fine; errors fail the sample in {@link #call()}. */
    @Override
    public String mismatch(Object response) {
        return null;
    }

    @Override
    public long sentBytes() {
        return sentBytes;
    }

    @Override
    public long receivedBytes(Object response) {
        return MessageStream.protobufBytes(response);
    }

    @Override
    public ResponseData responseText(Object response) {
        return MessageStream.protobufText(response, method.isServerStreaming(), settings.responseMaxBytes());
    }

    /** {@code OK} for a unary call, else {@link MessageStream#successMessage}. */
    @Override
    public String successMessage(Object response) {
        return response instanceof MessageStream answers
                ? answers.successMessage(method.isClientStreaming(), method.isServerStreaming()) : CallOutcome.OK;
    }

    @Override
    public StreamFigures streamFigures(Object response) {
        return MessageStream.figuresOf(response);
    }

    @Override
    public FailureRules failureRules() {
        return GrpcFailureRules.RULES;
    }

    @Override
    public String answeredBy() {
        return settings.address();
    }

    @Override
    public String target() {
        return settings.target();
    }

    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            GrpcChannels.release(settings.host(), settings.port());
        }
    }
}
