package io.rpcbench.benchmark.live;

import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.statistics.MeasuredWindow;
import io.rpcbench.reports.statistics.SteadinessRule;
import io.rpcbench.seconds.LiveMessage;
import io.rpcbench.seconds.SampleFigures;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * One plan of a live run: the figures its engines sent, per second and label, added up as they come (a second's
 * samples may come in several messages and from several engines: their histograms are added), and what the page and
 * the export read of them. The measured window is the reports' own rule while the plan runs (from the first second
 * with samples, its warm-up and measured length), and exactly the final report's once the plan has ended
 * ({@link #ended}), so that the page's last figures are the report's. Not thread-safe: {@link LiveRun} guards it.
 */
final class LivePlan {

    /** Seconds of per-second figures the page shows: the last ten minutes. */
    static final int SHOWN_SECONDS = 600;

    final String name;
    final int index;
    final int count;
    final String load;
    final int warmupSeconds;
    final int measuredSeconds;
    final long startedMs;
    private final TreeMap<Long, Map<String, SampleFigures>> seconds = new TreeMap<>();
    /** Every sample so far per label, warm-up included: the export's counters. */
    private final Map<String, SampleFigures> totals = new TreeMap<>();
    private MeasuredWindow finalWindow;
    private String failure;
    private long messages;

    LivePlan(String name, int index, int count, String load, int warmupSeconds, int measuredSeconds, long startedMs) {
        this.name = name;
        this.index = index;
        this.count = count;
        this.load = load;
        this.warmupSeconds = warmupSeconds;
        this.measuredSeconds = measuredSeconds;
        this.startedMs = startedMs;
    }

    void add(LiveMessage message) {
        messages++;
        for (LiveMessage.Second second : message.seconds()) {
            SampleFigures figures = SampleFigures.of(second.figures());
            seconds.computeIfAbsent(second.second(), s -> new TreeMap<>())
                    .merge(second.label(), figures.copy(), (a, b) -> {
                        a.add(b);
                        return a;
                    });
            totals.merge(second.label(), figures, (a, b) -> {
                a.add(b);
                return a;
            });
        }
    }

    long messages() {
        return messages;
    }

    /** The plan has ended with the final report's window: from now on its figures are that window's. */
    void ended(long windowStartMs, long windowEndMs) {
        finalWindow = new MeasuredWindow(windowStartMs, windowEndMs, 0, (long) measuredSeconds * 1000);
    }

    void failed(String reason) {
        failure = reason;
    }

    boolean done() {
        return finalWindow != null || failure != null;
    }

    Map<String, SampleFigures> totals() {
        return totals;
    }

    /** The measured window: the final report's once known, else the reports' rule applied to the run so far. */
    Optional<MeasuredWindow> window(long nowMs) {
        if (finalWindow != null) {
            return Optional.of(finalWindow);
        }
        if (seconds.isEmpty()) {
            return Optional.empty();
        }
        long first = seconds.firstKey() * 1000;
        return Optional.of(MeasuredWindow.of(first, Math.max(first, nowMs), Duration.ofSeconds(warmupSeconds),
                measuredSeconds > 0 ? Optional.of(Duration.ofSeconds(measuredSeconds)) : Optional.empty()));
    }

    /** Each label's figures of the samples that started in the window (so far), in label order. */
    Map<String, SampleFigures> windowFigures(long nowMs) {
        Map<String, SampleFigures> byLabel = new TreeMap<>();
        window(nowMs).ifPresent(window -> seconds.subMap(window.startMs() / 1000, window.endMs() / 1000)
                .forEach((second, labels) -> labels.forEach((label, figures) ->
                        byLabel.computeIfAbsent(label, l -> new SampleFigures()).add(figures))));
        return byLabel;
    }

    /** Every label's figures of one second together. */
    private static SampleFigures together(Map<String, SampleFigures> labels) {
        SampleFigures all = new SampleFigures();
        labels.values().forEach(all::add);
        return all;
    }

    /**
     * The per-second figures of all labels together, the last {@link #SHOWN_SECONDS}: while the plan runs, only the
     * seconds that have ended and been sent (the engines send a second after its end), not the one still filling.
     */
    Map<Long, SampleFigures> perSecond(long nowMs) {
        Map<Long, SampleFigures> shown = new LinkedHashMap<>();
        if (seconds.isEmpty()) {
            return shown;
        }
        long until = done() ? seconds.lastKey() + 1 : Math.floorDiv(nowMs, 1000) - 1;
        seconds.subMap(until - SHOWN_SECONDS, true, until, false)
                .forEach((second, labels) -> shown.put(second, together(labels)));
        return shown;
    }

    /** Where the plan stands: set-up (no sample yet), warm-up, measured, done or failed. */
    String phase(long nowMs) {
        if (failure != null) {
            return "failed";
        }
        if (finalWindow != null) {
            return "done";
        }
        Optional<MeasuredWindow> window = window(nowMs);
        if (window.isEmpty()) {
            return "set-up";
        }
        return nowMs < window.get().startMs() ? "warm-up" : "measured";
    }

    String failure() {
        return failure;
    }

    /** Seconds since the first sample, and seconds left of warm-up plus window (0 when unknown or over). */
    long[] elapsedAndLeft(long nowMs) {
        if (seconds.isEmpty()) {
            return new long[] {0, (long) warmupSeconds + measuredSeconds};
        }
        long elapsed = Math.max(0, (nowMs - seconds.firstKey() * 1000) / 1000);
        return new long[] {elapsed, Math.max(0, warmupSeconds + measuredSeconds - elapsed)};
    }

    /**
     * The window so far judged by the reports' steadiness rule, its thirds cut at whole seconds (the final report
     * cuts them at the window's exact thirds); "not judged yet" before the window has three seconds.
     */
    String steadiness(long nowMs) {
        Optional<MeasuredWindow> window = window(nowMs);
        if (window.isEmpty()) {
            return "not judged yet: no sample";
        }
        long start = window.get().startMs() / 1000;
        long end = Math.min(window.get().endMs() / 1000, nowMs / 1000);
        long length = end - start;
        if (length < 3) {
            return "not judged yet: the window has not started or is under 3 s";
        }
        List<DashboardData.Third> thirds = new ArrayList<>();
        for (int third = 0; third < 3; third++) {
            long from = start + length * third / 3;
            long to = start + length * (third + 1) / 3;
            long samples = 0;
            for (Map<String, SampleFigures> labels : seconds.subMap(from, to).values()) {
                samples += labels.values().stream().mapToLong(SampleFigures::samples).sum();
            }
            thirds.add(new DashboardData.Third(from * 1000, to * 1000, samples,
                    to > from ? samples / (double) (to - from) : 0, 0, 0));
        }
        MeasuredWindow soFar = new MeasuredWindow(start * 1000, end * 1000, 0, 0);
        return SteadinessRule.judge(thirds, soFar, 1000, SteadinessRule.LoadGenerator.UNKNOWN).verdict();
    }
}
