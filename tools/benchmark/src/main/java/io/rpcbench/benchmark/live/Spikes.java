package io.rpcbench.benchmark.live;

import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.statistics.MeasuredWindow;
import io.rpcbench.reports.statistics.SpikeRule;
import java.util.List;
import java.util.Optional;

/** The live page's spikes: the reports' {@link SpikeRule} on the per-second figures the engines sent. */
final class Spikes {

    /** The most spikes the page lists: the latest. */
    static final int SHOWN = 50;

    private Spikes() {}

    /** The latest spikes among {@code seconds} in {@code window} (none without a window). */
    static List<DashboardData.Spike> of(List<SpikeRule.Second> seconds, Optional<MeasuredWindow> window,
            SpikeRule.Causes others) {
        if (window.isEmpty()) {
            return List.of();
        }
        List<DashboardData.Spike> spikes = SpikeRule.find(seconds, 1000, window.get(), others);
        return spikes.size() <= SHOWN ? spikes : spikes.subList(spikes.size() - SHOWN, spikes.size());
    }
}
