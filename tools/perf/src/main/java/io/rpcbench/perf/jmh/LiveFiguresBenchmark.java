package io.rpcbench.perf.jmh;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * Benchmark 1a, what the live figures cost JMeter: runs the JMH benchmark {@link LiveFiguresCost} in a JVM of its own
 * on the laid-out JMeter's jars ({@link JmhRun}), then prints one table (µs per sample on the
 * sampling thread and on the shipper's, and the live page's data per refresh) with issue 40's target (at most
 * {@value #TARGET_MICROS} µs per sample on JMeter's side) and writes it into docs/performance.md.
 */
@Command(name = "live-figures", mixinStandardHelpOptions = true,
        description = "What the Live Figures listener and its shipper cost a sample, and the live page a refresh (JMH; docs/performance.md).")
public final class LiveFiguresBenchmark implements Callable<Integer> {

    /** Issue 40: the listener and the live server cost at most this per sample on JMeter's side. */
    static final double TARGET_MICROS = 1.0;

    @Mixin
    private JmhRun jmh;

    @Override
    public Integer call() throws Exception {
        return jmh.run("live-figures", LiveFiguresCost.class, "µs per sample", LiveFiguresBenchmark::table);
    }

    /** The table of JMH's JSON results. */
    static String table(JsonNode results) {
        Map<String, JsonNode> byMethod = new LinkedHashMap<>();
        for (JsonNode result : results) {
            String benchmark = result.path("benchmark").asText();
            byMethod.put(benchmark.substring(benchmark.lastIndexOf('.') + 1), result.path("primaryMetric"));
        }
        double one = score(byMethod.get("listenerOneThread"), 1);
        double four = score(byMethod.get("listenerFourThreads"), 1);
        double ship = score(byMethod.get("shipTenThousand"), 10_000);
        double view = score(byMethod.get("liveViewOfTenMinutes"), 1);
        StringBuilder out = new StringBuilder("| what | µs | per |\n|---|---|---|\n");
        out.append(row("the listener's sampleOccurred, 1 sampling thread", byMethod.get("listenerOneThread"), 1,
                "sample, on the sampling thread"));
        out.append(row("the listener's sampleOccurred, 4 sampling threads at once", byMethod.get("listenerFourThreads"),
                1, "sample, on each sampling thread"));
        out.append(row("a second of 10,000 samples recorded and shipped (JSON, compressed histograms, a file)",
                byMethod.get("shipTenThousand"), 10_000, "sample, recording and shipping on one thread"));
        out.append(row("the live page's data of a 600 s plan at 40,000 samples/s", byMethod.get("liveViewOfTenMinutes"),
                1, "refresh (one a second), in ./run-benchmark's JVM"));
        double jmeterSide = Math.max(one, four) + ship;
        out.append(String.format(Locale.ROOT, "%nJMeter's side per sample: the listener (the slower of 1 and 4 threads) "
                + "plus the shipping: %.3f µs, target ≤ %.0f µs: %s. The page's refresh: %.1f ms of CPU a second "
                + "(%.2f %% of a core) in ./run-benchmark's JVM, none in the provider's.%n", jmeterSide, TARGET_MICROS,
                jmeterSide <= TARGET_MICROS ? "met" : "**missed**", view / 1000, view / 10_000));
        return out.toString();
    }

    private static double score(JsonNode metric, int per) {
        return metric == null ? Double.NaN : metric.path("score").asDouble() / per;
    }

    private static String row(String what, JsonNode metric, int per, String unit) {
        if (metric == null) {
            return "| " + what + " | - | " + unit + " |\n";
        }
        return String.format(Locale.ROOT, "| %s | %.3f ± %.3f | %s |%n", what, metric.path("score").asDouble() / per,
                metric.path("scoreError").asDouble() / per, unit);
    }
}
