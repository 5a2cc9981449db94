package io.rpcbench.elements.check;

import java.util.List;
import java.util.Optional;

/**
 * A Dubbo address: {@code scheme://host:port} with one of {@code schemes} (a registry, {@code zookeeper} or
 * {@code nacos}, or a provider, {@code dubbo} or {@code tri}). The sampler reads the rest when the run starts.
 */
public record AddressCheck(String field, List<String> schemes, String defaultValue) implements FieldCheck {

    public AddressCheck {
        schemes = List.copyOf(schemes);
    }

    @Override
    public Optional<String> problem(String value) {
        String text = value.strip();
        if (text.isEmpty() || JMeterReferences.contains(text)) {
            return Optional.empty();
        }
        int colon = text.indexOf("://");
        String scheme = colon < 0 ? "" : text.substring(0, colon);
        if (schemes.contains(scheme) && text.length() > colon + 3) {
            return Optional.empty();
        }
        return Optional.of(field + " '" + text + "' is not " + (colon < 0 ? "a URL" : "a " + String.join(", ", schemes)
                + " address") + "; expected " + String.join(" or ", schemes.stream().map(s -> s + "://host:port")
                .toList()) + ", or empty for " + defaultValue);
    }
}
