package io.rpcbench.benchmark;

/**
 * How much the tests run: {@code ./run-tests} runs the fast set (a scenario's IT one cell of each provider stack and
 * plan it uses), {@code ./run-tests --full} everything at the seeds' volume (every cell of every scenario). Read from
 * the system property {@code rpcbench.tests.full}, which the parent pom hands every test JVM.
 */
final class TestVolume {

    private TestVolume() {}

    /** Whether this is {@code ./run-tests --full}. */
    static boolean full() {
        return Boolean.getBoolean("rpcbench.tests.full");
    }
}
