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
 * returned by the provider (seed 004); and two that make the provider work, answering with what the caller can
 * check: a CPU loop (seed 000) and a delayed string build (seed 002).
 *
 * <p>Those two are default methods that refuse the call, so that a provider serving only the echoes (the
 * Dubbo 2.7 provider, test doubles) need not implement them; rpcbench's provider app overrides both. The refusal is
 * an {@code IllegalStateException} because Dubbo 3.3's strict serialization sends that back to the caller, while it
 * turns an {@code UnsupportedOperationException}, which its allow list lacks, into an unexplained transport failure.
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

    /**
     * Seed 000's CPU scenario: starts a string builder with {@code text}, appends {@code rounds} new random numbers
     * to it, each made anew, and returns the built length, which {@link RandomNumbers#builtLength} predicts (see
     * {@link RandomNumbers#append}). Only the length travels back: the scenario loads the provider's CPU, not the
     * network.
     *
     * @throws IllegalStateException by default: this provider does not serve the scenario
     */
    default int appendRandomNumbers(String text, int rounds) {
        throw new IllegalStateException("appendRandomNumbers (seed 000's CPU scenario) is not served by "
                + getClass().getName());
    }

    /**
     * Seed 002's delay scenario: sleeps {@code delayMs} milliseconds (the seed's simulated latency of the provider's
     * work), then builds and returns {@link EchoPayload#text(int) EchoPayload.text(length)}, which the caller checks
     * by building the same text.
     *
     * @throws IllegalStateException by default: this provider does not serve the scenario
     */
    default String sleepAndBuildText(int delayMs, int length) {
        throw new IllegalStateException("sleepAndBuildText (seed 002's delay scenario) is not served by "
                + getClass().getName());
    }
}
