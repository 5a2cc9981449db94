package io.rpcbench.perf.jmh;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * Benchmark 7, what a sample's answer costs the sampler's thread: runs the JMH benchmark {@link ResponseDataCost} on
 * the laid-out JMeter's jars ({@link JmhRun}), then prints one table (µs per sample for each kind of answer, written at once, left unread, read once) with the target of
 * issue 28 (unread ≤ {@value #TARGET_MICROS} µs) and writes it into docs/performance.md.
 */
@Command(name = "response-data", mixinStandardHelpOptions = true,
        description = "What a sample's listUser answer costs the sampler's thread, unread and read once (JMH; docs/performance.md).")
public final class ResponseDataBenchmark implements Callable<Integer> {

    /** Issue 28: a 15-user page answer nobody reads costs at most this per sample. */
    static final double TARGET_MICROS = 5.0;

    @Mixin
    private JmhRun jmh;

    @Override
    public Integer call() throws Exception {
        return jmh.run("response-data", ResponseDataCost.class, "µs per sample", ResponseDataBenchmark::table);
    }

    /** The table of JMH's JSON results: a row per kind of answer, a column per benchmark method. */
    static String table(JsonNode results) {
        Map<String, Map<String, JsonNode>> byKind = new LinkedHashMap<>();
        for (JsonNode result : results) {
            String benchmark = result.path("benchmark").asText();
            String method = benchmark.substring(benchmark.lastIndexOf('.') + 1);
            String kind = result.path("params").path("kind").asText();
            byKind.computeIfAbsent(kind, k -> new LinkedHashMap<>()).put(method, result.path("primaryMetric"));
        }
        StringBuilder out = new StringBuilder("| answer (a page of 15) | written per sample (before) µs | unread (now) µs "
                + "| read once (now) µs | unread ≤ " + (int) TARGET_MICROS + " µs |\n|---|---|---|---|---|\n");
        byKind.forEach((kind, methods) -> {
            JsonNode unread = methods.get("unread");
            out.append("| ").append(label(kind)).append(" | ").append(figure(methods.get("before"))).append(" | ")
                    .append(figure(unread)).append(" | ").append(figure(methods.get("readOnce"))).append(" | ")
                    .append(unread == null ? "-" : unread.path("score").asDouble() <= TARGET_MICROS ? "met" : "**missed**")
                    .append(" |\n");
        });
        return out.toString();
    }

    private static String label(String kind) {
        return switch (kind) {
            case "JACKSON_GENERIC" -> "Jackson, generic invocation's maps (listUser)";
            case "JACKSON_TYPED" -> "Jackson, typed invocation's Page (listUser)";
            case "THRIFT" -> "Thrift struct (the inventory's Shelf of 15 Items)";
            case "PROTOBUF" -> "protobuf message (listUser over triple)";
            default -> kind;
        };
    }

    private static String figure(JsonNode metric) {
        if (metric == null) {
            return "-";
        }
        return String.format(Locale.ROOT, "%.2f ± %.2f", metric.path("score").asDouble(),
                metric.path("scoreError").asDouble());
    }
}
