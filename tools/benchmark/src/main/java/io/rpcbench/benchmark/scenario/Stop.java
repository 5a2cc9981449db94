package io.rpcbench.benchmark.scenario;

import java.util.Locale;

/**
 * How a cell's plan stops, and so which samples its figures count: after a warm-up and a measured window
 * ({@link Timed}: the plan's {@code warmup} and {@code duration} properties, the window's samples counted), or after
 * a fixed number of calls per thread ({@link Calls}: the plan's {@code loops} property, every sample after the
 * warm-up counted, as the seeds that ran "5,000 calls per thread" did).
 */
public sealed interface Stop {

    /** The plan's warm-up in seconds: run, not counted. */
    int warmupSeconds();

    /** How long the plan's thread group may run in all, in seconds ({@code warmup + duration}). */
    int runSeconds();

    /** This stop with another warm-up ({@code --warmup}). */
    Stop withWarmup(int seconds);

    /** In words, for the table's notes, e.g. "60 s warm-up, then 60 s measured". */
    String describe();

    /** A warm-up, then a measured window of {@code measuredSeconds}; the window's samples are counted. */
    static Timed timed(int warmupSeconds, int measuredSeconds) {
        return new Timed(warmupSeconds, measuredSeconds);
    }

    /**
     * {@code callsPerThread} calls by each thread (plan property {@code loops}); every sample that started after
     * {@code warmupSeconds} is counted. The thread group still stops after {@code capSeconds} of calls, so that a
     * stuck provider cannot hold the run for ever; the table says when that cut the calls short.
     */
    static Calls calls(int warmupSeconds, int callsPerThread, int capSeconds) {
        return new Calls(warmupSeconds, callsPerThread, capSeconds);
    }

    /** A warm-up and a measured window. */
    record Timed(int warmupSeconds, int measuredSeconds) implements Stop {

        public Timed {
            requireAtLeast("warm-up", warmupSeconds, 0);
            requireAtLeast("measured window", measuredSeconds, 1);
        }

        @Override
        public int runSeconds() {
            return warmupSeconds + measuredSeconds;
        }

        @Override
        public Timed withWarmup(int seconds) {
            return new Timed(seconds, measuredSeconds);
        }

        @Override
        public String describe() {
            return String.format(Locale.ROOT, "%d s warm-up, then %d s measured", warmupSeconds, measuredSeconds);
        }
    }

    /** A fixed number of calls per thread, every sample after the warm-up counted. */
    record Calls(int warmupSeconds, int callsPerThread, int capSeconds) implements Stop {

        public Calls {
            requireAtLeast("warm-up", warmupSeconds, 0);
            requireAtLeast("calls per thread", callsPerThread, 1);
            requireAtLeast("cap", capSeconds, 1);
        }

        @Override
        public int runSeconds() {
            return warmupSeconds + capSeconds;
        }

        @Override
        public Calls withWarmup(int seconds) {
            return new Calls(seconds, callsPerThread, capSeconds);
        }

        @Override
        public String describe() {
            return String.format(Locale.ROOT, "%,d calls per thread; every sample after the %d s warm-up counted "
                    + "(at most %d s)", callsPerThread, warmupSeconds, capSeconds);
        }
    }

    private static void requireAtLeast(String what, int value, int minimum) {
        if (value < minimum) {
            throw new IllegalArgumentException("a cell's " + what + " is " + value + "; expected at least " + minimum);
        }
    }
}
