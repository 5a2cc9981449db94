package io.rpcbench.sampler.dubbo;

import com.fasterxml.jackson.databind.JsonNode;
import com.google.protobuf.Descriptors.MethodDescriptor;
import com.google.protobuf.DynamicMessage;
import com.google.protobuf.Message;
import io.rpcbench.sampler.call.BadParameterException;
import io.rpcbench.sampler.call.CallOutcome;
import io.rpcbench.sampler.call.ResponseData;
import io.rpcbench.sampler.call.SamplerParameters;
import io.rpcbench.sampler.call.ServiceCallParameters;
import io.rpcbench.sampler.protobuf.ProtobufJson;
import java.util.Map;
import org.apache.dubbo.rpc.Invoker;
import org.apache.dubbo.rpc.RpcContext;
import org.apache.dubbo.rpc.model.StubMethodDescriptor;
import org.apache.dubbo.rpc.stub.StubInvocationUtil;

/**
 * One sampler thread's calls of one method of a {@code .proto} service over triple, with no generated class
 * ({@code invocation=proto-descriptor}, see {@link ProtoStub}): the argument is one JSON object in protobuf's JSON
 * mapping, turned into a {@link DynamicMessage} of the method's input type; the result is shown the same way. A
 * server-streaming method makes one sample of the whole stream: the call ends with the stream, its messages are the
 * response data as a JSON array, their count is the response message ({@code OK: 15 messages}) and their bytes the
 * received bytes; a stream that errors, or has not ended within {@code timeout_ms}, fails the sample.
 *
 * <p>Order of calls: the constructor finds the method (a bad-parameter failure when the descriptor set lacks it)
 * and acquires the shared reference; per sample {@link #bind} reads the arguments and attachments (parsed again only
 * when their text changed), {@link #call()} makes the timed call; {@link #close()} releases the reference (see
 * {@link SharedConsumerClient}).
 *
 * <p>Bytes: sent, the request message's protobuf size; received, the result's (the sum of the messages' for a
 * stream); both without gRPC's 5-byte frame headers and HTTP/2's framing.
 */
public final class ProtoStubClient extends SharedConsumerClient {

    private final DubboServiceRequest request;
    private final MethodDescriptor method;
    private final StubMethodDescriptor stubMethod;
    private final Invoker<?> invoker;

    private String argumentsText;
    private Message argument;
    private String attachmentsText;
    private Map<String, String> attachments = Map.of();

    /** @throws BadParameterException when the descriptor set, the service or the method is wrong */
    public ProtoStubClient(DubboServiceRequest request) {
        super(request.settings());
        this.request = request;
        this.method = ProtoStub.method(settings, request.method());
        this.stubMethod = ProtoStub.stubMethod(method);
        this.invoker = DubboReferences.acquire(settings, Invoker.class);
    }

    @Override
    public void bind(SamplerParameters sample) {
        String text = sample.text(ServiceCallParameters.ARGUMENTS, DubboServiceRequest.DEFAULT_ARGUMENTS);
        if (!text.equals(argumentsText)) {
            argument = parse(text);
            argumentsText = text;
        }
        String attachmentText = sample.optionalText(DubboServiceRequest.ATTACHMENTS);
        if (!attachmentText.equals(attachmentsText)) {
            attachments = Attachments.parse(attachmentText);
            attachmentsText = attachmentText;
        }
    }

    /** {@code [{"id": 7}]}: the one request message of a .proto method, in a JSON array as every service call's. */
    private Message parse(String text) {
        JsonNode arguments = DubboServiceClient.parseArguments(text);
        if (arguments.size() != 1) {
            throw BadParameterException.of(ServiceCallParameters.ARGUMENTS, text, "has " + arguments.size()
                    + " values for " + ProtoStub.describe(method), "a JSON array of one object, the "
                    + method.getInputType().getFullName() + " (e.g. [{}] for its default)");
        }
        return ProtobufJson.parse(arguments.get(0), DynamicMessage.newBuilder(method.getInputType()),
                ServiceCallParameters.ARGUMENTS + "[0]");
    }

    @Override
    public Object call() throws Exception {
        RpcContext.getClientAttachment().setAttachments(attachments);
        if (!method.isServerStreaming()) {
            return StubInvocationUtil.unaryCall(invoker, stubMethod, argument);
        }
        MessageStream stream = new MessageStream();
        StubInvocationUtil.serverStreamCall(invoker, stubMethod, argument, stream);
        return stream.await(settings.timeoutMs(), settings.address());
    }

    /** Null: any answer of a service method is fine; errors fail the sample in {@link #call()}. */
    @Override
    public String mismatch(Object response) {
        return null;
    }

    @Override
    public long sentBytes() {
        return argument == null ? 0 : argument.getSerializedSize();
    }

    @Override
    public long receivedBytes(Object response) {
        return response instanceof MessageStream stream ? stream.bytes() : ((Message) response).getSerializedSize();
    }

    /** Printed when first read where the messages cannot fail to print; else now. */
    @Override
    public ResponseData responseText(Object response) {
        return response instanceof MessageStream stream
                ? ResponseText.ofProtobuf(stream.printable(), stream::json, request.responseMaxBytes())
                : ResponseText.ofMessage((Message) response, request.responseMaxBytes());
    }

    /** {@code OK: 15 messages} for a stream. */
    @Override
    public String successMessage(Object response) {
        return response instanceof MessageStream stream
                ? CallOutcome.OK + ": " + stream.count() + " message" + (stream.count() == 1 ? "" : "s")
                : CallOutcome.OK;
    }

    @Override
    public String target() {
        return settings.address() + " " + method.getService().getFullName() + "/" + method.getName();
    }
}
