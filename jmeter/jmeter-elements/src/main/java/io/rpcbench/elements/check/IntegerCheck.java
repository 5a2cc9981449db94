package io.rpcbench.elements.check;

import java.util.Optional;

/** A whole number in a range, e.g. {@code timeout_ms} from 1 to 3600000; empty for the default. */
public record IntegerCheck(String field, long min, long max, String defaultValue) implements FieldCheck {

    @Override
    public Optional<String> problem(String value) {
        String text = value.strip();
        if (text.isEmpty() || JMeterReferences.contains(text)) {
            return Optional.empty();
        }
        String expected = "; expected an integer from " + min + " to " + max + ", or empty for " + defaultValue;
        if (!text.matches("[-+]?\\d+")) {
            return Optional.of(field + " '" + text + "' is not a number" + expected);
        }
        boolean inRange;
        try {
            long parsed = Long.parseLong(text);
            inRange = parsed >= min && parsed <= max;
        } catch (NumberFormatException e) { // more digits than a long holds
            inRange = false;
        }
        return inRange ? Optional.empty() : Optional.of(field + " '" + text + "' is out of range" + expected);
    }
}
