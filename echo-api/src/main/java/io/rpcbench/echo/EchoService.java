package io.rpcbench.echo;

import java.util.List;
import java.util.Map;

/**
 * The service every rpcbench provider exports over Dubbo, and (as {@code ThriftEchoService} in
 * {@code echo.thrift}) over Thrift. Each method returns its argument unchanged so that a sampler can
 * check the response against the request.
 *
 * <p>The operations follow the seeds: a string echo of N bytes (seed 003), a nested person
 * (seeds 000/001), a map of persons (the stability mix), a no-argument call and a list of persons
 * returned by the provider (seed 004).
 */
public interface EchoService {

    /** Returns {@code text} unchanged. */
    String echo(String text);

    /** Returns {@code person} unchanged. */
    Person echoPerson(Person person);

    /** Returns {@code persons} unchanged. */
    Map<String, Person> echoPersons(Map<String, Person> persons);

    /** Does nothing: measures the cost of a call that carries no payload. */
    void ping();

    /**
     * Returns {@code count} persons built by {@link EchoPayload#persons(int, int)} on the provider, so the
     * caller can verify them by building the same list.
     */
    List<Person> listPersons(int count, int sizeBytes);
}
