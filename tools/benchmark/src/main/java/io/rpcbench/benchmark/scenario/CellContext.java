package io.rpcbench.benchmark.scenario;

import io.rpcbench.benchmark.jmeter.JMeterRun;
import java.nio.file.Path;
import java.util.Optional;

/**
 * What a {@link CellObserver} or an {@link AfterPlan} step gets: the cell as it runs (with the command's overrides),
 * its results folder, and its JMeter run (the first consumer's, when the cell has several), whose properties point
 * at the cell's set-up ({@code provider.pid}, {@code rest.host}, ...).
 */
public record CellContext(Cell cell, Path folder, JMeterRun run) {

    /** A JMeter property the run passes, e.g. {@code provider.pid}. */
    public Optional<String> property(String name) {
        return run.property(name);
    }

    /** The provider's PID the run's properties name ({@code provider.pid}), when they name one. */
    public Optional<Long> providerPid() {
        return property("provider.pid").filter(pid -> pid.matches("[0-9]+")).map(Long::valueOf);
    }
}
