package io.rpcbench.echo;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/** What a sampler sends: the names are the values users type into the sampler's "payload" parameter. */
public enum PayloadKind {
    /** A string of exactly N bytes, echoed back. */
    STRING("string"),
    /** One person of about N bytes, echoed back. */
    PERSON("person"),
    /** A map of three persons of about N bytes in all, echoed back. */
    MAP("map"),
    /** A list of persons built by the provider; N is the size of each person. */
    LIST("list"),
    /** A call with no argument and no result. */
    NONE("none"),
    /** A string of N bytes the provider appends random numbers to, round after round (seed 000's CPU scenario). */
    CPU("cpu"),
    /** A string of N bytes the provider builds after a delay (seed 002's delay scenario). */
    BUILT("built");

    private final String userName;

    PayloadKind(String userName) {
        this.userName = userName;
    }

    /** The name users write, e.g. {@code string}. */
    public String userName() {
        return userName;
    }

    /**
     * Parses a user-written kind, ignoring case and surrounding blanks.
     *
     * @throws IllegalArgumentException naming the value and the accepted ones
     */
    public static PayloadKind parse(String value) {
        String wanted = value == null ? "" : value.trim().toLowerCase(Locale.ROOT);
        for (PayloadKind kind : values()) {
            if (kind.userName.equals(wanted)) {
                return kind;
            }
        }
        throw new IllegalArgumentException("payload kind '" + value + "' is not one of " + names());
    }

    /** The accepted names, comma separated. */
    public static String names() {
        return Arrays.stream(values()).map(PayloadKind::userName).collect(Collectors.joining(", "));
    }
}
