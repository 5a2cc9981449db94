package io.rpcbench.echo;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Deterministic payloads: the same arguments always give equal values, so a provider and a sampler that
 * never talk to each other can build the same list of persons, and runs can be compared byte for byte.
 *
 * <pre>{@code
 * String text = EchoPayload.text(1024);           // exactly 1024 UTF-8 bytes
 * Person person = EchoPayload.person(1024);       // about 1 KiB when serialized
 * Map<String, Person> map = EchoPayload.personMap(3 * 1024);
 * }</pre>
 */
public final class EchoPayload {

    /** Largest payload accepted: keeps a typo such as 100000000 from exhausting the heap of every thread. */
    public static final int MAX_SIZE_BYTES = 64 * 1024 * 1024;

    /** Persons in a map built by {@link #personMap(int)}: the "Map of 3 Persons" of the seeds. */
    public static final int PERSONS_IN_MAP = 3;

    private static final byte[] ALPHABET =
            "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789".getBytes(StandardCharsets.US_ASCII);

    /** Bytes a person takes besides its description, measured roughly over hessian2 and Thrift binary. */
    private static final int PERSON_FIXED_BYTES = 200;

    private EchoPayload() {}

    /** A string of exactly {@code sizeBytes} ASCII characters, hence bytes in UTF-8. */
    public static String text(int sizeBytes) {
        checkSize(sizeBytes);
        byte[] bytes = new byte[sizeBytes];
        for (int i = 0; i < sizeBytes; i++) {
            bytes[i] = ALPHABET[i % ALPHABET.length];
        }
        return new String(bytes, StandardCharsets.US_ASCII);
    }

    /** Person number 0 of about {@code sizeBytes} serialized bytes. */
    public static Person person(int sizeBytes) {
        return person(0, sizeBytes);
    }

    /** Person number {@code index} of about {@code sizeBytes} serialized bytes. */
    public static Person person(int index, int sizeBytes) {
        checkSize(sizeBytes);
        Person person = new Person();
        person.setId(1_000_000_000_000L + index);
        person.setName("person-" + index);
        person.setAge(20 + index % 60);
        person.setEmail("person-" + index + "@example.org");
        person.setAddress(new Address(index + " Loopback Street", "Localhost", String.format("%05d", index % 100_000)));
        person.setPhones(Arrays.asList("+86-10-" + (5550000 + index), "+1-555-" + (1000 + index % 9000)));
        Map<String, String> tags = new LinkedHashMap<>();
        tags.put("team", "bench");
        tags.put("index", Integer.toString(index));
        person.setTags(tags);
        person.setDescription(text(Math.max(0, sizeBytes - PERSON_FIXED_BYTES)));
        return person;
    }

    /** {@value #PERSONS_IN_MAP} persons keyed by name, about {@code sizeBytes} in all. */
    public static Map<String, Person> personMap(int sizeBytes) {
        checkSize(sizeBytes);
        Map<String, Person> map = new LinkedHashMap<>();
        for (int i = 0; i < PERSONS_IN_MAP; i++) {
            Person person = person(i, sizeBytes / PERSONS_IN_MAP);
            map.put(person.getName(), person);
        }
        return map;
    }

    /** Persons 0 to {@code count - 1}, each of about {@code sizeBytes}. */
    public static List<Person> persons(int count, int sizeBytes) {
        if (count < 0) {
            throw new IllegalArgumentException("person count " + count + " is negative; expected 0 or more");
        }
        checkSize(sizeBytes);
        List<Person> persons = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            persons.add(person(i, sizeBytes));
        }
        return persons;
    }

    /**
     * @throws IllegalArgumentException naming the size and the accepted range
     */
    public static void checkSize(int sizeBytes) {
        if (sizeBytes < 0 || sizeBytes > MAX_SIZE_BYTES) {
            throw new IllegalArgumentException(
                    "payload size " + sizeBytes + " is out of range; expected 0 to " + MAX_SIZE_BYTES + " bytes");
        }
    }
}
