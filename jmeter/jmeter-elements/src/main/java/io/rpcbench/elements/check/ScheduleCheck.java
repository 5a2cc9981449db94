package io.rpcbench.elements.check;

import io.rpcbench.elements.arrivals.ScheduleText;
import java.util.Optional;

/**
 * An arrival schedule in the Open Model Thread Group's language, read as the run will read it
 * ({@link ScheduleText}): a problem when it cannot be read or has no arrivals; a schedule holding JMeter references
 * ({@code rate(${__P(rate,1000)}/sec)}) is judged when the run starts, with their values.
 */
public record ScheduleCheck(String field) implements FieldCheck {

    @Override
    public Optional<String> problem(String value) {
        String text = value.strip();
        if (JMeterReferences.contains(text)) {
            return Optional.empty();
        }
        try {
            ScheduleText.parse(field, text);
            return Optional.empty();
        } catch (IllegalArgumentException e) {
            return Optional.of(e.getMessage());
        }
    }
}
