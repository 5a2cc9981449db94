package io.rpcbench.reports.statistics;

import io.rpcbench.reports.jtl.JtlSpan;
import java.time.Duration;
import java.util.Optional;

/**
 * The part of a run whose samples count in every figure (per-label statistics, percentiles, errors, provider
 * shares, the steadiness verdict, the comparison): it starts {@code warmup} after the run's first sample start
 * and lasts {@code measured}, or to the run's end.
 *
 * <p>With a measured length, the window ends at the earlier of the run's last whole second and {@code measured}
 * after the warm-up; it is {@code measured} long, starting no earlier than {@code warmup} less an allowance for
 * setup (a quarter of the warm-up, at most {@value #SETUP_ALLOWANCE_MS} ms) after the first call. So a run as long
 * as planned gets its last {@code measured} seconds, and a longer run the {@code measured} seconds right after its
 * warm-up. The plans' thread group runs warm-up plus window from the
 * moment its threads start, but the JTL only knows the first call, which comes after the clients'
 * setup (a Dubbo consumer takes a second or two to find its provider through the registry); counting the warm-up
 * from the first call would push the window past the run's end by that setup time. A run that ended early (stopped,
 * or JMeter failed) keeps its warm-up less the allowance and gets a shorter window, which the steadiness verdict
 * reports ({@link #cutMs()}).
 *
 * <p>The window starts and, with a measured length, ends on a whole second of the epoch: JMeter's report
 * generator takes its {@code start_date} and {@code end_date} in whole seconds, so {@code jmeter -g} with those dates
 * counts the same samples (JMeter also counts those that started in the very millisecond of the end; we do not).
 * Without a warm-up or a measured length the window is the whole run, as JMeter's dashboard of the JTL without dates.
 * A sample is in the window when it STARTED in it
 * ({@code startMs <= timeStamp < endMs}), wherever it ended: each call counts once, in the window it was made in.
 * The time series still show the whole run.
 *
 * @param startMs    the window's start, ms since the epoch
 * @param endMs      its end (exclusive): start + measured, or the run's last whole second when the run ended
 *                   sooner, or the run's end ({@link JtlSpan#runEndMs()}) when no measured length was given
 * @param warmupMs   the warm-up before it: from the run's first sample start to {@code startMs}
 * @param measuredMs the measured length asked for; 0 for "to the end"
 */
public record MeasuredWindow(long startMs, long endMs, long warmupMs, long measuredMs) {

    /** How much of the warm-up the clients' setup before the first call may take, at most (and a quarter of it). */
    static final long SETUP_ALLOWANCE_MS = 5_000;

    /** The window of a run of {@code span}; empty (end = start) when the warm-up outlasts the run. */
    static MeasuredWindow of(JtlSpan span, Duration warmup, Optional<Duration> measured) {
        return of(span.firstStartMs(), span.runEndMs(), warmup, measured);
    }

    /**
     * The window of a run whose first sample started at {@code firstStartMs} and whose last ended at
     * {@code runEnd} (so far, for a run still going: the live dashboard's).
     */
    public static MeasuredWindow of(long firstStartMs, long runEnd, Duration warmup, Optional<Duration> measured) {
        if (warmup.isZero() && measured.isEmpty()) {
            // Nothing to cut: every sample counts, as in JMeter's dashboard of the JTL without start and end dates.
            return new MeasuredWindow(firstStartMs, runEnd, 0, 0);
        }
        long afterWarmup = firstStartMs + warmup.toMillis();
        // The last measured seconds back from the run's last whole second, where the window will end: back from the
        // run's end itself, the start's rounding up would make the window a second short of what was asked.
        long start = measured.map(m -> Math.max(floorToSecond(runEnd) - m.toMillis(),
                afterWarmup - Math.min(SETUP_ALLOWANCE_MS, warmup.toMillis() / 4))).orElse(afterWarmup);
        start = Math.min(start, afterWarmup);
        // Whole seconds, as JMeter's report generator cuts (its start and end dates have seconds), so that its
        // dashboard of the window counts the same samples; a window to the run's end keeps the end exact.
        start = ceilToSecond(start);
        long windowStart = start;
        long end = measured.map(m -> floorToSecond(Math.min(windowStart + m.toMillis(), runEnd))).orElse(runEnd);
        return new MeasuredWindow(start, Math.max(start, end), start - firstStartMs,
                measured.map(Duration::toMillis).orElse(0L));
    }

    private static long ceilToSecond(long ms) {
        return Math.floorDiv(ms + 999, 1000) * 1000;
    }

    private static long floorToSecond(long ms) {
        return Math.floorDiv(ms, 1000) * 1000;
    }

    public boolean contains(long sampleStartMs) {
        return sampleStartMs >= startMs && sampleStartMs < endMs;
    }

    public long lengthMs() {
        return endMs - startMs;
    }

    /** How much shorter than asked the window is because the run ended first; 0 when "to the end" was asked. */
    long cutMs() {
        return measuredMs == 0 ? 0 : Math.max(0, measuredMs - lengthMs());
    }
}
