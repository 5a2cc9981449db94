package io.rpcbench.elements.check;

import java.util.Optional;

/** The Live Figures listener's address: {@code http://host:port/path} or {@code file:/path}, or empty for off. */
public record LiveAddressCheck(String field) implements FieldCheck {

    @Override
    public Optional<String> problem(String value) {
        String text = value.strip();
        if (text.isEmpty() || JMeterReferences.contains(text) || text.startsWith("http://")
                || text.startsWith("file:")) {
            return Optional.empty();
        }
        return Optional.of(field + " '" + text + "' is not an address of the live dashboard; expected "
                + "http://host:port/path (the one ./run-benchmark prints), file:/folder/, or empty for off");
    }
}
