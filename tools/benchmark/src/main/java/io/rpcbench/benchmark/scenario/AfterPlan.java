package io.rpcbench.benchmark.scenario;

import java.io.IOException;

/**
 * A step a cell runs after its plan, while the cell's set-up still runs, e.g. seed 003's ApacheBench run against the
 * same REST endpoint the plan loaded (package ab's {@code AbStep}). It writes what it measured, or why it
 * measured nothing, into the cell's folder, where a {@link Figure} of the scenario reads it.
 */
@FunctionalInterface
public interface AfterPlan {

    /**
     * Runs the step; the runner goes on to the cell's figures after it.
     *
     * @throws IOException when its files cannot be written; the runner says so and goes on
     */
    void run(CellContext context) throws IOException;
}
