package io.rpcbench.perf;

import java.io.IOException;
import java.nio.file.Path;
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
 */
final class ProfileSummary {

    /** Code areas by class-name prefix, inclusive share of samples. */
    private final Map<String, String> areas;
    private final Map<String, Long> inArea = new LinkedHashMap<>();
    private final Map<String, Long> onTop = new HashMap<>();
    private long samples;

    /** @param areas display name to class-name prefix, e.g. "Dubbo PojoUtils" to "org.apache.dubbo.common.utils.PojoUtils" */
    ProfileSummary(Map<String, String> areas) {
        this.areas = areas;
        areas.keySet().forEach(name -> inArea.put(name, 0L));
    }

    ProfileSummary read(Path recording) throws IOException {
        for (RecordedEvent event : RecordingFile.readAllEvents(recording)) {
            if (event.getEventType().getName().equals("jdk.ExecutionSample")) {
                add(event.getStackTrace());
            }
        }
        return this;
    }

    void add(RecordedStackTrace stack) {
        if (stack == null || stack.getFrames().isEmpty()) {
            return;
        }
        samples++;
        List<RecordedFrame> frames = stack.getFrames();
        RecordedFrame top = frames.get(0);
        onTop.merge(top.getMethod().getType().getName() + "." + top.getMethod().getName(), 1L, Long::sum);
        areas.forEach((name, prefix) -> {
            for (RecordedFrame frame : frames) {
                if (frame.getMethod().getType().getName().startsWith(prefix)) {
                    inArea.merge(name, 1L, Long::sum);
                    return;
                }
            }
        });
    }

    long samples() {
        return samples;
    }

    /** A markdown table of the areas' inclusive shares, then the {@code top} hottest methods (self). */
    String markdown(String title, int top) {
        StringBuilder out = new StringBuilder(String.format(Locale.ROOT, "%s: %d CPU samples.%n%n", title, samples));
        out.append("| code area (inclusive) | share of samples |\n|---|---|\n");
        inArea.forEach((name, count) -> out.append(String.format(Locale.ROOT, "| %s | %.1f %% |%n", name,
                percent(count))));
        out.append("\n| hottest methods (self) | share of samples |\n|---|---|\n");
        onTop.entrySet().stream().sorted(Map.Entry.<String, Long>comparingByValue().reversed()).limit(top)
                .forEach(e -> out.append(String.format(Locale.ROOT, "| `%s` | %.1f %% |%n", e.getKey(),
                        percent(e.getValue()))));
        return out.toString();
    }

    private double percent(long count) {
        return samples == 0 ? 0 : 100.0 * count / samples;
    }
}
