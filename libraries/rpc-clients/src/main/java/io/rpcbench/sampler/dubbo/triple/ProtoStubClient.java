package io.rpcbench.sampler.dubbo.triple;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.protobuf.Descriptors.MethodDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Message;
import io.rpcbench.sampler.call.BadParameterException;
import io.rpcbench.sampler.call.CallOutcome;
import io.rpcbench.sampler.call.ResponseData;
import io.rpcbench.sampler.call.SamplerParameters;
import io.rpcbench.sampler.call.ServiceCallParameters;
import io.rpcbench.sampler.call.StreamPace;
import io.rpcbench.sampler.call.StreamTimeline;
import io.rpcbench.sampler.dubbo.Attachments;
import io.rpcbench.sampler.dubbo.DubboReferences;
import io.rpcbench.sampler.dubbo.DubboServiceClient;
import io.rpcbench.sampler.dubbo.DubboServiceRequest;
import io.rpcbench.sampler.dubbo.ProtoStub;
import io.rpcbench.sampler.dubbo.SharedConsumerClient;
import io.rpcbench.sampler.protobuf.ProtobufJson;
import io.rpcbench.seconds.StreamFigures;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.dubbo.common.stream.StreamObserver;
import org.apache.dubbo.rpc.Invoker;
import org.apache.dubbo.rpc.RpcContext;
import org.apache.dubbo.rpc.model.StubMethodDescriptor;
import org.apache.dubbo.rpc.stub.StubInvocationUtil;

/**
 * One sampler thread's calls of one method of a {@code .proto} service over triple, with no generated class
 * ({@code invocation=proto-descriptor}, see {@link ProtoStub}), of any of the four kinds. The arguments are a JSON
 * array of messages in protobuf's JSON mapping, each turned into a {@link DynamicMessage} of the method's input type:
 * one for a unary or server-streaming method, any number for a method that streams its requests (client streaming,
 * bidirectional), sent at the pace {@value StreamPace#PARAMETER} sets ({@link StreamPace}: at once, every N ms, or each
 * after the answer to the one before). Answers are shown the same way.
 *
 * <p>A stream is one sample, timed from its opening to its end; its per-message figures (time to the first message,
 * the gaps between messages, a ping-pong's round trips: {@link StreamFigures}) come with the sample. A server stream's
 * messages are the response data as a JSON array, their count the response message ({@code OK: 15 messages}); a client
 * stream's answer is its one message ({@code OK: 5 messages sent}); a bidirectional stream's answers are an array
 * ({@code OK: 5 messages sent, 5 received}). A stream that errors, or has not ended within {@code timeout_ms}, fails the
 * sample and is cancelled, as it is when JMeter stops the thread: no stream is left open.
 *
 * <p>Order of calls: the constructor finds the method (a bad-parameter failure when the descriptor set lacks it)
 * and acquires the shared reference; per sample {@link #bind} reads the arguments, the pace and the attachments
 * (parsed again only when their text changed), {@link #call()} makes the timed call; {@link #close()} releases the
 * reference (see {@link SharedConsumerClient}).
 *
 * <p>Bytes: sent, the request messages' protobuf size; received, the answers' (the sum of the messages' for a stream);
 * both without gRPC's 5-byte frame headers and HTTP/2's framing.
 */
public final class ProtoStubClient extends SharedConsumerClient {

    private final DubboServiceRequest request;
    private final MethodDescriptor method;
    private final StubMethodDescriptor stubMethod;
    private final Invoker<?> invoker;
    private final TripleStream stream;

    private String argumentsText;
    private List<Message> arguments;
    /** The protobuf bytes of the last call's request messages that were sent. */
    private long sentBytes;
    private String paceText;
    private StreamPace pace = StreamPace.AT_ONCE;
    private String attachmentsText;
    private Map<String, String> attachments = Map.of();
    /** The stream of the call in flight, for {@link #interrupt} from JMeter's stopping thread. */
    private final StreamInFlight inFlight = new StreamInFlight();

    /** @throws BadParameterException when the descriptor set, the service or the method is wrong */
    public ProtoStubClient(DubboServiceRequest request) {
        super(request.settings());
        this.request = request;
        this.method = ProtoStub.method(settings, request.method());
        this.stubMethod = ProtoStub.stubMethod(method);
        this.invoker = DubboReferences.acquire(settings, Invoker.class);
        this.stream = new TripleStream(method.isClientStreaming(), method.isServerStreaming(),
                ProtoStub.describe(method));
    }

    @Override
    public void bind(SamplerParameters sample) {
        String text = sample.text(ServiceCallParameters.ARGUMENTS, DubboServiceRequest.DEFAULT_ARGUMENTS);
        String paceValue = sample.optionalText(StreamPace.PARAMETER);
        if (!text.equals(argumentsText) || !paceValue.equals(paceText)) {
            List<Message> messages = text.equals(argumentsText) ? arguments : parse(text);
            StreamPace parsed = paceValue.equals(paceText) ? pace : stream.pace(paceValue);
            TripleStream.checkFitsTimeout(parsed, paceValue, messages.size(), settings.timeoutMs());
            arguments = messages;
            argumentsText = text;
            pace = parsed;
            paceText = paceValue;
        }
        String attachmentText = sample.optionalText(DubboServiceRequest.ATTACHMENTS);
        if (!attachmentText.equals(attachmentsText)) {
            attachments = Attachments.parse(attachmentText);
            attachmentsText = attachmentText;
        }
    }

    /**
     * {@code [{"id": 7}]}: the request messages in a JSON array, as every service call's arguments: one for a method
     * that takes one request, any number for one that streams its requests.
     */
    private List<Message> parse(String text) {
        JsonNode values = DubboServiceClient.parseArguments(text);
        String input = method.getInputType().getFullName();
        if (!method.isClientStreaming() && values.size() != 1) {
            throw BadParameterException.of(ServiceCallParameters.ARGUMENTS, text, "has " + values.size()
                    + " values for " + ProtoStub.describe(method), "a JSON array of one object, the " + input
                    + " (e.g. [{}] for its default)");
        }
        if (values.isEmpty()) { // a stream without a message: Dubbo would open nothing on the wire, and wait
            throw BadParameterException.of(ServiceCallParameters.ARGUMENTS, text, "has no message for "
                    + ProtoStub.describe(method), "a JSON array of at least one " + input + ", e.g. [{}]");
        }
        List<Message> messages = new ArrayList<>(values.size());
        for (int i = 0; i < values.size(); i++) {
            messages.add(ProtobufJson.parse(values.get(i), DynamicMessage.newBuilder(method.getInputType()),
                    ServiceCallParameters.ARGUMENTS + "[" + i + "]"));
        }
        return messages;
    }

    @Override
    public Object call() throws Exception {
        RpcContext.getClientAttachment().setAttachments(attachments);
        if (method.isClientStreaming()) {
            return streamRequests();
        }
        if (!method.isServerStreaming()) {
            sentBytes = arguments.get(0).getSerializedSize();
            return StubInvocationUtil.unaryCall(invoker, stubMethod, arguments.get(0));
        }
        long open = System.nanoTime();
        MessageStream stream = new MessageStream(new StreamTimeline(open, false));
        stream.timeline().sent(open);
        sentBytes = arguments.get(0).getSerializedSize();
        inFlight.enter(stream);
        try {
            StubInvocationUtil.serverStreamCall(invoker, stubMethod, arguments.get(0), stream);
            return stream.await(open + timeoutNanos(), settings.timeoutMs(), settings.address());
        } finally {
            inFlight.leave();
        }
    }

    /** A client-streaming or bidirectional call ({@link TripleStream#send}). */
    private MessageStream streamRequests() throws Exception {
        long open = System.nanoTime();
        MessageStream answers = new MessageStream(new StreamTimeline(open, pace.pingPong()));
        sentBytes = 0;
        inFlight.enter(answers); // a stop from now on only wakes this thread, which cancels the call below
        try {
            StreamObserver<Object> requests = StubInvocationUtil.biOrClientStreamCall(invoker, stubMethod, answers);
            return TripleStream.send(requests, arguments, pace, answers, open + timeoutNanos(), settings.timeoutMs(),
                    settings.address(), i -> arguments.get(i).getSerializedSize());
        } finally {
            sentBytes = answers.sentBytes();
            inFlight.leave();
        }
    }

    /** Stops the stream in flight, if any ({@link StreamInFlight}). */
    @Override
    public boolean interrupt() {
        return inFlight.stop();
    }

    private long timeoutNanos() {
        return settings.timeoutMs() * 1_000_000L;
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
        return MessageStream.protobufText(response, method.isServerStreaming(), request.responseMaxBytes());
    }

    /** {@code OK} for a unary call, else {@link MessageStream#successMessage}. */
    @Override
    public String successMessage(Object response) {
        return response instanceof MessageStream stream
                ? stream.successMessage(method.isClientStreaming(), method.isServerStreaming()) : CallOutcome.OK;
    }

    @Override
    public StreamFigures streamFigures(Object response) {
        return MessageStream.figuresOf(response);
    }

    @Override
    public String target() {
        return settings.address() + " " + method.getService().getFullName() + "/" + method.getName();
    }
}
