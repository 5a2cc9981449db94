package io.rpcbench.sampler.thrift;

import io.rpcbench.echo.Person;
import io.rpcbench.echo.ThriftPersons;
import io.rpcbench.echo.thrift.ThriftEchoService;
import io.rpcbench.echo.thrift.ThriftPerson;
import io.rpcbench.sampler.call.FailureRules;
import io.rpcbench.sampler.call.RpcClient;
import io.rpcbench.sampler.call.echo.EchoRequest;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.thrift.transport.TTransportException;

/**
 * One thread's Thrift connection to the echo service, on a {@link ThriftConnection} (one socket per sampler
 * thread, reconnected by the untimed {@link #prepare()} after a failure, closed by {@link #interrupt()} during a
 * blocked call, bytes counted exactly).
 *
 * <p>Order of calls: the constructor converts the argument to Thrift structs once and tries to connect; if the
 * provider is down it stays unconnected and the next {@code prepare()} connects, before the sample's timer starts.
 * Then per sample {@code prepare()}, {@link #call()}, {@link #mismatch}; {@link #close()} at the end.
 */
public final class ThriftEchoClient implements RpcClient {

    private final EchoRequest request;
    private final Object thriftArgument;
    private final ThriftConnection<ThriftEchoService.Client> connection;

    public ThriftEchoClient(ThriftSettings settings, EchoRequest request) {
        this.request = request;
        this.thriftArgument = toThrift(request.argument());
        this.connection = new ThriftConnection<>(settings, ThriftEchoService.Client::new);
        try {
            prepare();
        } catch (TTransportException e) {
            // provider down at start: the first sample tries again and reports the failure
        }
    }

    /** Connects unless connected: the untimed step before each call. */
    @Override
    public void prepare() throws TTransportException {
        connection.prepare();
    }

    @Override
    public Object call() throws Exception {
        return connection.call(this::invoke);
    }

    /** Closes the socket of a call in progress, so its blocked read fails now; the next prepare() reconnects. */
    @Override
    public boolean interrupt() {
        return connection.interrupt();
    }

    /** True while a connection is open; for tests and logs. */
    boolean connected() {
        return connection.connected();
    }

    @SuppressWarnings("unchecked")
    private Object invoke(ThriftEchoService.Client client) throws Exception {
        switch (request.kind()) {
            case STRING:
                return client.echo((String) thriftArgument);
            case PERSON:
                return client.echoPerson((ThriftPerson) thriftArgument);
            case MAP:
                return client.echoPersons((Map<String, ThriftPerson>) thriftArgument);
            case LIST:
                return client.listPersons(request.listCount(), request.sizeBytes());
            case NONE:
                client.ping();
                return null;
            case CPU:
                return client.appendRandomNumbers((String) thriftArgument, request.rounds());
            case BUILT:
                return client.sleepAndBuildText(request.delayMs(), request.sizeBytes());
            default:
                throw new IllegalStateException("payload kind " + request.kind() + " has no Thrift call");
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public String mismatch(Object response) {
        Object echoModel = response;
        if (response instanceof ThriftPerson) {
            echoModel = ThriftPersons.fromThrift((ThriftPerson) response);
        } else if (response instanceof Map) {
            Map<String, Person> persons = new LinkedHashMap<>();
            ((Map<String, ThriftPerson>) response).forEach((k, v) -> persons.put(k, ThriftPersons.fromThrift(v)));
            echoModel = persons;
        } else if (response instanceof List) {
            List<Person> persons = new ArrayList<>();
            ((List<ThriftPerson>) response).forEach(p -> persons.add(ThriftPersons.fromThrift(p)));
            echoModel = persons;
        }
        return request.mismatch(echoModel);
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
        return connection.endpoint();
    }

    @Override
    public FailureRules failureRules() {
        return ThriftFailureRules.RULES;
    }

    @Override
    public String target() {
        return connection.target();
    }

    @Override
    public void close() {
        connection.close();
    }

    @SuppressWarnings("unchecked")
    private static Object toThrift(Object argument) {
        if (argument instanceof Person) {
            return ThriftPersons.toThrift((Person) argument);
        }
        if (argument instanceof Map) {
            return ThriftPersons.toThrift((Map<String, Person>) argument);
        }
        return argument;
    }
}
