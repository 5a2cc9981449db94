package io.rpcbench.benchmark.runner;

import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * What the provider serves to a closed workload, measured in the same session as a capacity search: the closed plan's
 * TPS (the provider's rate when callers wait for each other, on the same machine), its p99, and JMeter's CPU a call.
 * An open workload is judged against it: its sustainable rate as a share of the closed TPS, its p99 at half the
 * closed TPS against the closed p99, and the generator's CPU an arrival against the closed plan's CPU a call, so that
 * "the generator is not the limit" is a figure, not a claim.
 *
 * @param plan                the closed plan, e.g. {@code dubbo-echo-1k}
 * @param tps                 its calls a second in the measured window
 * @param p99Ms               its p99 in ms
 * @param cpuMicrosPerCall    JMeter's CPU a call, µs (of one core); empty when JMeter's CPU was not measured
 */
public record ClosedBaseline(String plan, double tps, double p99Ms, OptionalDouble cpuMicrosPerCall) {

    /**
     * JMeter's CPU a sample, µs of one core, from its CPU over the window as % of all the machine's cores and the
     * samples a second it made.
     */
    public static OptionalDouble cpuMicrosPerSample(Optional<Double> cpuPercentOfMachine, int cores, double tps) {
        if (cpuPercentOfMachine.isEmpty() || !(tps > 0)) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(cpuPercentOfMachine.get() / 100 * cores * 1e6 / tps);
    }

    /**
     * The open plan's figures against this baseline, in one line: e.g. {@code sustainable rate 19,000 arrivals/s = 0.71
     * x dubbo-echo-1k's closed 26,600 TPS; at half of it p99 0.912 ms = 0.63 x the closed p99 1.455 ms; JMeter's CPU
     * 38.2 us an arrival = 1.04 x the closed plan's 36.7 us a call}. Parts with no figure are left out.
     *
     * @param sustainableRate the open plan's highest rate that held
     * @param halfP99Ms       its p99 at half the closed TPS, when that step ran
     * @param cpuMicrosPerArrival JMeter's CPU an arrival at the sustainable rate
     */
    public String against(OptionalDouble sustainableRate, OptionalDouble halfP99Ms,
            OptionalDouble cpuMicrosPerArrival) {
        StringBuilder line = new StringBuilder();
        if (sustainableRate.isPresent()) {
            line.append(String.format(Locale.ROOT, "sustainable rate %,.0f arrivals/s = %.2f x %s's closed %,.0f TPS",
                    sustainableRate.getAsDouble(), sustainableRate.getAsDouble() / tps, plan, tps));
        } else {
            line.append(String.format(Locale.ROOT, "no sustainable rate; %s's closed TPS %,.0f", plan, tps));
        }
        if (halfP99Ms.isPresent()) {
            line.append(String.format(Locale.ROOT, "; at half of it (%,.0f arrivals/s) p99 %.3f ms = %.2f x the closed "
                    + "p99 %.3f ms", tps / 2, halfP99Ms.getAsDouble(), halfP99Ms.getAsDouble() / p99Ms, p99Ms));
        }
        if (cpuMicrosPerArrival.isPresent() && cpuMicrosPerCall.isPresent()) {
            line.append(String.format(Locale.ROOT, "; JMeter's CPU %.1f us an arrival = %.2f x the closed plan's %.1f us "
                    + "a call", cpuMicrosPerArrival.getAsDouble(),
                    cpuMicrosPerArrival.getAsDouble() / cpuMicrosPerCall.getAsDouble(), cpuMicrosPerCall.getAsDouble()));
        }
        return line.toString();
    }
}
