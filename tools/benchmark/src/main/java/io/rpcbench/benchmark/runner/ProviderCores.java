package io.rpcbench.benchmark.runner;

import io.rpcbench.reports.jtl.perfmon.PerfMonReader;
import io.rpcbench.reports.jtl.perfmon.PerfMonSample;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The provider host's CPU per core over a cell's window, from the PerfMon file: the means of the readings taken in
 * the window of the host's {@code CPU} rows whose parameter names a core, {@code core=N} or
 * {@code combined:core=N} (the agent's {@code cpu:combined:core=N}, % of that core). A plan asks for them with one
 * collector row per core; the seed-003 plans ask for none, and then there is no figure.
 */
public final class ProviderCores {

    /** A CPU row of one core, combined: "core=1" or "combined:core=1", in either order. */
    private static final Pattern CORE = Pattern.compile("^(?:combined:)?core=(\\d+)(?::combined)?$");

    private ProviderCores() {}

    /**
     * The mean CPU % of each core of {@code host} over [fromMs, toMs), core 0 first; empty when the file has no
     * such rows (or no readings of them in the window).
     */
    public static List<Double> read(Path perfmon, String host, long fromMs, long toMs) {
        TreeMap<Integer, double[]> sums = new TreeMap<>();
        PerfMonReader.read(perfmon, sample -> add(sample, host, fromMs, toMs, sums));
        List<Double> means = new ArrayList<>();
        sums.values().forEach(sum -> means.add(sum[0] / sum[1]));
        return means;
    }

    private static void add(PerfMonSample sample, String host, long fromMs, long toMs,
            TreeMap<Integer, double[]> sums) {
        if (!sample.success() || Double.isNaN(sample.value()) || sample.timeStamp() < fromMs
                || sample.timeStamp() >= toMs || !sample.metric().host().equals(host)
                || !sample.metric().type().equals("CPU")) {
            return;
        }
        Matcher core = CORE.matcher(sample.metric().name().toLowerCase(Locale.ROOT));
        if (core.matches()) {
            double[] sum = sums.computeIfAbsent(Integer.parseInt(core.group(1)), c -> new double[2]);
            sum[0] += sample.value();
            sum[1]++;
        }
    }
}
