package io.rpcbench.sampler;

import io.rpcbench.echo.EchoPayload;
import io.rpcbench.echo.EchoService;
import io.rpcbench.echo.Person;
import java.util.List;
import java.util.Map;

/** The echo contract served by the in-test Dubbo provider: echoes, optionally late or wrong. */
public final class TestEchoService implements EchoService {

    private final long delayMs;
    private final boolean wrong;

    /**
     * @param delayMs each call sleeps this long first (to exceed a sampler's timeout)
     * @param wrong   when true, echoes drop the last character of strings and return one person too many
     */
    public TestEchoService(long delayMs, boolean wrong) {
        this.delayMs = delayMs;
        this.wrong = wrong;
    }

    @Override
    public String echo(String text) {
        pause();
        return wrong && !text.isEmpty() ? text.substring(0, text.length() - 1) : text;
    }

    @Override
    public Person echoPerson(Person person) {
        pause();
        if (wrong) {
            person.setDescription(person.getDescription() + "!");
        }
        return person;
    }

    @Override
    public Map<String, Person> echoPersons(Map<String, Person> persons) {
        pause();
        if (wrong) {
            persons.remove(persons.keySet().iterator().next());
        }
        return persons;
    }

    @Override
    public void ping() {
        pause();
    }

    @Override
    public List<Person> listPersons(int count, int sizeBytes) {
        pause();
        return EchoPayload.persons(wrong ? count + 1 : count, sizeBytes);
    }

    private void pause() {
        if (delayMs > 0) {
            try {
                Thread.sleep(delayMs);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
