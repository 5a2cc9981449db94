package io.rpcbench.sampler.jmeter;

import io.rpcbench.echo.EchoService;
import io.rpcbench.echo.Person;
import io.rpcbench.provider.DelayedEcho;
import java.util.List;
import java.util.Map;

/**
 * The provider's echo service, answering with something that is not the echo: strings lose their last
 * character, a person's description gains a "!", a map loses its first entry and a list has one person too many;
 * the CPU loop's length is one short and the built text loses its last character.
 * For tests of the samplers' response check; the provider itself never answers wrong.
 */
public final class WrongEcho implements EchoService {

    private final EchoService echo = new DelayedEcho(0);

    @Override
    public String echo(String text) {
        String answer = echo.echo(text);
        return answer.isEmpty() ? answer : answer.substring(0, answer.length() - 1);
    }

    @Override
    public Person echoPerson(Person person) {
        Person answer = echo.echoPerson(person);
        answer.setDescription(answer.getDescription() + "!");
        return answer;
    }

    @Override
    public Map<String, Person> echoPersons(Map<String, Person> persons) {
        Map<String, Person> answer = echo.echoPersons(persons);
        answer.remove(answer.keySet().iterator().next());
        return answer;
    }

    @Override
    public void ping() {
        echo.ping();
    }

    @Override
    public List<Person> listPersons(int count, int sizeBytes) {
        return echo.listPersons(count + 1, sizeBytes);
    }

    @Override
    public int appendRandomNumbers(String text, int rounds) {
        return echo.appendRandomNumbers(text, rounds) - 1;
    }

    @Override
    public String sleepAndBuildText(int delayMs, int length) {
        String answer = echo.sleepAndBuildText(delayMs, length);
        return answer.isEmpty() ? answer : answer.substring(0, answer.length() - 1);
    }
}
