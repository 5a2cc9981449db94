package io.rpcbench.provider;

import io.rpcbench.echo.EchoPayload;
import io.rpcbench.echo.EchoService;
import io.rpcbench.echo.Person;
import io.rpcbench.echo.RandomNumbers;
import java.util.List;
import java.util.Map;

/**
 * The echo service both protocols serve: every call first sleeps the configured delay (seed 002 simulates a
 * provider's work that way), then returns its argument. With delay 0 it does nothing but return.
 *
 * <p>Two calls work besides: {@link #appendRandomNumbers} loops on the CPU (seed 000) and {@link #sleepAndBuildText}
 * sleeps the delay it is given and builds a text (seed 002, each call choosing its own delay); the configured delay
 * comes first for them too.
 *
 * <p>Given {@link ServiceWorkers} instead of a delay, every call waits its turn at one of the workers and takes its
 * service time there: a provider of known capacity ({@code --service-workers}, {@code --service-time-us}).
 */
public final class DelayedEcho implements EchoService {

    private final long delayMs;
    private final ServiceWorkers workers;

    public DelayedEcho(long delayMs) {
        this(delayMs, null);
    }

    /** Every call served by {@code workers} (none: only the delay). */
    public DelayedEcho(long delayMs, ServiceWorkers workers) {
        if (delayMs < 0) {
            throw new IllegalArgumentException("delay " + delayMs + " ms is negative; expected 0 or more");
        }
        this.delayMs = delayMs;
        this.workers = workers;
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

    @Override
    public int appendRandomNumbers(String text, int rounds) {
        pause();
        return RandomNumbers.append(text, rounds);
    }

    @Override
    public String sleepAndBuildText(int delayMs, int length) {
        if (delayMs < 0) {
            throw new IllegalArgumentException("delayMs " + delayMs + " is negative; expected 0 or more");
        }
        EchoPayload.checkSize(length);
        pause();
        sleep(delayMs);
        return EchoPayload.text(length);
    }

    private void pause() {
        sleep(delayMs);
        if (workers != null) {
            workers.serve();
        }
    }

    private static void sleep(long delayMs) {
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
