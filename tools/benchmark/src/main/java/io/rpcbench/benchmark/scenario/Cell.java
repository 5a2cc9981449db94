package io.rpcbench.benchmark.scenario;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.function.Consumer;

/**
 * One cell of a scenario's table: a row and a column of the seed's table, and the run that fills it: a plan of
 * {@code test-plans/} with its {@code -J} properties, its threads, how it stops ({@link Stop}) and what it needs
 * running ({@link CellSetup}); its nominal payload size, which the shortened test checks the received bytes
 * against; and the seed's published figures for the same cell, if any. Immutable: each {@code with} method
 * returns a new cell.
 *
 * <pre>{@code
 * Cell cell = Cell.of("echo 1k", "Dubbo hessian2", "dubbo-echo-1k")
 *         .threads(20)
 *         .stop(Stop.timed(60, 60))
 *         .payloadBytes(1024)
 *         .seed(SeedColumns.SEED_003_DUBBO_1K);
 * }</pre>
 *
 * @param name         the cell's run, unique in its scenario: its results folder and its name on the dashboard
 *                     (the plan's name unless {@link #named} says otherwise)
 * @param row          the seed table's row, e.g. "echo 1k"
 * @param column       the seed table's column, e.g. "Dubbo hessian2"
 * @param plan         the plan, without {@code .jmx}
 * @param properties   the plan's {@code -J} properties, beyond threads, warm-up, duration and loops
 * @param threads      JMeter threads
 * @param stop         when the plan stops, and which samples count
 * @param setup        the processes it needs running
 * @param payloadBytes the bytes a call's answer carries as payload, if the cell names one
 * @param seed         the seed's published figures for this cell, if any
 * @param consumers    JMeter runs of the plan at the same time, each with {@code threads} threads (seed 000's
 *                     pressure test had two consumers); their samples count together, each consumer's apart too
 * @param observers    what watches the run while the plan runs ({@link CellObserver})
 * @param afterPlan    steps run after the plan against the same set-up ({@link AfterPlan})
 */
public record Cell(String name, String row, String column, String plan, Map<String, String> properties, int threads,
        Stop stop, CellSetup setup, OptionalInt payloadBytes, Optional<SeedColumn> seed, int consumers,
        List<CellObserver> observers, List<AfterPlan> afterPlan) {

    /** The plan properties a cell sets from its own fields: not to be given as {@link #properties}. */
    public static final Set<String> OWN_PROPERTIES = Set.of("threads", "rampup", "warmup", "duration", "loops");

    /** The seeds' usual load: 20 threads. */
    public static final int DEFAULT_THREADS = 20;

    public Cell {
        requireText("name", name);
        requireText("row", row);
        requireText("column", column);
        requireText("plan", plan);
        if (!name.matches("[A-Za-z0-9._-]+")) {
            throw new IllegalArgumentException("cell name '" + name + "' is not usable as a folder name; expected "
                    + "letters, digits, '.', '_' and '-'");
        }
        properties = Map.copyOf(properties);
        for (String own : OWN_PROPERTIES) {
            if (properties.containsKey(own)) {
                throw new IllegalArgumentException("cell '" + name + "' sets the plan property '" + own + "'; "
                        + "expected it from the cell's threads or stop instead");
            }
        }
        if (threads < 1) {
            throw new IllegalArgumentException("cell '" + name + "' has " + threads + " threads; expected 1 or more");
        }
        Objects.requireNonNull(stop, "stop");
        Objects.requireNonNull(setup, "setup");
        Objects.requireNonNull(payloadBytes, "payloadBytes");
        if (payloadBytes.isPresent() && payloadBytes.getAsInt() < 0) {
            throw new IllegalArgumentException("cell '" + name + "' names a payload of " + payloadBytes.getAsInt()
                    + " bytes; expected 0 or more");
        }
        Objects.requireNonNull(seed, "seed");
        if (consumers < 1) {
            throw new IllegalArgumentException("cell '" + name + "' has " + consumers + " consumers; expected 1 or "
                    + "more");
        }
        observers = List.copyOf(observers);
        afterPlan = List.copyOf(afterPlan);
    }

    /**
     * A cell at {@code row} and {@code column} that runs {@code plan}, named after it: one consumer of 20 threads,
     * 60 s warm-up then 60 s measured, the provider app with its defaults, no payload size, no seed figures, nothing
     * watching or after it.
     */
    public static Cell of(String row, String column, String plan) {
        return new Cell(plan, row, column, plan, Map.of(), DEFAULT_THREADS, Stop.timed(60, 60), CellSetup.DEFAULT,
                OptionalInt.empty(), Optional.empty(), 1, List.of(), List.of());
    }

    public Cell named(String newName) {
        return with(draft -> draft.name = newName);
    }

    /** This cell with {@code more} plan properties added (a later value wins). */
    public Cell properties(Map<String, String> more) {
        return with(draft -> draft.properties.putAll(more));
    }

    public Cell threads(int count) {
        return with(draft -> draft.threads = count);
    }

    public Cell stop(Stop newStop) {
        return with(draft -> draft.stop = newStop);
    }

    public Cell setup(CellSetup newSetup) {
        return with(draft -> draft.setup = newSetup);
    }

    public Cell payloadBytes(int bytes) {
        return with(draft -> draft.payloadBytes = OptionalInt.of(bytes));
    }

    public Cell seed(SeedColumn published) {
        return with(draft -> draft.seed = Optional.of(published));
    }

    /** This cell run by {@code count} JMeter runs at once, each with the cell's threads. */
    public Cell consumers(int count) {
        return with(draft -> draft.consumers = count);
    }

    /** This cell with {@code observer} watching its run too. */
    public Cell observedBy(CellObserver observer) {
        return with(draft -> draft.observers.add(observer));
    }

    /** This cell with {@code step} run after its plan too. */
    public Cell then(AfterPlan step) {
        return with(draft -> draft.afterPlan.add(step));
    }

    /** A copy of this cell with {@code change} made to it, checked as any new cell is (the canonical constructor). */
    private Cell with(Consumer<Draft> change) {
        Draft draft = new Draft(this);
        change.accept(draft);
        return draft.cell();
    }

    /** A cell's fields while one {@code with} method changes one of them: the one place the fields are copied. */
    private static final class Draft {
        String name;
        final String row;
        final String column;
        final String plan;
        final Map<String, String> properties;
        int threads;
        Stop stop;
        CellSetup setup;
        OptionalInt payloadBytes;
        Optional<SeedColumn> seed;
        int consumers;
        final List<CellObserver> observers;
        final List<AfterPlan> afterPlan;

        Draft(Cell cell) {
            name = cell.name;
            row = cell.row;
            column = cell.column;
            plan = cell.plan;
            properties = new LinkedHashMap<>(cell.properties);
            threads = cell.threads;
            stop = cell.stop;
            setup = cell.setup;
            payloadBytes = cell.payloadBytes;
            seed = cell.seed;
            consumers = cell.consumers;
            observers = new ArrayList<>(cell.observers);
            afterPlan = new ArrayList<>(cell.afterPlan);
        }

        Cell cell() {
            return new Cell(name, row, column, plan, properties, threads, stop, setup, payloadBytes, seed, consumers,
                    observers, afterPlan);
        }
    }

    private static void requireText(String what, String value) {
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("a cell's " + what + " is '" + value + "'; expected some text");
        }
    }
}
