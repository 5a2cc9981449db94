package io.rpcbench.benchmark.live;

import io.rpcbench.reports.figures.Figures;
import io.rpcbench.reports.statistics.MeasuredWindow;
import io.rpcbench.seconds.SampleFigures;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The seconds of a window whose p99 stands out: more than {@value #FACTOR} x the median of the window's per-second
 * p99s, each with what happened in it on either side (the causes a {@link Causes} finds: the provider's GC, JMeter's
 * GC or CPU, schedule lag, errors), or "not explained".
 */
final class Spikes {

    static final double FACTOR = 3;

    /** What happened in one second, in words; empty when nothing known did. */
    @FunctionalInterface
    interface Causes {
        List<String> in(long secondMs, SampleFigures figures);
    }

    private Spikes() {}

    /**
     * The spikes among {@code perSecond}'s seconds in {@code window} (none without a window, or with fewer than 3 of
     * its seconds yet).
     */
    static List<Object> of(Map<Long, SampleFigures> perSecond, Optional<MeasuredWindow> window, Causes causes) {
        List<Object> spikes = new ArrayList<>();
        if (window.isEmpty()) {
            return spikes;
        }
        Map<Long, SampleFigures> inWindow = new LinkedHashMap<>();
        perSecond.forEach((second, figures) -> {
            if (window.get().contains(second * 1000) && figures.samples() > 0) {
                inWindow.put(second, figures);
            }
        });
        if (inWindow.size() < 3) {
            return spikes;
        }
        double median = median(inWindow.values().stream().mapToDouble(f -> f.percentileMs(99)).sorted().toArray());
        inWindow.forEach((second, figures) -> {
            double p99 = figures.percentileMs(99);
            if (median > 0 && p99 > FACTOR * median) {
                List<String> why = new ArrayList<>(causes.in(second * 1000, figures));
                Map<String, Object> spike = new LinkedHashMap<>();
                spike.put("t", second * 1000);
                spike.put("p99Ms", Figures.round(p99, 3));
                spike.put("medianP99Ms", Figures.round(median, 3));
                spike.put("causes", why.isEmpty() ? List.of("not explained") : why);
                spikes.add(spike);
            }
        });
        return spikes;
    }

    /** The causes every run can see in the samples themselves: errors, schedule lag. */
    static List<String> inSamples(SampleFigures figures) {
        List<String> causes = new ArrayList<>();
        if (figures.errors() > 0) {
            causes.add(figures.errors() + " errors " + figures.errorsByCode());
        }
        if (figures.arrivals() > 0 && figures.lagPercentileMs(99) >= figures.percentileMs(99) / 2) {
            causes.add("schedule lag (lag p99 " + Figures.text(figures.lagPercentileMs(99), 3) + " ms: arrivals "
                    + "waited for a thread)");
        }
        return causes;
    }

    private static double median(double[] sorted) {
        int n = sorted.length;
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
    }
}
