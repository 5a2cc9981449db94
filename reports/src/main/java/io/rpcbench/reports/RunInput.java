package io.rpcbench.reports;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * What the dashboard reads for one run.
 *
 * @param name            the run's name, shown as its heading; also, by default, where system and scenario
 *                        come from: "dubbo-echo-1k" is system "dubbo" on scenario "echo-1k"
 * @param system          what the comparison puts side by side
 * @param scenario        what the comparison compares systems on
 * @param jtl             the run's JMeter CSV results
 * @param perfmon         the PerfMon Metrics Collector's results file of the run, if any
 * @param jmeterDashboard the run's JMeter HTML dashboard: an http(s) URL, or a path (absolute, or relative to
 *                        the dashboard's folder), if any
 */
public record RunInput(String name, String system, String scenario, Path jtl, Optional<Path> perfmon,
        Optional<String> jmeterDashboard) {

    public RunInput {
        Objects.requireNonNull(jtl, "jtl");
        Objects.requireNonNull(perfmon, "perfmon");
        Objects.requireNonNull(jmeterDashboard, "jmeterDashboard");
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a run needs a name, e.g. dubbo-echo-1k; got '" + name + "' for " + jtl);
        }
    }

    /** A run whose system and scenario come from its name: the text before the first '-', and the rest. */
    public static RunInput named(String name, Path jtl, Optional<Path> perfmon, Optional<String> jmeterDashboard) {
        int dash = name == null ? -1 : name.indexOf('-');
        String system = dash > 0 ? name.substring(0, dash) : name;
        String scenario = dash > 0 && dash < name.length() - 1 ? name.substring(dash + 1) : "";
        return new RunInput(name, system, scenario, jtl, perfmon, jmeterDashboard);
    }
}
