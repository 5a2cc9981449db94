package io.rpcbench.provider;

import io.rpcbench.echo.EchoPayload;
import io.rpcbench.echo.EchoService;
import io.rpcbench.echo.Person;
import java.util.List;
import java.util.Map;

/**
 * The echo service both protocols serve: every call first sleeps the configured delay (seed 002 simulates a
 * provider's work that way), then returns its argument. With delay 0 it does nothing but return.
 */
public final class DelayedEcho implements EchoService {

    private final long delayMs;

    public DelayedEcho(long delayMs) {
        if (delayMs < 0) {
            throw new IllegalArgumentException("delay " + delayMs + " ms is negative; expected 0 or more");
        }
        this.delayMs = delayMs;
    }

    @Override
    public String echo(String text) {
        pause();
        return text;
    }

    @Override
    public Person echoPerson(Person person) {
        pause();
        return person;
    }

    @Override
    public Map<String, Person> echoPersons(Map<String, Person> persons) {
        pause();
        return persons;
    }

    @Override
    public void ping() {
        pause();
    }

    @Override
    public List<Person> listPersons(int count, int sizeBytes) {
        pause();
        return EchoPayload.persons(count, sizeBytes);
    }

    private void pause() {
        if (delayMs == 0) {
            return;
        }
        try {
            Thread.sleep(delayMs);
        } catch (InterruptedException e) {
            // Stopping: answer now rather than swallow the stop request.
            Thread.currentThread().interrupt();
        }
    }
}
