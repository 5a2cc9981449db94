package io.rpcbench.perf.overhead;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedStackTrace;
import jdk.jfr.consumer.RecordingFile;

/**
 * A JFR recording's CPU samples ({@code jdk.ExecutionSample}) summarised for docs/performance.md: the share of
 * samples whose stack holds a frame of each named code area (inclusive: "time spent in or below it"), and the
 * methods most often on top of the stack (self time). Enough to say where a difference goes.
 *
 * <p>Order of calls: construct with the areas, {@link #read} a recording (or {@link #add} stacks), then
 * {@link #markdown}, or {@link #areaShares} and {@link #selfShares} for {@link ProfileComparison}.
 * {@link #read(Path, long, long)} keeps only the samples taken inside a window, so that a profile covers the same
 * time as the CPU per call measured beside it, not the warm-up.
 */
final class ProfileSummary {

    /** Code areas by class-name prefix, inclusive share of samples. */
    private final Map<String, String> areas;
    private final Map<String, Long> inArea = new LinkedHashMap<>();
    private final Map<String, Long> onTop = new HashMap<>();
    private long samples;

    /**
     * @param areas display name to a package or class name, e.g. "Dubbo PojoUtils" to
     *     "org.apache.dubbo.common.utils.PojoUtils": a frame is in the area when its class is that class, one of
     *     its nested classes, or in that package or below ({@code java.lang.ThreadLocal} holds
     *     {@code ThreadLocal$ThreadLocalMap}, not {@code ThreadLocalRandom})
     */
    ProfileSummary(Map<String, String> areas) {
        this.areas = areas;
        areas.keySet().forEach(name -> inArea.put(name, 0L));
    }

    /** Adds all the samples of {@code recording}. */
    ProfileSummary read(Path recording) throws IOException {
        return read(recording, Long.MIN_VALUE, Long.MAX_VALUE);
    }

    /** Adds the samples of {@code recording} taken from {@code fromMs} (ms since the epoch) to before {@code toMs}. */
    ProfileSummary read(Path recording, long fromMs, long toMs) throws IOException {
        for (RecordedEvent event : RecordingFile.readAllEvents(recording)) {
            long at = event.getStartTime().toEpochMilli();
            if (event.getEventType().getName().equals("jdk.ExecutionSample") && at >= fromMs && at < toMs) {
                add(event.getStackTrace());
            }
        }
        return this;
    }

    void add(RecordedStackTrace stack) {
        if (stack == null || stack.getFrames().isEmpty()) {
            return;
        }
        List<String> classes = new ArrayList<>();
        for (RecordedFrame frame : stack.getFrames()) {
            classes.add(frame.getMethod().getType().getName());
        }
        RecordedFrame top = stack.getFrames().get(0);
        add(classes.get(0) + "." + top.getMethod().getName(), classes);
    }

    /**
     * Adds one sample.
     *
     * @param topMethod the method on top of the stack, {@code class.method}
     * @param classes the class of each frame, top first
     */
    void add(String topMethod, List<String> classes) {
        if (classes.isEmpty()) {
            return;
        }
        samples++;
        onTop.merge(topMethod, 1L, Long::sum);
        areas.forEach((name, prefix) -> {
            if (classes.stream().anyMatch(c -> inArea(c, prefix))) {
                inArea.merge(name, 1L, Long::sum);
            }
        });
    }

    static boolean inArea(String className, String prefix) {
        return className.startsWith(prefix) && (className.length() == prefix.length()
                || className.charAt(prefix.length()) == '.' || className.charAt(prefix.length()) == '$');
    }

    long samples() {
        return samples;
    }

    /** Each area's inclusive share of the samples (0 to 1), in the order of the areas given. */
    Map<String, Double> areaShares() {
        Map<String, Double> shares = new LinkedHashMap<>();
        inArea.forEach((name, count) -> shares.put(name, fraction(count)));
        return shares;
    }

    /** Each method's self share of the samples (0 to 1): how often it was on top of the stack. */
    Map<String, Double> selfShares() {
        Map<String, Double> shares = new HashMap<>();
        onTop.forEach((method, count) -> shares.put(method, fraction(count)));
        return shares;
    }

    /** A markdown table of the areas' inclusive shares, then the {@code top} hottest methods (self). */
    String markdown(String title, int top) {
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "%s: %d CPU samples.%n%n", title, samples));
        out.append("| code area (inclusive) | share of samples |\n|---|---|\n");
        inArea.forEach((name, count) -> out.append(String.format(Locale.ROOT, "| %s | %.1f %% |%n", name,
                100 * fraction(count))));
        out.append("\n| hottest methods (self) | share of samples |\n|---|---|\n");
        onTop.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()
                        .thenComparing(Map.Entry.comparingByKey())).limit(top)
                .forEach(e -> out.append(String.format(Locale.ROOT, "| `%s` | %.1f %% |%n", e.getKey(),
                        100 * fraction(e.getValue()))));
        return out.toString();
    }

    private double fraction(long count) {
        return samples == 0 ? 0 : (double) count / samples;
    }
}
