package io.rpcbench.seconds;

import java.util.List;

/**
 * What a JMeter engine's {@link LiveShipper} sends at each interval: the samples it took since the last message, as
 * figures per label and second they started in (to be added to what was sent before for the same second: a call
 * that ends after its second was first sent comes in a later message), and the agents' readings it took.
 *
 * @param engine  the engine's name (its host, or what the run calls it)
 * @param sentMs  when it was sent, ms since the epoch
 * @param last    whether it is the engine's last message of the test (sent when the test ends)
 * @param seconds the new samples' figures per label and second
 * @param metrics the agents' readings since the last message
 */
public record LiveMessage(String engine, long sentMs, boolean last, List<Second> seconds, List<Reading> metrics) {

    /**
     * @param label   the sampler's label
     * @param second  the second the samples started in, seconds since the epoch
     * @param figures their figures
     */
    public record Second(String label, long second, SampleFigures.Wire figures) {}

    /**
     * One reading of an agent's metric, as the PerfMon collector takes it.
     *
     * @param label  the collector's label of it: {@code <host> <type> <parameter>}, e.g. {@code 127.0.0.1 CPU combined}
     * @param timeMs when it was read, ms since the epoch
     * @param value  its value (percent, MB, bytes a second, ...)
     */
    public record Reading(String label, long timeMs, double value) {}
}
