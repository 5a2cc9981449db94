package io.rpcbench.sampler.call.echo;

import io.rpcbench.echo.EchoPayload;
import io.rpcbench.echo.PayloadKind;
import io.rpcbench.echo.Person;
import io.rpcbench.echo.RandomNumbers;
import io.rpcbench.sampler.call.BadParameterException;
import io.rpcbench.sampler.call.SamplerParameters;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Map;
import java.util.Objects;

/**
 * One prepared echo request: the argument to send and the response to expect, built once per thread in
 * {@code setupTest} so that no payload is built inside a sample. Clients translate the argument to their
 * wire model; {@link #mismatch(Object)} judges a response given back in the echo model.
 *
 * <pre>{@code
 * EchoRequest request = EchoRequest.of(PayloadKind.STRING, 1024, 0);
 * String sent = (String) request.argument();
 * String problem = request.mismatch(response);   // null when the response is the echo
 * }</pre>
 *
 * <p>The two kinds that make the provider work are built by their own factories, which take what they need:
 * {@link #cpu(int, int)} and {@link #built(int, int)}.
 */
public final class EchoRequest {

    private final PayloadKind kind;
    private final int sizeBytes;
    private final int listCount;
    private final int rounds;
    private final int delayMs;
    private final Object argument;
    private final Object expected;
    private final long payloadBytes;
    private final long responseBytes;
    /** Made once: a request whose size changes per interval is summarised in every sample. */
    private final String summary;

    private EchoRequest(PayloadKind kind, int sizeBytes, int listCount, Object argument, Object expected,
                        long payloadBytes, long responseBytes) {
        this(kind, sizeBytes, listCount, 0, 0, argument, expected, payloadBytes, responseBytes);
    }

    private EchoRequest(PayloadKind kind, int sizeBytes, int listCount, int rounds, int delayMs, Object argument,
                        Object expected, long payloadBytes, long responseBytes) {
        this.kind = kind;
        this.sizeBytes = sizeBytes;
        this.listCount = listCount;
        this.rounds = rounds;
        this.delayMs = delayMs;
        this.argument = argument;
        this.expected = expected;
        this.payloadBytes = payloadBytes;
        this.responseBytes = responseBytes;
        this.summary = summarise();
    }

    /**
     * The payload parameters every echo sampler shares ({@code payload}, {@code size_bytes}, {@code list_count},
     * {@code rounds}, {@code delay_ms}), as a request built once.
     *
     * @throws BadParameterException naming the parameter whose value does not fit
     */
    public static EchoRequest from(SamplerParameters parameters) {
        String kindValue = parameters.text(SamplerParameters.PAYLOAD, SamplerParameters.DEFAULT_PAYLOAD);
        PayloadKind kind;
        try {
            kind = PayloadKind.parse(kindValue);
        } catch (IllegalArgumentException e) {
            throw BadParameterException.of(SamplerParameters.PAYLOAD, kindValue, "is not a payload kind",
                    "one of " + PayloadKind.names());
        }
        int size = parameters.integer(SamplerParameters.SIZE_BYTES, SamplerParameters.DEFAULT_SIZE_BYTES, 0,
                EchoPayload.MAX_SIZE_BYTES);
        int count = parameters.integer(SamplerParameters.LIST_COUNT, SamplerParameters.DEFAULT_LIST_COUNT, 0,
                SamplerParameters.MAX_LIST_COUNT);
        int rounds = parameters.integer(SamplerParameters.ROUNDS, SamplerParameters.DEFAULT_ROUNDS, 0,
                SamplerParameters.MAX_ROUNDS);
        int delay = parameters.integer(SamplerParameters.DELAY_MS, SamplerParameters.DEFAULT_DELAY_MS, 0,
                SamplerParameters.MAX_TIMEOUT_MS);
        return switch (kind) {
            case CPU -> cpuRequest(size, rounds);
            case BUILT -> builtRequest(delay, size, parameters.timeoutMs());
            default -> of(kind, size, count);
        };
    }

    private static EchoRequest cpuRequest(int size, int rounds) {
        long most = (EchoPayload.MAX_SIZE_BYTES - (long) size) / RandomNumbers.DIGITS;
        if (rounds > most) {
            throw BadParameterException.of(SamplerParameters.ROUNDS, Integer.toString(rounds), "with "
                    + SamplerParameters.SIZE_BYTES + " " + size + " would build more than " + EchoPayload.MAX_SIZE_BYTES
                    + " chars", "at most " + most);
        }
        return cpu(size, rounds);
    }

    private static EchoRequest builtRequest(int delay, int size, int timeout) {
        if (delay >= timeout) { // every call would time out: said before the first one
            throw BadParameterException.of(SamplerParameters.DELAY_MS, Integer.toString(delay), "is not below "
                    + SamplerParameters.TIMEOUT_MS + " " + timeout, "a delay shorter than the call's timeout, or a "
                    + "longer " + SamplerParameters.TIMEOUT_MS);
        }
        return built(delay, size);
    }

    /**
     * @param sizeBytes bytes of the string, or approximate serialized size of the person / map / each listed person
     * @param listCount persons the provider returns for {@link PayloadKind#LIST}; ignored otherwise
     * @throws IllegalArgumentException for {@link PayloadKind#CPU} and {@link PayloadKind#BUILT}, which have their
     *     own factories
     */
    public static EchoRequest of(PayloadKind kind, int sizeBytes, int listCount) {
        switch (kind) {
            case STRING: {
                String text = EchoPayload.text(sizeBytes);
                long bytes = text.getBytes(StandardCharsets.UTF_8).length;
                return new EchoRequest(kind, sizeBytes, 0, text, text, bytes, bytes);
            }
            case PERSON: {
                Person person = EchoPayload.person(sizeBytes);
                return new EchoRequest(kind, sizeBytes, 0, person, EchoPayload.person(sizeBytes), sizeBytes, sizeBytes);
            }
            case MAP:
                return new EchoRequest(kind, sizeBytes, 0, EchoPayload.personMap(sizeBytes),
                        EchoPayload.personMap(sizeBytes), sizeBytes, sizeBytes);
            case LIST:
                // The argument is the two ints (count, size); the provider builds the same list we expect.
                return new EchoRequest(kind, sizeBytes, listCount, null, EchoPayload.persons(listCount, sizeBytes),
                        2 * Integer.BYTES, (long) listCount * sizeBytes);
            case NONE:
                return new EchoRequest(kind, 0, 0, null, null, 0, 0);
            default:
                throw new IllegalArgumentException("payload kind " + kind.userName() + " takes more than a size; "
                        + "expected EchoRequest.cpu or EchoRequest.built for it");
        }
    }

    /**
     * Seed 000's CPU call: sends a string of {@code sizeBytes} and {@code rounds}; expects the built length
     * {@link RandomNumbers#builtLength} predicts.
     *
     * @throws IllegalArgumentException when the size or the rounds are out of range
     */
    public static EchoRequest cpu(int sizeBytes, int rounds) {
        String text = EchoPayload.text(sizeBytes);
        int expected = RandomNumbers.builtLength(text, rounds);
        return new EchoRequest(PayloadKind.CPU, sizeBytes, 0, rounds, 0, text, expected,
                text.getBytes(StandardCharsets.UTF_8).length + (long) Integer.BYTES, Integer.BYTES);
    }

    /**
     * Seed 002's call: sends {@code delayMs} and {@code sizeBytes}; expects {@link EchoPayload#text(int)} of that size.
     *
     * @throws IllegalArgumentException when the delay is negative or the size out of range
     */
    public static EchoRequest built(int delayMs, int sizeBytes) {
        if (delayMs < 0) {
            throw new IllegalArgumentException("delay " + delayMs + " ms is negative; expected 0 or more");
        }
        String text = EchoPayload.text(sizeBytes);
        return new EchoRequest(PayloadKind.BUILT, sizeBytes, 0, 0, delayMs, null, text, 2L * Integer.BYTES,
                text.getBytes(StandardCharsets.UTF_8).length);
    }

    public PayloadKind kind() { return kind; }

    public int sizeBytes() { return sizeBytes; }

    public int listCount() { return listCount; }

    /** Random numbers the provider appends for {@link PayloadKind#CPU}; 0 otherwise. */
    public int rounds() { return rounds; }

    /** Milliseconds the provider sleeps for {@link PayloadKind#BUILT}; 0 otherwise. */
    public int delayMs() { return delayMs; }

    /** What to send: a String (also for cpu, beside the rounds), a Person or a Map of persons; null for list, none and built. */
    public Object argument() { return argument; }

    /** What the provider must return, in the echo model; null for none. */
    public Object expected() { return expected; }

    /** Payload bytes sent (UTF-8 length of a string, nominal size otherwise): the estimate when a client cannot count the wire. */
    public long payloadBytes() { return payloadBytes; }

    /** Payload bytes expected back, same meaning as {@link #payloadBytes()}. */
    public long responseBytes() { return responseBytes; }

    /** A short description for the sample, e.g. {@code echo string 1024 bytes}; the same String on every call. */
    public String summary() {
        return summary;
    }

    private String summarise() {
        switch (kind) {
            case STRING: return "echo string " + sizeBytes + " bytes";
            case PERSON: return "echoPerson person of about " + sizeBytes + " bytes";
            case MAP: return "echoPersons map of " + EchoPayload.PERSONS_IN_MAP + " persons, about " + sizeBytes + " bytes";
            case LIST: return "listPersons " + listCount + " persons of about " + sizeBytes + " bytes";
            case CPU: return "appendRandomNumbers " + rounds + " rounds to a string of " + sizeBytes + " bytes";
            case BUILT: return "sleepAndBuildText " + delayMs + " ms, " + sizeBytes + " chars";
            default: return "ping";
        }
    }

    /** Null when {@code response} is the echo of this request, otherwise what differed. */
    public String mismatch(Object response) {
        if (Objects.equals(expected, response)) {
            return null;
        }
        String want = describe(expected);
        String got = describe(response);
        if (want.equals(got)) {
            return "response differs from the request in content although both are " + want;
        }
        return "expected " + want + " but the response was " + got;
    }

    private static String describe(Object value) {
        if (value == null) {
            return "null";
        }
        if (value instanceof String) {
            return "a string of " + ((String) value).getBytes(StandardCharsets.UTF_8).length + " bytes";
        }
        if (value instanceof Person) {
            String description = ((Person) value).getDescription();
            return "a person with a description of " + (description == null ? 0 : description.length()) + " chars";
        }
        if (value instanceof Map) {
            return "a map of " + ((Map<?, ?>) value).size() + " entries";
        }
        if (value instanceof Number) {
            return "the number " + value;
        }
        if (value instanceof Collection) {
            return "a list of " + ((Collection<?>) value).size() + " entries";
        }
        return "a " + value.getClass().getName();
    }
}
