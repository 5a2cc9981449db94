package io.rpcbench.sampler.call;

import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;

/**
 * Reads and validates the parameters of a sampler once, before the first call. The values come from any
 * lookup (JMeter's {@code JavaSamplerContext::getParameter} in the samplers, a map in tests); a missing or
 * blank value takes the default. Every invalid value raises a {@link BadParameterException} naming the
 * parameter, the value and what was expected.
 */
public final class SamplerParameters {

    public static final String PAYLOAD = "payload";
    public static final String SIZE_BYTES = "size_bytes";
    public static final String LIST_COUNT = "list_count";
    public static final String TIMEOUT_MS = "timeout_ms";
    /** Random numbers the provider appends per call, for payload {@code cpu} (seed 000). */
    public static final String ROUNDS = "rounds";
    /** Milliseconds the provider sleeps before building the text, for payload {@code built} (seed 002). */
    public static final String DELAY_MS = "delay_ms";

    public static final String DEFAULT_PAYLOAD = "string";
    public static final int DEFAULT_SIZE_BYTES = 1024;
    public static final int DEFAULT_LIST_COUNT = 10;
    public static final int DEFAULT_TIMEOUT_MS = 5000;
    /** Seed 000's 10,000 rounds per call. */
    public static final int DEFAULT_ROUNDS = 10_000;
    public static final int DEFAULT_DELAY_MS = 0;

    /** Longest timeout accepted: one hour; longer is surely a typo. */
    public static final int MAX_TIMEOUT_MS = 3_600_000;
    /** Most persons a list call may ask for. */
    public static final int MAX_LIST_COUNT = 100_000;
    /** Most rounds a cpu call may ask for: a text of about 10 MB built per call, a thousand times the seed's work. */
    public static final int MAX_ROUNDS = 1_000_000;

    private final UnaryOperator<String> lookup;

    /** @param lookup returns the raw value of a parameter, or null when absent */
    public SamplerParameters(UnaryOperator<String> lookup) {
        this.lookup = lookup;
    }

    /** The trimmed value, or {@code defaultValue} when absent or blank. */
    public String text(String name, String defaultValue) {
        String value = lookup.apply(name);
        return value == null || value.isBlank() ? defaultValue : value.trim();
    }

    /** The trimmed value, empty when absent: for parameters such as version and group whose default is none. */
    public String optionalText(String name) {
        return text(name, "");
    }

    /** An integer from {@code min} to {@code max}. */
    public int integer(String name, int defaultValue, int min, int max) {
        String value = text(name, null);
        if (value == null) {
            return defaultValue;
        }
        String expected = "an integer from " + min + " to " + max;
        int parsed;
        try {
            parsed = Integer.parseInt(value);
        } catch (NumberFormatException e) {
            // Digits too many for an int are a number, just too large: "not a number" would send the user astray.
            throw BadParameterException.of(name, value,
                    value.matches("[-+]?\\d+") ? "is out of range" : "is not a number", expected);
        }
        if (parsed < min || parsed > max) {
            throw BadParameterException.of(name, value, "is out of range", expected);
        }
        return parsed;
    }

    /** One of {@code allowed}, compared ignoring case; returned in lower case. */
    public String choice(String name, String defaultValue, List<String> allowed) {
        String value = text(name, defaultValue);
        String lower = value.toLowerCase(Locale.ROOT);
        if (!allowed.contains(lower)) {
            throw BadParameterException.of(name, value, "is not supported", "one of " + String.join(", ", allowed));
        }
        return lower;
    }

    public int timeoutMs() {
        return integer(TIMEOUT_MS, DEFAULT_TIMEOUT_MS, 1, MAX_TIMEOUT_MS);
    }
}
