package io.rpcbench.sampler.thrift;

import com.fasterxml.jackson.databind.JsonNode;
import io.rpcbench.sampler.call.FailureRules;
import io.rpcbench.sampler.call.ResponseData;
import io.rpcbench.sampler.call.RpcClient;
import io.rpcbench.sampler.call.SamplerParameters;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.HashMap;
import java.util.Map;
import org.apache.thrift.TApplicationException;
import org.apache.thrift.TBase;
import org.apache.thrift.TException;
import org.apache.thrift.protocol.TMessage;
import org.apache.thrift.protocol.TMessageType;
import org.apache.thrift.protocol.TMultiplexedProtocol;
import org.apache.thrift.protocol.TProtocol;
import org.apache.thrift.transport.TTransportException;

/**
 * Calls one method of any generated Thrift service, plain or multiplexed, with arguments given as JSON and the
 * result rendered as JSON. The message is what the generated client would send: a {@code CALL} (or
 * {@code ONEWAY}) named after the method, the {@code <method>_args} struct, then the {@code <method>_result}
 * struct read back; the structs come from {@link ThriftMethod}, filled by {@link JsonToThrift}.
 *
 * <p>Order of calls: construct (tries to connect); per sample {@link #bind} (parses the sample's
 * {@code arguments} unless the text is the previous sample's), {@link #prepare()} (reconnects, untimed),
 * {@link #call()} (timed: write, flush, read), {@link #responseText} (the result as JSON, capped, rendered when
 * read); {@link #close()}.
 * Connection handling, byte counts and interrupts are {@link ThriftConnection}'s.
 *
 * <p>Failures: a declared exception is a {@link DeclaredThriftException} (its fields as JSON); a
 * {@link TApplicationException} from the provider is rethrown with its type's name in front of its message (e.g.
 * {@code UNKNOWN_METHOD: Invalid method name: 'find'}). Both keep the connection: the answer was read whole. A plain
 * call whose server closes the connection without an answer says that the server may serve its services multiplexed,
 * as long as no call of this client has been answered; after one, it is a server gone away and says only that.
 */
public final class ThriftServiceClient implements RpcClient {

    private static final Map<Integer, String> APPLICATION_ERRORS = applicationErrorNames();

    private final ThriftServiceSettings settings;
    private final ThriftMethod method;
    private final JsonToThrift arguments = new JsonToThrift(ThriftServiceSettings.ARGUMENTS);
    private final ThriftConnection<TProtocol> connection;

    /** The arguments of the next call, and the text they were parsed from. */
    @SuppressWarnings("rawtypes")
    private TBase boundArguments;
    private String boundText;
    private int sequenceId;
    /**
     * Whether the server has answered a call of this client: then it routes plain calls, and an end of stream is a
     * server gone away (killed, restarted), not a multiplexed-only server. The sampler thread's alone.
     */
    private boolean answered;

    public ThriftServiceClient(ThriftServiceSettings settings) {
        this.settings = settings;
        this.method = settings.method();
        String multiplexed = settings.multiplexedService();
        this.connection = new ThriftConnection<>(settings.connection(),
                multiplexed.isEmpty() ? protocol -> protocol : protocol -> new TMultiplexedProtocol(protocol, multiplexed));
        try {
            connection.prepare();
        } catch (TTransportException e) {
            // provider down at start: the first sample tries again and reports the failure
        }
    }

    /** Reads this sample's {@code arguments}; the text JMeter substituted, parsed again only when it changed. */
    @Override
    public void bind(SamplerParameters sample) {
        String text = sample.text(ThriftServiceSettings.ARGUMENTS, "[]");
        if (text.equals(boundText)) {
            return;
        }
        JsonNode json = arguments.parse(text, "a JSON array of the arguments of " + method.qualifiedName()
                + " (" + method.arguments().names() + "), or an object keyed by their names");
        boundArguments = arguments.arguments(method.arguments(), json, method.qualifiedName());
        boundText = text;
    }

    @Override
    public void prepare() throws TTransportException {
        connection.prepare();
    }

    /**
     * @return what the method returned (null for void and oneway)
     * @throws DeclaredThriftException when the provider answered with a declared exception
     */
    @Override
    @SuppressWarnings({"rawtypes", "unchecked"})
    public Object call() throws Exception {
        if (boundArguments == null) {
            throw new IllegalStateException("no arguments bound: bind() comes before call()");
        }
        TBase result;
        try {
            result = connection.call(this::exchange);
        } catch (TApplicationException e) {
            throw new TApplicationException(e.getType(), typeName(e.getType()) + ": " + e.getMessage());
        } catch (TTransportException e) {
            if (e.getType() == TTransportException.END_OF_FILE && settings.multiplexedService().isEmpty() && !answered) {
                // A server that serves only multiplexed services (TMultiplexedProcessor) cannot route a plain call:
                // it closes the connection without an answer, and this is all the client sees. Once it has answered
                // one, the same end of stream is a server that went away mid-run, and the hint would mislead.
                throw new TTransportException(e.getType(), e.getMessage() + " The server closed the connection "
                        + "instead of answering " + method.name() + ": if it serves its services multiplexed "
                        + "(TMultiplexedProcessor), set multiplexed_service to the name it registered the service "
                        + "under", e);
            }
            throw e;
        }
        if (result == null) {
            return null; // oneway: nothing comes back
        }
        for (ThriftStructShape.Field thrown : method.exceptions()) {
            if (result.isSet(thrown.id())) {
                throw new DeclaredThriftException(method.qualifiedName(), thrown.name(),
                        (Exception) result.getFieldValue(thrown.id()));
            }
        }
        ThriftStructShape.Field success = method.success();
        if (success == null) {
            return null; // void
        }
        if (!result.isSet(success.id())) {
            throw new TApplicationException(TApplicationException.MISSING_RESULT,
                    typeName(TApplicationException.MISSING_RESULT) + ": " + method.qualifiedName()
                            + " answered without a result or a declared exception");
        }
        return result.getFieldValue(success.id());
    }

    /** Writes the call and reads its answer on one connection's protocol; null for oneway. */
    @SuppressWarnings("rawtypes")
    private TBase exchange(TProtocol protocol) throws TException {
        int id = ++sequenceId;
        protocol.writeMessageBegin(new TMessage(method.name(), method.oneway() ? TMessageType.ONEWAY : TMessageType.CALL, id));
        boundArguments.write(protocol);
        protocol.writeMessageEnd();
        protocol.getTransport().flush();
        if (method.oneway()) {
            return null;
        }
        TMessage answer = protocol.readMessageBegin();
        answered = true; // whatever follows, the server routed a plain call of this client
        if (answer.type == TMessageType.EXCEPTION) {
            TApplicationException sent = TApplicationException.readFrom(protocol);
            protocol.readMessageEnd();
            throw sent;
        }
        if (answer.seqid != id) { // the connection drops this stream: the rest of that answer is unread
            throw new TApplicationException(TApplicationException.BAD_SEQUENCE_ID,
                    method.name() + " failed: out of sequence response: expected " + id + " but got " + answer.seqid);
        }
        TBase result = method.newResult();
        result.read(protocol);
        protocol.readMessageEnd();
        return result;
    }

    /** Service calls are not compared: any answer that is not an exception is fine. */
    @Override
    public String mismatch(Object response) {
        return null;
    }

    /**
     * The returned value as JSON ({@code null} for void and oneway), cut at {@code response_max_bytes}: rendered when
     * first read where the method's return type always renders ({@link ThriftMethod#renderable}), else now, so that a
     * value that cannot be rendered fails its sample. The answer is a struct of its own (a new {@code _result} per call),
     * so rendering it later shows what was received.
     */
    @Override
    public ResponseData responseText(Object response) {
        return method.responseData(response, settings.responseMaxBytes());
    }

    @Override
    public long sentBytes() {
        return connection.sentBytes();
    }

    @Override
    public long receivedBytes(Object response) {
        return connection.receivedBytes();
    }

    @Override
    public String answeredBy() {
        return settings.connection().endpoint();
    }

    @Override
    public FailureRules failureRules() {
        return ThriftFailureRules.RULES;
    }

    @Override
    public String target() {
        return settings.target();
    }

    @Override
    public boolean interrupt() {
        return connection.interrupt();
    }

    /** True while a connection is open; for tests and logs. */
    boolean connected() {
        return connection.connected();
    }

    @Override
    public void close() {
        connection.close();
    }

    /** The name of a {@link TApplicationException} type, e.g. {@code UNKNOWN_METHOD}. */
    static String typeName(int type) {
        return APPLICATION_ERRORS.getOrDefault(type, "type " + type);
    }

    /** TApplicationException's public int constants by value: the names its own class declares. */
    private static Map<Integer, String> applicationErrorNames() {
        Map<Integer, String> names = new HashMap<>();
        for (Field field : TApplicationException.class.getFields()) {
            int modifiers = field.getModifiers();
            if (field.getType() == int.class && Modifier.isStatic(modifiers) && Modifier.isFinal(modifiers)) {
                try {
                    names.putIfAbsent(field.getInt(null), field.getName());
                } catch (IllegalAccessException e) {
                    // public constants are readable; a field that is not is simply not named
                }
            }
        }
        return Map.copyOf(names);
    }
}
