package io.rpcbench.dubbo27;

import io.rpcbench.echo.EchoPayload;
import io.rpcbench.echo.EchoService;
import io.rpcbench.echo.Person;
import java.util.List;
import java.util.Map;

/**
 * The echo service as the Dubbo 2.7 provider serves it over every protocol: each call returns its argument and does
 * nothing else (seed 000 measures serialization and network I/O, so the provider has no business logic).
 */
public final class PlainEcho implements EchoService {

    @Override
    public String echo(String text) {
        return text;
    }

    @Override
    public Person echoPerson(Person person) {
        return person;
    }

    @Override
    public Map<String, Person> echoPersons(Map<String, Person> persons) {
        return persons;
    }

    @Override
    public void ping() {
        // Nothing: the call itself is what is measured.
    }

    @Override
    public List<Person> listPersons(int count, int sizeBytes) {
        return EchoPayload.persons(count, sizeBytes);
    }
}
