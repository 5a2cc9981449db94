package io.rpcbench.benchmark.soak;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.ToLongFunction;

/**
 * The end-of-run figures of one process's soak and their verdict, by {@code ./run-soak}'s rules (docs/soak.md):
 * threads and descriptors must not grow (growth is when even the lowest of the last three samples is above the
 * highest of the first three), and the heap after GC must stay within +{@value #MAX_HEAP_GROWTH_PERCENT} % (the mean
 * of the last three samples against the mean of the first three, since one full GC's live set varies with what is in
 * flight). Old-generation growth and full collections other than the sampling's own are shown beside them, as the
 * seed reported them ("old area grew less than 200 MB in 50 hours, no full GC"), and not judged: the seed set no
 * target for them.
 *
 * <pre>{@code
 * SoakFigures figures = SoakFigures.of(samples);    // the samples after warm-up, in order
 * if (!figures.passed()) System.out.println(figures.reasons());
 * }</pre>
 *
 * @param samples          how many samples were judged
 * @param heapAfterGcKib   first, last and max of the live heap (first and last: means of three samples)
 * @param heapGrowthPercent last against first, in per cent
 * @param oldGenKib        first, last and max of the old generation after GC
 * @param oldGenGrowthKib  last minus first sample
 * @param fullGcsNotOurs   full collections during the judged samples beyond the one each sample itself causes
 * @param threads          first, last and max
 * @param fds              first, last and max
 * @param rssKib           first, last and max (shown, not judged: the JVM keeps heap it once used)
 * @param reasons          why the verdict is FAIL; empty when it passed
 */
public record SoakFigures(int samples, Range heapAfterGcKib, double heapGrowthPercent, Range oldGenKib,
        long oldGenGrowthKib, long fullGcsNotOurs, Range threads, Range fds, Range rssKib, List<String> reasons) {

    /** run-soak's target for the heap after GC. */
    public static final double MAX_HEAP_GROWTH_PERCENT = 10.0;
    /** How many samples at each end are compared. */
    static final int ENDS = 3;

    /** First, last and max of one figure; -1 each when the figure was never read. */
    public record Range(long first, long last, long max) {}

    /**
     * @param judged the samples from the end of the warm-up to the end of the load, in order
     * @throws IllegalArgumentException when there are none
     */
    public static SoakFigures of(List<SoakSample> judged) {
        if (judged.isEmpty()) {
            throw new IllegalArgumentException("no soak samples to judge; expected at least one after the warm-up");
        }
        List<String> reasons = new ArrayList<>();
        double[] means = meanEnds(judged, SoakSample::heapAfterGcKib);
        Range heap = means == null ? new Range(-1, -1, -1)
                : new Range(Math.round(means[0]), Math.round(means[1]), Math.round(means[2]));
        double heapGrowth = means != null && means[0] > 0 ? 100.0 * (means[1] - means[0]) / means[0] : 0;
        if (heapGrowth > MAX_HEAP_GROWTH_PERCENT) {
            reasons.add(String.format(Locale.ROOT, "heap after GC grew %+.1f %% (%d to %d KiB), above +%.0f %%",
                    heapGrowth, heap.first(), heap.last(), MAX_HEAP_GROWTH_PERCENT));
        }
        Range threads = ends(judged, SoakSample::threads);
        if (grew(judged, SoakSample::threads)) {
            reasons.add("threads grew from " + threads.first() + " to " + threads.last());
        }
        Range fds = ends(judged, SoakSample::fds);
        if (grew(judged, SoakSample::fds)) {
            reasons.add("descriptors grew from " + fds.first() + " to " + fds.last());
        }
        Range old = ends(judged, SoakSample::oldGenKib);
        long oldGrowth = old.first() < 0 || old.last() < 0 ? 0 : old.last() - old.first();
        return new SoakFigures(judged.size(), heap, heapGrowth, old, oldGrowth, fullGcsNotOurs(judged), threads, fds,
                ends(judged, SoakSample::rssKib), List.copyOf(reasons));
    }

    public boolean passed() {
        return reasons.isEmpty();
    }

    /** {@code PASS} or {@code FAIL}, as run-soak prints it. */
    public String verdict() {
        return passed() ? "PASS" : "FAIL";
    }

    /** Sustained growth: the lowest of the last samples is above the highest of the first ones. */
    static boolean grew(List<SoakSample> samples, ToLongFunction<SoakSample> figure) {
        int w = Math.min(ENDS, samples.size());
        long firstMax = samples.subList(0, w).stream().mapToLong(figure).max().orElseThrow();
        long lastMin = samples.subList(samples.size() - w, samples.size()).stream().mapToLong(figure).min()
                .orElseThrow();
        return lastMin > firstMax;
    }

    private static Range ends(List<SoakSample> samples, ToLongFunction<SoakSample> figure) {
        long[] known = samples.stream().mapToLong(figure).filter(v -> v >= 0).toArray();
        if (known.length == 0) {
            return new Range(-1, -1, -1);
        }
        return new Range(known[0], known[known.length - 1], Arrays.stream(known).max().orElseThrow());
    }

    /** {mean of the first three, mean of the last three, max} of the known values; null when none is known. */
    private static double[] meanEnds(List<SoakSample> samples, ToLongFunction<SoakSample> figure) {
        long[] known = samples.stream().mapToLong(figure).filter(v -> v >= 0).toArray();
        if (known.length == 0) {
            return null;
        }
        int w = Math.min(ENDS, known.length);
        return new double[] {Arrays.stream(known, 0, w).average().orElseThrow(),
                Arrays.stream(known, known.length - w, known.length).average().orElseThrow(),
                Arrays.stream(known).max().orElseThrow()};
    }

    /**
     * Each sample's histogram is one full collection, counted in the next reading's FGC: between the first and the last
     * sample there are {@code n - 1} of ours.
     */
    private static long fullGcsNotOurs(List<SoakSample> samples) {
        long[] counts = samples.stream().mapToLong(SoakSample::fullGcs).filter(v -> v >= 0).toArray();
        if (counts.length < 2) {
            return 0;
        }
        return Math.max(0, counts[counts.length - 1] - counts[0] - (counts.length - 1));
    }
}
