package io.rpcbench.elements.check;

import java.util.Optional;

/**
 * What a panel checks in one field while it is edited, before any run: the problem in words (naming the field, its
 * value and what was expected, as the sampler's own messages do), or empty when the value is fine or cannot be judged
 * before the run. An empty value is always fine (the default applies); so is a JMeter reference ({@code ${var}},
 * {@code ${__P(name)}}), whose value is only known when the sample runs.
 *
 * <pre>{@code
 * FieldCheck timeout = new IntegerCheck("timeout_ms", 1, 3_600_000, "5000");
 * timeout.problem("5s"); // "timeout_ms '5s' is not a number; expected an integer from 1 to 3600000, or empty for 5000"
 * }</pre>
 */
@FunctionalInterface
public interface FieldCheck {

    /** No check: anything goes until the run. */
    FieldCheck NONE = value -> Optional.empty();

    Optional<String> problem(String value);
}
