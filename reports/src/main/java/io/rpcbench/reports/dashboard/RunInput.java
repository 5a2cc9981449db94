package io.rpcbench.reports.dashboard;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * What the dashboard reads for one run.
 *
 * <pre>{@code
 * RunInput run = RunInput.named("dubbo-echo-1k", jtl, Optional.of(perfmon), Optional.empty())
 *         .withWindow(Duration.ofSeconds(60), Optional.of(Duration.ofSeconds(540)))
 *         .withClientCpu(42.5, 8);
 * }</pre>
 *
 * @param name             the run's name, shown as its heading; also, by default, where system and scenario
 *                         come from: "dubbo-echo-1k" is system "dubbo" on scenario "echo-1k"
 * @param system           what the comparison puts side by side
 * @param scenario         what the comparison compares systems on
 * @param jtl              the run's JMeter CSV results
 * @param perfmon          the PerfMon Metrics Collector's results file of the run, if any
 * @param jmeterDashboard  the run's JMeter HTML dashboard: an http(s) URL, or a path (absolute, or relative to
 *                         the dashboard's folder), if any
 * @param warmup           how long after the run's first sample start the measured window starts (default 0);
 *                         samples that started before it count in no figure, only in the time series
 * @param measured         how long the measured window lasts; empty (the default) for "to the run's end"
 * @param clientCpuPercent the JMeter process's CPU over the measured window as % of ALL the machine's cores,
 *                         measured by the caller; for the load generator check of the steadiness verdict
 * @param clientCores      the load generator machine's cores, for that check's message
 */
public record RunInput(String name, String system, String scenario, Path jtl, Optional<Path> perfmon,
        Optional<String> jmeterDashboard, Duration warmup, Optional<Duration> measured,
        Optional<Double> clientCpuPercent, Optional<Integer> clientCores) {

    public RunInput {
        Objects.requireNonNull(jtl, "jtl");
        Objects.requireNonNull(perfmon, "perfmon");
        Objects.requireNonNull(jmeterDashboard, "jmeterDashboard");
        Objects.requireNonNull(warmup, "warmup");
        Objects.requireNonNull(measured, "measured");
        Objects.requireNonNull(clientCpuPercent, "clientCpuPercent");
        Objects.requireNonNull(clientCores, "clientCores");
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a run needs a name, e.g. dubbo-echo-1k; got '" + name + "' for " + jtl);
        }
        if (warmup.isNegative()) {
            throw new IllegalArgumentException("run '" + name + "': the warm-up is " + warmup.toMillis()
                    + " ms; expected 0 or more");
        }
        if (measured.isPresent() && (measured.get().isNegative() || measured.get().toMillis() == 0)) {
            throw new IllegalArgumentException("run '" + name + "': the measured window is "
                    + measured.get().toMillis() + " ms; expected at least 1 ms, or none for 'to the end'");
        }
        if (clientCpuPercent.isPresent() && !(clientCpuPercent.get() >= 0 && clientCpuPercent.get() <= 100)) {
            throw new IllegalArgumentException("run '" + name + "': the JMeter process's CPU is "
                    + clientCpuPercent.get() + " %; expected 0 to 100, as % of all the machine's cores");
        }
        if (clientCores.isPresent() && clientCores.get() < 1) {
            throw new IllegalArgumentException("run '" + name + "': the load generator has " + clientCores.get()
                    + " cores; expected 1 or more");
        }
    }

    /** A run counting every sample (no warm-up, to the end), without the load generator's CPU. */
    public RunInput(String name, String system, String scenario, Path jtl, Optional<Path> perfmon,
            Optional<String> jmeterDashboard) {
        this(name, system, scenario, jtl, perfmon, jmeterDashboard, Duration.ZERO, Optional.empty(),
                Optional.empty(), Optional.empty());
    }

    /** A run whose system and scenario come from its name: the text before the first '-', and the rest. */
    public static RunInput named(String name, Path jtl, Optional<Path> perfmon, Optional<String> jmeterDashboard) {
        int dash = name == null ? -1 : name.indexOf('-');
        String system = dash > 0 ? name.substring(0, dash) : name;
        String scenario = dash > 0 && dash < name.length() - 1 ? name.substring(dash + 1) : "";
        return new RunInput(name, system, scenario, jtl, perfmon, jmeterDashboard);
    }

    /** This run with a measured window: from {@code warmup} after its first sample, for {@code measured}. */
    public RunInput withWindow(Duration warmup, Optional<Duration> measured) {
        return new RunInput(name, system, scenario, jtl, perfmon, jmeterDashboard, warmup, measured,
                clientCpuPercent, clientCores);
    }

    /** This run with its JMeter process's CPU over the window, as % of all {@code cores} of the machine. */
    public RunInput withClientCpu(double percentOfAllCores, int cores) {
        return new RunInput(name, system, scenario, jtl, perfmon, jmeterDashboard, warmup, measured,
                Optional.of(percentOfAllCores), Optional.of(cores));
    }

    /** This run with another system and scenario for the comparison. */
    public RunInput withComparison(String system, String scenario) {
        return new RunInput(name, system, scenario, jtl, perfmon, jmeterDashboard, warmup, measured,
                clientCpuPercent, clientCores);
    }
}
