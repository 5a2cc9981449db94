package io.rpcbench.benchmark.live;

import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.statistics.MeasuredWindow;
import io.rpcbench.reports.statistics.SpikeRule;
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

    /**
     * Seconds whose histograms are kept, back from the newest: older ones are summed into the window's figures (when
     * in it) and dropped, so that a 20-hour soak holds a quarter of an hour of histograms, not 72,000 seconds of them.
     */
    static final int KEEP_SECONDS = 900;

    /** The newest seconds, which the window's sums leave out: a call still under way may add to them. */
    static final int TAIL = 30;

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
    /** The window's seconds from the start zone's end to this one are summed in {@link #closedSums}. */
    private long closedUntil;
    private final Map<String, SampleFigures> closedSums = new TreeMap<>();
    private final Map<Long, SampleFigures> together = new java.util.HashMap<>();
    private final Map<Long, Map<String, Object>> shownSeconds = new java.util.HashMap<>();
    /** The first second with samples (seconds may be dropped from {@link #seconds} later). */
    private long firstSecond = Long.MAX_VALUE;
    /** Samples per second of the whole plan, all labels: small, kept for the steadiness so far. */
    private final TreeMap<Long, Long> samplesPerSecond = new TreeMap<>();
    /** The spike rule's figures of the seconds dropped from {@link #seconds} (older than {@link #KEEP_SECONDS}). */
    private final TreeMap<Long, SpikeRule.Second> droppedSeconds = new TreeMap<>();
    /** Whether the window's figures lack seconds that were dropped before the final window was known. */
    private boolean approximate;
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
            // the decoded figures themselves become the second's when it is new; every other holder adds them
            seconds.computeIfAbsent(second.second(), s -> new TreeMap<>())
                    .merge(second.label(), figures, (a, b) -> {
                        a.add(b);
                        return a;
                    });
            totals.computeIfAbsent(second.label(), label -> new SampleFigures()).add(figures);
            firstSecond = Math.min(firstSecond, second.second());
            samplesPerSecond.merge(second.second(), figures.samples(), Long::sum);
            together.remove(second.second());
            shownSeconds.remove(second.second());
            // a late call of a second already summed into the window: added there too
            if (second.second() >= zoneEnd() && second.second() < closedUntil) {
                closedSums.computeIfAbsent(second.label(), l -> new SampleFigures()).add(figures);
            }
        }
        dropOldSeconds();
    }

    /**
     * Sums the window's seconds older than {@link #KEEP_SECONDS} into its figures and drops their histograms, keeping
     * what the spike rule reads of each.
     */
    private void dropOldSeconds() {
        if (seconds.isEmpty() || seconds.headMap(seconds.lastKey() - KEEP_SECONDS).size()
                <= 2 * (zoneEnd() - zoneStart())) {
            return;
        }
        long keepFrom = seconds.lastKey() - KEEP_SECONDS;
        windowFigures((seconds.lastKey() + 1) * 1000); // sums the window's seconds up to the newest but one
        java.util.List<Long> old = new java.util.ArrayList<>(seconds.headMap(keepFrom).keySet());
        for (long second : old) {
            if (inZone(second)) {
                continue; // the final window may start or end at any of them
            }
            Map.Entry<Long, Map<String, SampleFigures>> oldest = Map.entry(second, seconds.remove(second));
            SampleFigures all = together(oldest.getKey(), oldest.getValue());
            droppedSeconds.put(oldest.getKey(), spikeSecond(oldest.getKey(), all));
            together.remove(oldest.getKey());
            shownSeconds.remove(oldest.getKey());
        }
    }

    /** What the spike rule reads of one second's figures. */
    static SpikeRule.Second spikeSecond(long second, SampleFigures figures) {
        return new SpikeRule.Second(second * 1000, figures.samples(), figures.percentileMs(99), figures.errors(),
                figures.arrivals() > 0 ? figures.lagPercentileMs(99) : null);
    }

    /** The spike rule's figures of every second of the plan so far: the dropped ones, then those kept. */
    java.util.List<SpikeRule.Second> spikeSeconds(long nowMs) {
        java.util.List<SpikeRule.Second> all = new java.util.ArrayList<>(droppedSeconds.values());
        perSecond(nowMs, Integer.MAX_VALUE).forEach((second, figures) -> all.add(spikeSecond(second, figures)));
        return all;
    }

    /** Seconds whose histograms are held now. */
    int heldSeconds() {
        return seconds.size();
    }

    /** Whether the window's figures lack seconds dropped before the final window was known (then the report rules). */
    boolean approximate() {
        return approximate;
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
        if (firstSecond == Long.MAX_VALUE) {
            return Optional.empty();
        }
        long first = firstSecond * 1000;
        return Optional.of(MeasuredWindow.of(first, Math.max(first, nowMs), Duration.ofSeconds(warmupSeconds),
                measuredSeconds > 0 ? Optional.of(Duration.ofSeconds(measuredSeconds)) : Optional.empty()));
    }

    /**
     * Each label's figures of the samples that started in the window (so far), in label order.
     *
     * <p>The window's start is always in the <em>start zone</em>: the reports' rule puts it between the warm-up's end
     * less its set-up allowance and the warm-up's end ({@link MeasuredWindow}), whatever the run's length, and the
     * final report's start may differ from the one while the plan ran by a few seconds there. So the zone's seconds
     * keep their histograms, and the window's seconds after the zone that are two seconds old or more are kept summed
     * ({@link #closedSums}; a late call's samples are added as they come): the figures of any start in the zone are
     * the zone's seconds from it, the sums, and the last seconds, exact, while a long plan holds only a quarter of an
     * hour of histograms and a refresh adds two seconds, not the whole window, again.
     */
    Map<String, SampleFigures> windowFigures(long nowMs) {
        Map<String, SampleFigures> byLabel = new TreeMap<>();
        Optional<MeasuredWindow> found = window(nowMs);
        if (found.isEmpty()) {
            return byLabel;
        }
        MeasuredWindow window = found.get();
        long start = window.startMs() / 1000;
        long end = window.endMs() / 1000;
        long zoneEnd = zoneEnd();
        if (start < zoneStart() || start > zoneEnd) {
            approximate |= !droppedSeconds.isEmpty() && droppedSeconds.lastKey() >= start;
            add(byLabel, start, end); // not the reports' rule's window (no warm-up given): every second as kept
            return byLabel;
        }
        if (closedUntil < zoneEnd) {
            closedUntil = zoneEnd;
        }
        if (closedUntil > end) {
            // a window ending before seconds already summed (not the rule's: see closeLimit): start again from the
            // seconds kept, which lack those dropped
            approximate |= !droppedSeconds.isEmpty() && droppedSeconds.lastKey() >= start;
            closedSums.clear();
            closedUntil = zoneEnd;
        }
        long closeTo = Math.max(closedUntil, Math.min(Math.min(end, closeLimit()), Math.floorDiv(nowMs, 1000) - TAIL));
        seconds.subMap(closedUntil, closeTo).forEach((second, labels) -> labels.forEach((label, figures) ->
                closedSums.computeIfAbsent(label, l -> new SampleFigures()).add(figures)));
        closedUntil = closeTo;
        add(byLabel, start, Math.min(zoneEnd, end));
        closedSums.forEach((label, figures) -> byLabel.computeIfAbsent(label, l -> new SampleFigures()).add(figures));
        add(byLabel, closedUntil, end);
        return byLabel;
    }

    /** Adds the kept seconds of {@code [from, to)} to {@code byLabel}. */
    private void add(Map<String, SampleFigures> byLabel, long from, long to) {
        if (to <= from) {
            return;
        }
        seconds.subMap(from, to).forEach((second, labels) -> labels.forEach((label, figures) ->
                byLabel.computeIfAbsent(label, l -> new SampleFigures()).add(figures)));
    }

    /** The first second the window can start at: the warm-up's end less the reports' set-up allowance, and one more. */
    private long zoneStart() {
        long allowance = Math.min(5, warmupSeconds / 4);
        return firstSecond + warmupSeconds - allowance - 1;
    }

    /**
     * The first second the window can end at: its earliest start plus its length. Seconds from there on are never
     * summed (nor dropped: {@link #inZone}), so that a final window ending a few seconds before the one while the
     * plan ran still adds up; no limit for a window to the run's end.
     */
    private long closeLimit() {
        return measuredSeconds > 0 ? zoneStart() + measuredSeconds : Long.MAX_VALUE;
    }

    /** Whether {@code second} is one the window can start or end at, whose histogram is kept. */
    private boolean inZone(long second) {
        return (second >= zoneStart() && second < zoneEnd())
                || (measuredSeconds > 0 && second >= closeLimit() && second < zoneEnd() + measuredSeconds);
    }

    /** The second after the last one the window can start at. */
    private long zoneEnd() {
        return firstSecond + warmupSeconds + 2;
    }

    /** Every label's figures of one second together, kept until a message adds to the second. */
    private SampleFigures together(long second, Map<String, SampleFigures> labels) {
        return together.computeIfAbsent(second, s -> {
            SampleFigures all = new SampleFigures();
            labels.values().forEach(all::add);
            return all;
        });
    }

    /** What the page shows of one second, made by {@code view} and kept until a message adds to the second. */
    Map<String, Object> shownSecond(long second, SampleFigures figures,
            java.util.function.BiFunction<Long, SampleFigures, Map<String, Object>> view) {
        return shownSeconds.computeIfAbsent(second, s -> view.apply(s, figures));
    }

    /**
     * The per-second figures of all labels together, the last {@link #SHOWN_SECONDS}: while the plan runs, only the
     * seconds that have ended and been sent (the engines send a second after its end), not the one still filling.
     */
    Map<Long, SampleFigures> perSecond(long nowMs) {
        return perSecond(nowMs, SHOWN_SECONDS);
    }

    private Map<Long, SampleFigures> perSecond(long nowMs, int last) {
        Map<Long, SampleFigures> shown = new LinkedHashMap<>();
        if (seconds.isEmpty()) {
            return shown;
        }
        long until = done() ? seconds.lastKey() + 1 : Math.floorDiv(nowMs, 1000) - 1;
        seconds.subMap(Math.max(Long.MIN_VALUE + last, until) - last, true, until, false)
                .forEach((second, labels) -> shown.put(second, together(second, labels)));
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
        if (firstSecond == Long.MAX_VALUE) {
            return new long[] {0, (long) warmupSeconds + measuredSeconds};
        }
        long elapsed = Math.max(0, (nowMs - firstSecond * 1000) / 1000);
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
            long samples = samplesPerSecond.subMap(from, to).values().stream().mapToLong(Long::longValue).sum();
            thirds.add(new DashboardData.Third(from * 1000, to * 1000, samples,
                    to > from ? samples / (double) (to - from) : 0, 0, 0));
        }
        MeasuredWindow soFar = new MeasuredWindow(start * 1000, end * 1000, 0, 0);
        return SteadinessRule.judge(thirds, soFar, 1000, SteadinessRule.LoadGenerator.UNKNOWN).verdict();
    }
}
