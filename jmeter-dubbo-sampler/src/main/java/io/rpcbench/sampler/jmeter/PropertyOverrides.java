package io.rpcbench.sampler.jmeter;

import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * The sampler parameter {@value #PARAMETER}: which parameters take the value of a JMeter property when that property
 * is set ({@code -Jthrift.host=...} or {@code user.properties}), written {@code parameter=property} and separated by
 * commas, e.g. {@code host=thrift.host, port=thrift.port}. A property that is not set leaves the plan's value, the
 * default. Empty: no parameter is overridden.
 *
 * <p>Why: a plan can give each parameter as {@code ${__P(thrift.host,127.0.0.1)}}, but JMeter runs the functions in
 * a Java Request's arguments again on every sample, and hashes their fresh values while it resets the sampler after
 * each one (about 8% of JMeter's CPU in a Thrift echo run at 20 threads, JFR). With plain values and this parameter
 * the plan takes the same {@code -J} properties, read once per thread when {@link #parse} runs in {@code setupTest}.
 *
 * <pre>{@code
 * PropertyOverrides overrides = PropertyOverrides.parse(text, parameterNames, JMeterUtils::getProperty);
 * SamplerParameters parameters = new SamplerParameters(overrides.over(context::getParameter));
 * }</pre>
 */
final class PropertyOverrides {

    /** The parameter's name, as the GUI shows it. */
    static final String PARAMETER = "property_overrides";

    private static final String EXPECTED = "parameter=property pairs separated by commas, e.g. "
            + "host=thrift.host, port=thrift.port";

    /** The overridden parameters and their properties' values (trimmed, as {@code __P} gives them). */
    private final Map<String, String> values;

    private PropertyOverrides(Map<String, String> values) {
        this.values = values;
    }

    /**
     * Reads {@code text} and the values of the properties it names.
     *
     * @param text       the parameter's value; null or blank for none
     * @param parameters the sampler's parameters, the only names a pair may override
     * @param properties the value of a JMeter property, null when it is not set
     * @throws IllegalArgumentException naming {@value #PARAMETER}, its value and the pair that is wrong
     */
    static PropertyOverrides parse(String text, Collection<String> parameters, UnaryOperator<String> properties) {
        Map<String, String> values = new HashMap<>();
        if (text == null || text.isBlank()) {
            return new PropertyOverrides(values);
        }
        Set<String> named = new HashSet<>();
        for (String pair : text.split(",")) {
            int eq = pair.indexOf('=');
            String parameter = eq < 0 ? "" : pair.substring(0, eq).strip();
            String property = eq < 0 ? "" : pair.substring(eq + 1).strip();
            if (parameter.isEmpty() || property.isEmpty()) {
                throw problem(text, "has '" + pair.strip() + "', which is not parameter=property", EXPECTED);
            }
            if (!parameters.contains(parameter)) {
                throw problem(text, "overrides '" + parameter + "', which is not a parameter of this sampler",
                        "one of " + String.join(", ", parameters) + " before each =");
            }
            if (!named.add(parameter)) {
                throw problem(text, "overrides '" + parameter + "' twice", "each parameter once");
            }
            String value = properties.apply(property);
            if (value != null) {
                values.put(parameter, value.trim());
            }
        }
        return new PropertyOverrides(values);
    }

    private static IllegalArgumentException problem(String text, String problem, String expected) {
        return new IllegalArgumentException(PARAMETER + " '" + text + "' " + problem + "; expected " + expected);
    }

    /** {@code parameters} with the overridden ones replaced by their properties' values. */
    UnaryOperator<String> over(UnaryOperator<String> parameters) {
        if (values.isEmpty()) {
            return parameters;
        }
        return name -> {
            String value = values.get(name);
            return value != null ? value : parameters.apply(name);
        };
    }
}
