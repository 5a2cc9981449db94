package io.rpcbench.sampler.dubbo.triple;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.protobuf.Message;
import io.rpcbench.sampler.call.BadParameterException;
import io.rpcbench.sampler.call.ResponseData;
import io.rpcbench.sampler.call.SamplerParameters;
import io.rpcbench.sampler.call.ServiceCallParameters;
import io.rpcbench.sampler.call.StreamPace;
import io.rpcbench.sampler.call.StreamTimeline;
import io.rpcbench.sampler.dubbo.Attachments;
import io.rpcbench.sampler.dubbo.DubboReferences;
import io.rpcbench.sampler.dubbo.DubboServiceClient;
import io.rpcbench.sampler.dubbo.DubboServiceRequest;
import io.rpcbench.sampler.dubbo.GeneratedStubs;
import io.rpcbench.sampler.dubbo.ResponseText;
import io.rpcbench.sampler.dubbo.SharedConsumerClient;
import io.rpcbench.sampler.dubbo.TypedArguments;
import io.rpcbench.sampler.json.MethodChoice;
import io.rpcbench.seconds.StreamFigures;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.apache.dubbo.common.stream.StreamObserver;
import org.apache.dubbo.rpc.RpcContext;
import org.apache.dubbo.rpc.model.MethodDescriptor.RpcType;

/**
 * One sampler thread's calls of a triple method that streams, in Dubbo 3's interface style ({@code invocation=typed},
 * the interface on JMeter's class path): a method that takes a {@link StreamObserver} of answers. Its signature says
 * its kind, as Dubbo reads it: {@code void m(Request, StreamObserver<Answer>)} a server stream,
 * {@code StreamObserver<Request> m(StreamObserver<Answer>)} a bidirectional stream, or client streaming where the
 * interface is Dubbo's generated one of a {@code .proto} whose rpc says so ({@link GeneratedStubs#rpcType}).
 *
 * <p>The arguments: for a server stream, the JSON array of the request (one value); for the others, the JSON array of
 * the messages the client streams, each typed as the request observer's type argument ({@link TypedArguments#value}:
 * a generated protobuf message in protobuf's JSON mapping, any other type by Jackson), sent at the pace
 * {@value StreamPace#PARAMETER} sets. The stream is one sample as a {@code .proto} one is ({@link ProtoStubClient}):
 * per-message figures, the answers as a JSON array, {@code timeout_ms} and JMeter's stop cancelling it.
 *
 * <p>Bytes: a protobuf message's own size; a Java object's JSON size stands in (triple wrapping hessian2 does not say
 * its bytes), the answers then written as JSON on every sample.
 */
public final class TypedStreamClient extends SharedConsumerClient {

    private final DubboServiceRequest request;
    private final Object proxy;
    private final Method method;
    private final TripleStream stream;
    /** The type of the messages the client streams; null for a server stream (one request). */
    private final Type requestType;

    private String argumentsText;
    private List<Object> arguments;
    private long[] argumentBytes;
    private String paceText;
    private StreamPace pace = StreamPace.AT_ONCE;
    private String attachmentsText;
    private Map<String, String> attachments = Map.of();
    private long sentBytes;
    private long lastResponseBytes;
    private final StreamInFlight inFlight = new StreamInFlight();

    /** @throws BadParameterException when the interface is not on the class path or has no such stream method */
    public TypedStreamClient(DubboServiceRequest request, Class<?> serviceInterface, Method method) {
        super(request.settings());
        this.request = request;
        this.method = method;
        boolean clientStreaming = StreamObserver.class.isAssignableFrom(method.getReturnType());
        boolean serverStreaming = !clientStreaming
                || GeneratedStubs.rpcType(serviceInterface, method.getName()).orElse(RpcType.BI_STREAM)
                        != RpcType.CLIENT_STREAM;
        this.stream = new TripleStream(clientStreaming, serverStreaming, "the " + (!clientStreaming
                ? "server-streaming" : serverStreaming ? "bidirectional" : "client-streaming") + " method "
                + MethodChoice.describe(method));
        this.requestType = clientStreaming ? typeArgument(method.getGenericReturnType()) : null;
        this.proxy = DubboReferences.acquire(settings, serviceInterface);
    }

    /**
     * The method of {@code serviceInterface} named {@code name} that streams (takes a {@link StreamObserver}), if it
     * has one: typed calls of it go through this client.
     */
    public static Optional<Method> streamMethod(Class<?> serviceInterface, String name) {
        return Arrays.stream(serviceInterface.getMethods())
                .filter(m -> m.getName().equals(name) && !Modifier.isStatic(m.getModifiers()))
                .filter(m -> Arrays.stream(m.getParameterTypes()).anyMatch(StreamObserver.class::isAssignableFrom))
                .findFirst();
    }

    private static Type typeArgument(Type observer) {
        return observer instanceof ParameterizedType parameterized ? parameterized.getActualTypeArguments()[0]
                : Object.class;
    }

    @Override
    public void bind(SamplerParameters sample) {
        String text = sample.text(ServiceCallParameters.ARGUMENTS, DubboServiceRequest.DEFAULT_ARGUMENTS);
        String paceValue = sample.optionalText(StreamPace.PARAMETER);
        if (!text.equals(argumentsText) || !paceValue.equals(paceText)) {
            if (!text.equals(argumentsText)) {
                parse(text);
            }
            StreamPace parsed = paceValue.equals(paceText) ? pace : stream.pace(paceValue);
            TripleStream.checkFitsTimeout(parsed, paceValue, arguments.size(), settings.timeoutMs());
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

    /** The request (a server stream) or the messages to stream, typed, with their bytes. */
    private void parse(String text) {
        JsonNode values = DubboServiceClient.parseArguments(text);
        List<Object> typed = new ArrayList<>(values.size());
        long[] bytes = new long[values.size()];
        if (requestType == null) {
            Type[] types = method.getGenericParameterTypes();
            if (values.size() != types.length - 1) {
                throw BadParameterException.of(ServiceCallParameters.ARGUMENTS, text, "has " + values.size()
                        + " values for " + stream.described(), "a JSON array of the " + (types.length - 1)
                        + " request value(s) before the StreamObserver");
            }
            for (int i = 0; i < values.size(); i++) {
                typed.add(TypedArguments.value(values.get(i), types[i], ServiceCallParameters.ARGUMENTS + "[" + i + "]"));
                bytes[i] = bytes(typed.get(i), values.get(i));
            }
        } else {
            if (values.isEmpty()) { // a stream without a message: nothing would go on the wire, and the call would wait
                throw BadParameterException.of(ServiceCallParameters.ARGUMENTS, text, "has no message for "
                        + stream.described(), "a JSON array of at least one " + requestType.getTypeName());
            }
            for (int i = 0; i < values.size(); i++) {
                typed.add(TypedArguments.value(values.get(i), requestType,
                        ServiceCallParameters.ARGUMENTS + "[" + i + "]"));
                bytes[i] = bytes(typed.get(i), values.get(i));
            }
        }
        arguments = typed;
        argumentBytes = bytes;
    }

    /** A protobuf message's own bytes; a Java object's JSON text's. */
    private static long bytes(Object value, JsonNode json) {
        return value instanceof Message message ? message.getSerializedSize()
                : json.toString().getBytes(StandardCharsets.UTF_8).length;
    }

    @Override
    public Object call() throws Exception {
        RpcContext.getClientAttachment().setAttachments(attachments);
        long open = System.nanoTime();
        long deadline = open + settings.timeoutMs() * 1_000_000L;
        MessageStream answers = new MessageStream(new StreamTimeline(open, pace.pingPong()));
        inFlight.enter(answers); // a stop from now on only wakes this thread, which cancels the call
        try {
            if (requestType == null) {
                Object[] values = arguments.toArray(new Object[arguments.size() + 1]);
                values[values.length - 1] = answers;
                answers.sent(open, Arrays.stream(argumentBytes).sum());
                invoke(values);
                return answers.await(deadline, settings.timeoutMs(), settings.address());
            }
            @SuppressWarnings("unchecked")
            StreamObserver<Object> requests = (StreamObserver<Object>) invoke(new Object[] {answers});
            long[] bytes = argumentBytes;
            return TripleStream.send(requests, arguments, pace, answers, deadline, settings.timeoutMs(),
                    settings.address(), i -> bytes[i]);
        } finally {
            sentBytes = answers.sentBytes();
            inFlight.leave();
        }
    }

    private Object invoke(Object[] values) throws Exception {
        return DubboServiceClient.invoke(method, proxy, values);
    }

    /** Stops the stream in flight, if any, as {@link ProtoStubClient#interrupt} does. */
    @Override
    public boolean interrupt() {
        return inFlight.stop();
    }

    /** Null: any answer is fine; errors fail the sample in {@link #call()}. */
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
        long bytes = ((MessageStream) response).bytes();
        return bytes >= 0 ? bytes : lastResponseBytes;
    }

    /**
     * Protobuf messages: printed when first read where they cannot fail to print. Java objects: written as JSON now,
     * whose size stands in for the bytes received. A client stream's one answer is shown alone.
     */
    @Override
    public ResponseData responseText(Object response) {
        MessageStream answers = (MessageStream) response;
        int maxBytes = request.responseMaxBytes();
        boolean one = !stream.serverStreaming() && answers.count() == 1;
        if (answers.bytes() >= 0) {
            return one ? ResponseText.ofMessage((Message) answers.message(0), maxBytes)
                    : ResponseText.ofProtobuf(answers.printable(), answers::json, maxBytes);
        }
        ResponseText text = ResponseText.ofResult(one ? answers.message(0) : answers.messages(), false, maxBytes);
        lastResponseBytes = text.fullBytes();
        return ResponseData.of(text.text());
    }

    /** As {@link ProtoStubClient#successMessage}: {@code OK: 15 messages}, {@code OK: 5 messages sent, 5 received}. */
    @Override
    public String successMessage(Object response) {
        return ((MessageStream) response).successMessage(stream.clientStreaming(), stream.serverStreaming());
    }

    @Override
    public StreamFigures streamFigures(Object response) {
        return ((MessageStream) response).figures();
    }

    @Override
    public String target() {
        return settings.address() + " " + settings.interfaceName() + "." + method.getName();
    }
}
