package io.rpcbench.reports;

import java.time.Duration;
import java.util.Optional;

/**
 * The part of a run whose samples count in every figure (per-label statistics, percentiles, errors, provider
 * shares, the steadiness verdict, the comparison): it starts {@code warmup} after the run's first sample start
 * and lasts {@code measured}, or to the run's end. A sample is in the window when it STARTED in it
 * ({@code startMs <= timeStamp < endMs}), wherever it ended: each call counts once, in the window it was made in.
 * The time series still show the whole run.
 *
 * @param startMs    the window's start, ms since the epoch
 * @param endMs      its end (exclusive): start + measured, or the run's end ({@link JtlSpan#runEndMs()}) when no
 *                   measured length was given or the run ended sooner
 * @param warmupMs   the warm-up before it
 * @param measuredMs the measured length asked for; 0 for "to the end"
 */
record MeasuredWindow(long startMs, long endMs, long warmupMs, long measuredMs) {

    /** The window of a run of {@code span}; empty (end = start) when the warm-up outlasts the run. */
    static MeasuredWindow of(JtlSpan span, Duration warmup, Optional<Duration> measured) {
        long start = span.firstStartMs() + warmup.toMillis();
        long runEnd = span.runEndMs();
        long end = measured.map(m -> Math.min(start + m.toMillis(), runEnd)).orElse(runEnd);
        return new MeasuredWindow(start, Math.max(start, end), warmup.toMillis(),
                measured.map(Duration::toMillis).orElse(0L));
    }

    boolean contains(long sampleStartMs) {
        return sampleStartMs >= startMs && sampleStartMs < endMs;
    }

    long lengthMs() {
        return endMs - startMs;
    }

    /** How much shorter than asked the window is because the run ended first; 0 when "to the end" was asked. */
    long cutMs() {
        return measuredMs == 0 ? 0 : Math.max(0, measuredMs - lengthMs());
    }
}
