package io.rpcbench.perf.overhead;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Two profiles of the same client side by side, the bare loop (a) and JMeter with our sampler (b), each with the
 * CPU per call measured over the same window as its samples: per code area, its share of each run's samples and
 * the CPU per call that share stands for (share × that run's CPU µs per call), and the difference b − a; then the
 * methods (self) whose CPU per call grew most from a to b. It says where the extra µs of a JMeter sample go.
 *
 * <p>JFR samples only threads running Java code: GC and JIT compiler threads, and time in native code (socket
 * reads and writes), are in the CPU figure but not in the samples. So an area's µs is its share of the JVM's whole
 * CPU, GC and JIT spread over the areas in proportion, and the areas (inclusive, so overlapping) do not add up to
 * the CPU figure. Output depends only on its inputs (fixed locale, ties by name), so a golden test seals it.
 *
 * <pre>{@code
 * String table = ProfileComparison.markdown(new Side(bareProfile, 30.4), new Side(jmeterProfile, 41.1), 15);
 * }</pre>
 */
final class ProfileComparison {

    /** One run's profile and its CPU µs per call over the profile's window (NaN when it could not be measured). */
    record Side(ProfileSummary profile, double cpuMicrosPerCall) {

        double micros(double share) {
            return share * cpuMicrosPerCall;
        }
    }

    /** One row: a code area or a method, its share of each run's samples (0 to 1) and the µs per call each stands for. */
    record Row(String name, double shareBare, double shareJMeter, double microsBare, double microsJMeter) {

        double difference() {
            return microsJMeter - microsBare;
        }
    }

    private ProfileComparison() {}

    /**
     * The code areas of both profiles, in their order, leaving out the areas with no sample on either side (e.g.
     * Dubbo's areas in a Thrift profile).
     *
     * @throws IllegalArgumentException when the profiles do not count the same areas
     */
    static List<Row> areas(Side bare, Side jmeter) {
        Map<String, Double> a = bare.profile().areaShares();
        Map<String, Double> b = jmeter.profile().areaShares();
        if (!a.keySet().equals(b.keySet())) {
            throw new IllegalArgumentException("the profiles count different code areas: " + a.keySet() + " and "
                    + b.keySet());
        }
        List<Row> rows = new ArrayList<>();
        a.forEach((area, shareA) -> {
            double shareB = b.get(area);
            if (shareA > 0 || shareB > 0) {
                rows.add(new Row(area, shareA, shareB, bare.micros(shareA), jmeter.micros(shareB)));
            }
        });
        return rows;
    }

    /** The {@code top} methods (self) whose µs per call grew most from a to b, most first (ties by name). */
    static List<Row> grownMethods(Side bare, Side jmeter, int top) {
        Map<String, Double> a = bare.profile().selfShares();
        Map<String, Double> b = jmeter.profile().selfShares();
        Set<String> methods = new HashSet<>(a.keySet());
        methods.addAll(b.keySet());
        return methods.stream().map(m -> {
            double shareA = a.getOrDefault(m, 0.0);
            double shareB = b.getOrDefault(m, 0.0);
            return new Row(m, shareA, shareB, bare.micros(shareA), jmeter.micros(shareB));
        }).filter(r -> r.difference() > 0)
                .sorted(Comparator.comparingDouble(Row::difference).reversed().thenComparing(Row::name))
                .limit(top).toList();
    }

    /** Both tables in markdown, with the samples and CPU per call of each run and what the figures can say. */
    static String markdown(String title, Side bare, Side jmeter, int topMethods) {
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "%s: (a) the bare loop, %d CPU samples, "
                + "%s µs CPU per call; (b) JMeter, %d CPU samples, %s µs CPU per call; b − a %s µs. An area's µs is "
                + "its share of the run's samples × the run's CPU µs per call. JFR samples Java code only: GC and "
                + "JIT compiler threads, and native code such as socket I/O, are in the CPU figure but not in the "
                + "samples, so their CPU is spread over the areas in proportion, and the areas (inclusive, they "
                + "overlap) do not add up to the CPU figure. Areas with no sample on either side are left out.%n%n",
                title, bare.profile().samples(), micros(bare.cpuMicrosPerCall()), jmeter.profile().samples(),
                micros(jmeter.cpuMicrosPerCall()), signed(jmeter.cpuMicrosPerCall() - bare.cpuMicrosPerCall())));
        out.append("| code area (inclusive) | share (a) | share (b) | µs/call (a) | µs/call (b) | b − a µs/call |\n"
                + "|---|---|---|---|---|---|\n");
        areas(bare, jmeter).forEach(r -> row(out, r.name(), r));
        out.append("\n| methods (self) grown most from (a) to (b) | share (a) | share (b) | µs/call (a) | µs/call (b) "
                + "| b − a µs/call |\n|---|---|---|---|---|---|\n");
        grownMethods(bare, jmeter, topMethods).forEach(r -> row(out, "`" + r.name() + "`", r));
        return out.toString();
    }

    private static void row(StringBuilder out, String name, Row r) {
        out.append(String.format(Locale.ROOT, "| %s | %.1f %% | %.1f %% | %s | %s | %s |%n", name,
                100 * r.shareBare(), 100 * r.shareJMeter(), micros(r.microsBare()), micros(r.microsJMeter()),
                signed(r.difference())));
    }

    private static String micros(double value) {
        return Double.isNaN(value) ? "n/a" : String.format(Locale.ROOT, "%.2f", value);
    }

    private static String signed(double value) {
        return Double.isNaN(value) ? "n/a" : String.format(Locale.ROOT, "%+.2f", value);
    }
}
