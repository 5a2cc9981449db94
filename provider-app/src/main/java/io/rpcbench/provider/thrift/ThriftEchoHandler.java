package io.rpcbench.provider.thrift;

import io.rpcbench.echo.EchoService;
import io.rpcbench.echo.Person;
import io.rpcbench.echo.ThriftPersons;
import io.rpcbench.echo.thrift.ThriftEchoService;
import io.rpcbench.echo.thrift.ThriftPerson;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Serves {@code ThriftEchoService} by converting to the Java model and calling the same {@link EchoService}
 * that Dubbo exports, so both protocols do the same work (including the delay).
 */
final class ThriftEchoHandler implements ThriftEchoService.Iface {

    private final EchoService echo;

    ThriftEchoHandler(EchoService echo) {
        this.echo = echo;
    }

    @Override
    public String echo(String text) {
        return echo.echo(text);
    }

    @Override
    public ThriftPerson echoPerson(ThriftPerson person) {
        return ThriftPersons.toThrift(echo.echoPerson(ThriftPersons.fromThrift(person)));
    }

    @Override
    public Map<String, ThriftPerson> echoPersons(Map<String, ThriftPerson> persons) {
        Map<String, Person> model = new LinkedHashMap<>();
        persons.forEach((k, v) -> model.put(k, ThriftPersons.fromThrift(v)));
        return ThriftPersons.toThrift(echo.echoPersons(model));
    }

    @Override
    public void ping() {
        echo.ping();
    }

    @Override
    public List<ThriftPerson> listPersons(int count, int sizeBytes) {
        return ThriftPersons.toThrift(new ArrayList<>(echo.listPersons(count, sizeBytes)));
    }

    @Override
    public int appendRandomNumbers(String text, int rounds) {
        return echo.appendRandomNumbers(text, rounds);
    }

    @Override
    public String sleepAndBuildText(int delayMs, int length) {
        return echo.sleepAndBuildText(delayMs, length);
    }
}
