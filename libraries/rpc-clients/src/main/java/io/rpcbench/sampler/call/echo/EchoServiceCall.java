package io.rpcbench.sampler.call.echo;

import io.rpcbench.echo.EchoService;
import io.rpcbench.echo.Person;
import java.util.Map;

/**
 * The echo call of a prepared {@link EchoRequest} on any {@link EchoService} proxy, for clients whose library gives
 * one (Dubbo's, Hessian's, and the RMI client's own): the method that fits the payload kind, with the prepared
 * argument.
 *
 * <pre>{@code
 * Object response = EchoServiceCall.make(proxy, request);   // then request.mismatch(response)
 * }</pre>
 */
public final class EchoServiceCall {

    private EchoServiceCall() {}

    /** Calls the method of {@code request}'s kind; returns what it returned (null for {@code none}). */
    @SuppressWarnings("unchecked")
    public static Object make(EchoService service, EchoRequest request) {
        switch (request.kind()) {
            case STRING:
                return service.echo((String) request.argument());
            case PERSON:
                return service.echoPerson((Person) request.argument());
            case MAP:
                return service.echoPersons((Map<String, Person>) request.argument());
            case LIST:
                return service.listPersons(request.listCount(), request.sizeBytes());
            case NONE:
                service.ping();
                return null;
            case CPU:
                return service.appendRandomNumbers((String) request.argument(), request.rounds());
            case BUILT:
                return service.sleepAndBuildText(request.delayMs(), request.sizeBytes());
            default:
                throw new IllegalStateException("payload kind " + request.kind() + " has no echo call");
        }
    }
}
