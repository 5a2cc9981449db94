package io.rpcbench.benchmark.soak;

/** Reads one {@link SoakSample} of a process: the seam between the {@link SoakSampler} and the machine. */
@FunctionalInterface
public interface ProcessReadings {

    /**
     * @param second the sample's time, seconds since the sampling started
     * @throws java.io.UncheckedIOException when the process is gone
     */
    SoakSample read(long pid, long second);
}
