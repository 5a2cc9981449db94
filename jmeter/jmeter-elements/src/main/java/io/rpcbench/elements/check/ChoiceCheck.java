package io.rpcbench.elements.check;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** One of a few names, compared ignoring case as the samplers compare them, e.g. {@code protocol} dubbo or tri. */
public record ChoiceCheck(String field, List<String> choices, String defaultValue) implements FieldCheck {

    public ChoiceCheck {
        choices = List.copyOf(choices);
    }

    @Override
    public Optional<String> problem(String value) {
        String text = value.strip();
        if (text.isEmpty() || JMeterReferences.contains(text) || choices.contains(text.toLowerCase(Locale.ROOT))) {
            return Optional.empty();
        }
        return Optional.of(field + " '" + text + "' is not supported; expected one of " + String.join(", ", choices)
                + ", or empty for " + defaultValue);
    }
}
