package io.rpcbench.benchmark.scenario;

import io.rpcbench.benchmark.process.ProjectLayout;
import io.rpcbench.benchmark.process.ProviderEndpoints;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A process a cell needs beside the provider app, e.g. the Dubbo 2.7 provider (module {@code dubbo27-provider}, a
 * JVM of its own): its name, its options, and the code that starts it, which the part that owns the process
 * provides. Two extra processes are the same set-up when name and options are equal, whatever launcher made them,
 * so the runner keeps one running from cell to cell while they stay equal.
 *
 * <pre>{@code
 * ExtraProcess dubbo27 = new ExtraProcess("dubbo27-provider", List.of("--protocol", "rmi"), Dubbo27Provider::start);
 * Cell cell = Cell.of("string 1k", "Dubbo 2.7 rmi", "seed-000-rmi-1k").setup(CellSetup.provider().with(dubbo27));
 * }</pre>
 *
 * @param name     what the process is, in messages and log names, e.g. {@code dubbo27-provider}
 * @param options  its options
 * @param launcher starts it and returns once it is ready
 */
public record ExtraProcess(String name, List<String> options, Launcher launcher) {

    public ExtraProcess {
        if (name == null || !name.matches("[A-Za-z0-9._-]+")) {
            throw new IllegalArgumentException("an extra process is named '" + name + "'; expected letters, digits, "
                    + "'.', '_' and '-' (it names its log file)");
        }
        options = List.copyOf(options);
        Objects.requireNonNull(launcher, "launcher");
    }

    /** Starts the process; runs on the thread of the scenario's runner. */
    @FunctionalInterface
    public interface Launcher {

        /**
         * Starts the process and returns once it is ready (a printed line or an open port, with a deadline).
         *
         * @throws IllegalStateException naming the process and why, when it exits or is not ready in time; it is
         *     stopped then
         */
        Running start(Context context) throws IOException;
    }

    /**
     * What a launcher gets: the checkout, the options, its log file, and the provider app's endpoints (e.g. its
     * embedded ZooKeeper, to register with).
     */
    public record Context(ProjectLayout layout, List<String> options, Path log, ProviderEndpoints provider) {}

    /** A started process. */
    public interface Running extends AutoCloseable {

        long pid();

        /**
         * The JMeter properties that point a cell's plan at it; they win over the site's, so they may name it as
         * the provider the agent measures ({@code provider.pid}).
         */
        Map<String, String> planProperties();

        /** Stops it by its PID and returns once it is gone. */
        @Override
        void close();
    }

    /** Same name and options: the same set-up. */
    @Override
    public boolean equals(Object other) {
        return other instanceof ExtraProcess that && name.equals(that.name) && options.equals(that.options);
    }

    @Override
    public int hashCode() {
        return Objects.hash(name, options);
    }

    @Override
    public String toString() {
        return options.isEmpty() ? name : name + " " + String.join(" ", options);
    }
}
