package io.rpcbench.benchmark.scenario;

import java.io.IOException;

/**
 * Something that watches a cell's run while its plan runs, e.g. the provider's heap and threads sampled every
 * interval for seed 000's stability test (package soak's {@code SoakObserver}). The runner starts it once
 * the cell's JMeter has started (so it may watch JMeter's process too) and closes it once JMeter has exited, also when
 * the run failed; it writes what it saw into the cell's folder, where a {@link Figure} of the scenario reads it.
 *
 * <pre>{@code
 * Cell cell = Cell.of("stability", "Dubbo 3.3", "seed-000-stability").observedBy(new SoakObserver());
 * }</pre>
 */
@FunctionalInterface
public interface CellObserver {

    /**
     * Starts watching; runs on the thread that runs the plan, right after JMeter started.
     *
     * @throws IOException when it cannot start; the runner says so and the plan runs on unwatched
     */
    Observation start(CellContext context) throws IOException;

    /** A started observation. */
    interface Observation extends AutoCloseable {

        /** Stops watching and finishes its files; returns once it has. */
        @Override
        void close();
    }
}
