package io.rpcbench.benchmark.scenario;

/** How long a scenario's cells run: short defaults that finish in minutes, or the seed's own durations. */
public enum Length {
    /** The default: each cell long enough to be steady on a 2-vCPU machine, the scenario in minutes. */
    SHORT,
    /** {@code --full}: the durations (or calls per thread) the seed measured with. */
    FULL;

    /**
     * What this length gives a scenario: {@code whenShort} or {@code whenFull}, e.g. each cell's stop,
     * {@code length.choose(Stop.timed(20, 60), Stop.timed(60, 600))}.
     */
    public <T> T choose(T whenShort, T whenFull) {
        return this == FULL ? whenFull : whenShort;
    }
}
