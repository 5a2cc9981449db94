package io.rpcbench.sampler.dubbo;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.google.protobuf.Message;
import com.google.protobuf.MessageOrBuilder;
import io.rpcbench.dubbo.protobuf.ProtobufMessages;
import io.rpcbench.sampler.call.BadParameterException;
import io.rpcbench.sampler.call.RemoteServiceException;
import io.rpcbench.sampler.call.ResponseData;
import io.rpcbench.sampler.call.SamplerParameters;
import io.rpcbench.sampler.call.ServiceCallParameters;
import io.rpcbench.sampler.json.ExactJson;
import io.rpcbench.sampler.json.GenericArguments;
import io.rpcbench.sampler.json.MethodChoice;
import io.rpcbench.sampler.json.MethodSignature;
import io.rpcbench.sampler.json.ServiceDefinition;
import io.rpcbench.sampler.protobuf.ProtobufJson;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.apache.dubbo.rpc.Constants;
import org.apache.dubbo.rpc.RpcContext;
import org.apache.dubbo.rpc.service.GenericException;
import org.apache.dubbo.rpc.service.GenericService;

/**
 * One sampler thread's calls of any method of any Dubbo service, through a shared consumer
 * ({@link DubboReferences}): generic invocation ({@code GenericService.$invoke}, no API jar needed), generic with
 * protobuf JSON ({@code protobuf-json}: the one argument a protobuf message as JSON text, which the provider's
 * generic filter parses, and so the result) or typed (the interface class from JMeter's class path; a protobuf
 * message parameter takes a JSON object in protobuf's JSON mapping and a message result is shown in it, see
 * {@link ProtobufJson}).
 *
 * <p>Order of calls: the constructor acquires the shared proxy (typed: loads the interface, a bad-parameter failure
 * when it is not on the class path); per sample {@link #bind} reads the arguments JSON and the attachments (parsed
 * again only when their text changed, since JMeter substitutes {@code ${var}} per sample), {@link #prepare()}
 * picks the method on the first sample (reading the registry's metadata when no parameter types were given) and
 * types the arguments, {@link #call()} makes the timed call; {@link #close()} releases the proxy. A call that
 * finds no provider in the registry fails as the metadata read does (see
 * {@link SharedConsumerClient#explain}), read after the sample's timer.
 *
 * <p>Bytes: received bytes are exact for the dubbo protocol (the codec's {@code output} response attachment); else
 * (triple) a protobuf message's own bytes (its serialized size, without gRPC's 5-byte frame header), and for other
 * answers and every request the size of the JSON text stands in. So over the dubbo protocol a Java result is written as
 * JSON only when the sample's data is read; over triple (hessian2 wrapped) on every sample, since its JSON gives its
 * size (see {@link #responseText}).
 */
public final class DubboServiceClient extends SharedConsumerClient {

    private final DubboServiceRequest request;
    private final Object proxy;
    private final Class<?> serviceInterface;

    private String argumentsText;
    private JsonNode arguments;
    private Object[] values;
    private String attachmentsText;
    private Map<String, String> attachments = Map.of();

    private MethodSignature signature; // generic
    private String[] erasedTypes;      // generic, of signature, for $invoke
    private GenericArguments typing;    // generic
    private Method method;              // typed
    private long lastResponseBytes;

    /** @throws BadParameterException when a typed call's interface is not on the class path */
    public DubboServiceClient(DubboServiceRequest request) {
        super(request.settings());
        this.request = request;
        if (settings.generic()) {
            this.serviceInterface = null;
            this.proxy = DubboReferences.acquire(settings, GenericService.class);
        } else {
            this.serviceInterface = loadInterface(settings.interfaceName());
            this.proxy = DubboReferences.acquire(settings, serviceInterface);
        }
    }

    /** The interface class for typed invocation. @throws BadParameterException when it is not on the class path */
    public static Class<?> loadInterface(String name) {
        ClassLoader loader = Thread.currentThread().getContextClassLoader();
        try {
            Class<?> type = Class.forName(name, false, loader != null ? loader : DubboServiceClient.class.getClassLoader());
            if (!type.isInterface()) {
                throw BadParameterException.of(DubboSettings.INTERFACE, name, "is a class, not an interface",
                        "the service's interface");
            }
            return type;
        } catch (ClassNotFoundException e) {
            throw BadParameterException.of(DubboSettings.INTERFACE, name, "is not on JMeter's class path, which "
                    + "invocation=typed needs", "the service's API jar in JMETER_HOME/lib/ext, or invocation=generic");
        }
    }

    @Override
    public void bind(SamplerParameters sample) {
        String text = sample.text(ServiceCallParameters.ARGUMENTS, DubboServiceRequest.DEFAULT_ARGUMENTS);
        if (!text.equals(argumentsText)) {
            arguments = parseArguments(text);
            argumentsText = text;
            values = null;
        }
        String attachmentText = sample.optionalText(DubboServiceRequest.ATTACHMENTS);
        if (!attachmentText.equals(attachmentsText)) {
            attachments = Attachments.parse(attachmentText);
            attachmentsText = attachmentText;
        }
        if (values == null && (signature != null || method != null)) {
            values = typeArguments();
        }
    }

    public static JsonNode parseArguments(String text) {
        JsonNode node;
        try {
            node = ExactJson.MAPPER.readTree(text);
        } catch (JsonProcessingException e) {
            throw BadParameterException.of(ServiceCallParameters.ARGUMENTS, abbreviate(text),
                    "is not JSON (" + ExactJson.problem(e) + " at line " + e.getLocation().getLineNr() + ", column "
                            + e.getLocation().getColumnNr() + ")", "a JSON array of the arguments, e.g. [42, \"abc\"]");
        }
        if (node == null || !node.isArray()) {
            throw BadParameterException.of(ServiceCallParameters.ARGUMENTS, abbreviate(text), "is not a JSON array",
                    "a JSON array of the arguments, e.g. [42, \"abc\"] ([] for none)");
        }
        return node;
    }

    /** Picks the method on the first sample (may read the registry), then types the arguments if still needed. */
    @Override
    public void prepare() throws Exception {
        if (signature == null && method == null) {
            choose();
            if (signature != null) {
                erasedTypes = signature.erasedParameterTypes(); // parsed once, not per call
            }
        }
        if (values == null) {
            values = typeArguments();
        }
    }

    private void choose() throws Exception {
        int arity = arguments.size();
        if (!settings.generic()) {
            method = MethodChoice.fromInterface(serviceInterface, request.method(), request.parameterTypes(), arity);
            if (settings.serialization().equals("protobuf")) {
                ProtobufMessages.register(method); // the protobuf serialization reads registered messages only
            }
            return;
        }
        if (!request.typesFromMetadata()) {
            typing = new GenericArguments(ServiceDefinition.NONE, settings.serialization());
            signature = new MethodSignature(request.method(), request.parameterTypes(), "");
            return;
        }
        if (settings.direct()) {
            if (arity > 0) {
                throw BadParameterException.of(ServiceCallParameters.PARAMETER_TYPES, "", "is empty, and the direct "
                                + "address " + settings.address() + " has no registry to read the service's metadata from",
                        "the parameter types, comma-separated (e.g. long,java.math.BigDecimal), or a zookeeper:// or "
                                + "nacos:// address");
            }
            typing = new GenericArguments(ServiceDefinition.NONE, settings.serialization());
            signature = new MethodSignature(request.method(), java.util.List.of(), "");
            return;
        }
        ServiceDefinition definition = registry.definition(settings.registryTarget());
        signature = MethodChoice.fromDefinition(definition, request.method(), arity);
        typing = new GenericArguments(definition, settings.serialization());
    }

    private Object[] typeArguments() {
        if (protobufJson()) {
            return new Object[] {ProtobufJsonArgument.text(arguments, signature)};
        }
        return settings.generic() ? typing.convert(arguments, signature) : TypedArguments.convert(arguments, method);
    }

    private boolean protobufJson() {
        return settings.invocation().equals(DubboSettings.PROTOBUF_JSON);
    }

    @Override
    public Object call() throws Exception {
        RpcContext.getClientAttachment().setAttachments(attachments);
        if (settings.generic()) {
            try {
                return ((GenericService) proxy).$invoke(signature.name(), erasedTypes, values);
            } catch (GenericException e) {
                throw new RemoteServiceException(e.getExceptionClass(), e.getExceptionMessage());
            }
        }
        return invoke(method, proxy, values);
    }

    /**
     * {@code method} on {@code proxy} with {@code values}, what it throws thrown as itself (not wrapped in reflection's
     * InvocationTargetException), so that the failure rules see Dubbo's own exceptions.
     */
    public static Object invoke(Method method, Object proxy, Object[] values) throws Exception {
        try {
            return method.invoke(proxy, values);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof Exception exception) {
                throw exception;
            }
            throw (Error) cause;
        }
    }

    /** Null: any answer of a service method is fine; exceptions fail the sample in {@link #call()}. */
    @Override
    public String mismatch(Object response) {
        return null;
    }

    @Override
    public long sentBytes() {
        return argumentsText == null ? 0 : argumentsText.getBytes(StandardCharsets.UTF_8).length;
    }

    @Override
    public long receivedBytes(Object response) {
        long counted = wireBytes();
        if (counted >= 0) {
            return counted;
        }
        if (response instanceof Message message) { // its protobuf bytes, known without printing it
            return message.getSerializedSize();
        }
        return lastResponseBytes;
    }

    /**
     * The bytes of the last call's response as Dubbo's codec read them off the wire (the dubbo protocol's
     * {@code output} response attachment), or -1 where the protocol does not say (triple).
     */
    private static long wireBytes() {
        Object counted = RpcContext.getClientResponseContext().getObjectAttachment(Constants.OUTPUT_KEY);
        if (counted != null) {
            try {
                return Long.parseLong(counted.toString());
            } catch (NumberFormatException e) {
                return -1;
            }
        }
        return -1;
    }

    /**
     * A protobuf message is printed when first read where it cannot fail to print. A Java result (generic maps, typed
     * objects) is written as JSON when first read where the wire gave its size and {@code JsonWriteCheck} finds nothing
     * Jackson could fail on; else now, so that a failure fails the sample and the JSON's size stands in for the bytes
     * received (triple wrapping hessian2 says nothing of its bytes). The protobuf JSON text of {@code protobuf-json}
     * is text already.
     */
    @Override
    public ResponseData responseText(Object response) {
        if (response instanceof MessageOrBuilder message) { // typed: a generated message
            return ResponseText.ofMessage(message, request.responseMaxBytes());
        }
        int maxBytes = request.responseMaxBytes();
        if (protobufJson() && response instanceof String json) { // the provider's protobuf JSON, one line
            ResponseText text = ResponseText.ofJson(json.strip(), maxBytes);
            lastResponseBytes = text.fullBytes();
            return ResponseData.of(text.text());
        }
        boolean generic = settings.generic();
        if (wireBytes() > 0) { // the bytes column needs no JSON: written when read, where it cannot fail
            return ResponseText.ofResultWhenRead(response, generic, maxBytes);
        }
        ResponseText text = ResponseText.ofResult(response, generic, maxBytes);
        lastResponseBytes = text.fullBytes();
        return ResponseData.of(text.text());
    }

    @Override
    public String target() {
        return settings.address() + " " + settings.interfaceName() + "." + request.method();
    }

    private static String abbreviate(String text) {
        return text.length() <= 120 ? text : text.substring(0, 120) + "...";
    }
}
