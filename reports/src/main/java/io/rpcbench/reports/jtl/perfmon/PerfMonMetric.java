package io.rpcbench.reports.jtl.perfmon;

import java.util.List;
import java.util.Locale;

/**
 * Which host and metric a PerfMon sample measures, parsed from the sample's label. The PerfMon Metrics
 * Collector (kg.apc:jmeter-plugins-perfmon 2.1, {@code PerfMonCollector.initiateConnector}) labels each
 * sample {@code <host> <type>}, {@code <host> <type> <parameter>} or, when the parameter holds
 * {@code label=x}, {@code <host> <type> x}; the type is the GUI's choice ("CPU", "Memory", "Swap",
 * "Disks I/O", "Network I/O", "TCP", "JMX", "EXEC", "TAIL").
 *
 * @param host the host as typed in the collector (or its short name with jmeterPlugin.perfmon.label.useHostname)
 * @param type the metric type as PerfMon shows it, e.g. "Network I/O"; "" for a label of no known type
 * @param name the parameter or custom label, e.g. "bytesrecv:unit=kb"; the type itself when there is none
 */
public record PerfMonMetric(String host, String type, String name) {

    /** Longest first: "Disks I/O" must not be read as an unknown type "Disks". */
    private static final List<String> TYPES =
            List.of("Network I/O", "Disks I/O", "Memory", "Swap", "CPU", "TCP", "JMX", "EXEC", "TAIL");

    /** Parses a PerfMon label; a label without a space is a metric of host "" so nothing is dropped. */
    public static PerfMonMetric parse(String label) {
        String trimmed = label.trim();
        int space = trimmed.indexOf(' ');
        if (space < 0) {
            return new PerfMonMetric("", "", trimmed);
        }
        String host = trimmed.substring(0, space);
        String rest = trimmed.substring(space + 1).trim();
        for (String type : TYPES) {
            if (rest.regionMatches(true, 0, type, 0, type.length())
                    && (rest.length() == type.length() || rest.charAt(type.length()) == ' ')) {
                String name = rest.substring(type.length()).trim();
                return new PerfMonMetric(host, type, name.isEmpty() ? type : name);
            }
        }
        return new PerfMonMetric(host, "", rest);
    }

    /**
     * The chart this metric belongs on: its type, or "Other" for labels of no known type. Percentages
     * ({@code usedperc}, {@code useperc}) get a chart of their own ("Memory %"), so that they are not drawn
     * as a flat line under sizes in MB on the same axis.
     */
    public String chart() {
        String chart = type.isEmpty() ? "Other" : type;
        return name.toLowerCase(Locale.ROOT).contains("perc") && !chart.equals("CPU") ? chart + " %" : chart;
    }

    /** For sorting charts in the order engineers read a host: CPU, memory, disks, network, then the rest. */
    public int chartOrder() {
        return switch (type.toUpperCase(Locale.ROOT)) {
            case "CPU" -> 0;
            case "MEMORY" -> 1;
            case "SWAP" -> 2;
            case "DISKS I/O" -> 3;
            case "NETWORK I/O" -> 4;
            case "TCP" -> 5;
            case "JMX" -> 6;
            default -> 7;
        };
    }
}
