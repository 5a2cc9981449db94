package io.rpcbench.benchmark;

/**
 * How much the tests run: {@code ./run-tests} runs the fast set (a scenario's IT one cell of each provider stack and
 * plan it uses), {@code ./run-tests --full} everything at the seeds' volume (every cell of every scenario). Read from
 * the system property {@code rpcbench.tests.full}, which the parent pom hands every test JVM.
 */
final class TestVolume {

    /**
     * The think time (ms) of the tests' runs of shipped plans ({@code --think-time}, {@code -Jthink_time_ms}): a
     * thread pauses 1 ms before each call, so that a run's load takes a few percent of a vCPU instead of both (a closed
     * loop at full speed on one thread took JMeter a vCPU and the provider most of the other), and the ITs beside it
     * keep theirs. What the tests check of a run (samples, answers, failures, sockets, series) is the same at a
     * thousand calls a second; the figures at full speed are the benchmarks' ({@code ./run-performance}).
     */
    static final String THINK_TIME_MS = "1";

    private TestVolume() {}

    /** Whether this is {@code ./run-tests --full}. */
    static boolean full() {
        return Boolean.getBoolean("rpcbench.tests.full");
    }
}
