package io.rpcbench.reports.statistics;

import io.rpcbench.reports.jtl.JtlSample;
import io.rpcbench.reports.jtl.LoadGeneratorName;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * Something kept per load generator of a distributed run (statistics, a time line), looked up by the generator's
 * name ({@link JtlSample#generator()}). Bounded: after {@link #MAX_GENERATORS} generators, further ones count together
 * under {@link #OTHER}, so a JTL of odd thread names cannot fill the memory. Read the entries with {@link #inOrder()}.
 *
 * <p>Samples without a generator in a run whose other samples have one are kept under {@link #NO_PREFIX}, so the
 * generators' figures add up to the run's: a JMeter controller with {@code -R} runs no threads of its own, so this
 * is a plan whose thread group names fool {@link LoadGeneratorName}, and the reader should see it.
 *
 * @param <T> what is kept per generator
 */
public final class LoadGenerators<T> {

    static final int MAX_GENERATORS = LoadGeneratorName.MAX_GENERATORS;
    static final String OTHER = "(other generators)";
    static final String NO_PREFIX = "(no engine prefix)";

    private final Map<String, T> byName = new HashMap<>();
    private final Supplier<T> empty;

    public LoadGenerators(Supplier<T> empty) {
        this.empty = empty;
    }

    /** What is kept for {@code generator} ({@link #NO_PREFIX} for ""), made empty when new. */
    public T of(String generator) {
        String name = generator.isEmpty() ? NO_PREFIX : generator;
        T value = byName.get(name);
        if (value == null) {
            if (byName.size() >= MAX_GENERATORS) {
                return byName.computeIfAbsent(OTHER, other -> empty.get());
            }
            value = empty.get();
            byName.put(name, value);
        }
        return value;
    }

    /** Starts {@code generator}'s entry with {@code value}, e.g. what was counted before a first generator appeared. */
    void start(String generator, T value) {
        byName.put(generator.isEmpty() ? NO_PREFIX : generator, value);
    }

    /** Every entry, in {@link LoadGeneratorName#ORDER}: addresses in numeric order, names, then the bracketed ones. */
    public Map<String, T> inOrder() {
        Map<String, T> ordered = new LinkedHashMap<>();
        byName.entrySet().stream().sorted(Map.Entry.comparingByKey(LoadGeneratorName.ORDER))
                .forEach(e -> ordered.put(e.getKey(), e.getValue()));
        return ordered;
    }
}
