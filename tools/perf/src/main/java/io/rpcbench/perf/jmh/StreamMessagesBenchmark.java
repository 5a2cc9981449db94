package io.rpcbench.perf.jmh;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

/**
 * Benchmark 1b, what a stream's messages cost JMeter's side: runs the JMH benchmark {@link StreamMessagesCost} on the
 * laid-out JMeter's jars ({@link JmhRun}), then prints one table (the sampler's own µs per message received, for
 * streams of 15 and 1,000 messages, plain and ping-pong, the messages' parsing taken off) with issue 41's target (at
 * most {@value #TARGET_MICROS} µs a message beyond a unary call's cost) and writes it into docs/performance.md.
 */
@Command(name = "stream-messages", mixinStandardHelpOptions = true,
        description = "What a stream's messages cost the sampler per message received (JMH; docs/performance.md).")
public final class StreamMessagesBenchmark implements Callable<Integer> {

    /** Issue 41: a stream costs what a unary call costs plus at most this per message received. */
    static final double TARGET_MICROS = 1.0;

    @Mixin
    private JmhRun jmh;

    @Override
    public Integer call() throws Exception {
        return jmh.run("stream-messages", StreamMessagesCost.class, "µs per stream, divided by its messages",
                StreamMessagesBenchmark::table);
    }

    /**
     * The table of JMH's JSON results: per stream length, the parsing alone, then each way of keeping the messages with
     * its own cost per message ((its time - the parsing's) / messages).
     */
    static String table(JsonNode results) {
        Map<Integer, Map<String, JsonNode>> byLength = new TreeMap<>();
        for (JsonNode result : results) {
            String benchmark = result.path("benchmark").asText();
            byLength.computeIfAbsent(result.path("params").path("messages").asInt(), n -> new HashMap<>())
                    .put(benchmark.substring(benchmark.lastIndexOf('.') + 1), result.path("primaryMetric"));
        }
        StringBuilder out = new StringBuilder("| messages | what | µs per stream | the sampler's own µs per message "
                + "| ≤ " + (int) TARGET_MICROS + " µs |\n|---|---|---|---|---|\n");
        double worst = 0;
        for (var length : byLength.entrySet()) {
            int messages = length.getKey();
            JsonNode parse = length.getValue().get("parseOnly");
            double parsed = parse == null ? Double.NaN : parse.path("score").asDouble();
            out.append(row(messages, "the messages parsed (Dubbo's work, the baseline)", parse, "-", ""));
            for (String method : new String[] {"stream", "pingPong"}) {
                JsonNode metric = length.getValue().get(method);
                if (metric == null) {
                    continue;
                }
                double own = (metric.path("score").asDouble() - parsed) / messages;
                worst = Math.max(worst, own);
                out.append(row(messages, method.equals("stream") ? "answers kept, figures at the end"
                        : "ping-pong: round trips kept too", metric, String.format(Locale.ROOT, "%.4f", own),
                        own <= TARGET_MICROS ? "met" : "**missed**"));
            }
        }
        out.append(String.format(Locale.ROOT, "%nThe sampler's most per message: %.4f µs, target ≤ %.0f µs: %s.%n",
                worst, TARGET_MICROS, worst <= TARGET_MICROS ? "met" : "**missed**"));
        return out.toString();
    }

    private static String row(int messages, String what, JsonNode metric, String perMessage, String verdict) {
        return String.format(Locale.ROOT, "| %,d | %s | %s | %s | %s |%n", messages, what, metric == null ? "-"
                : String.format(Locale.ROOT, "%.3f ± %.3f", metric.path("score").asDouble(),
                        metric.path("scoreError").asDouble()), perMessage, verdict);
    }
}
