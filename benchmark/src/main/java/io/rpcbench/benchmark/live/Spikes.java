package io.rpcbench.benchmark.live;

import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.statistics.MeasuredWindow;
import io.rpcbench.reports.statistics.SpikeRule;
import io.rpcbench.seconds.SampleFigures;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** The live page's spikes: the reports' {@link SpikeRule} on the per-second figures the engines sent. */
final class Spikes {

    private Spikes() {}

    /** The spikes among {@code perSecond}'s seconds in {@code window} (none without a window). */
    static List<DashboardData.Spike> of(Map<Long, SampleFigures> perSecond, Optional<MeasuredWindow> window,
            SpikeRule.Causes others) {
        if (window.isEmpty()) {
            return List.of();
        }
        List<SpikeRule.Second> seconds = new ArrayList<>();
        perSecond.forEach((second, figures) -> seconds.add(new SpikeRule.Second(second * 1000, figures.samples(),
                figures.percentileMs(99), figures.errors(),
                figures.arrivals() > 0 ? figures.lagPercentileMs(99) : null)));
        return SpikeRule.find(seconds, 1000, window.get(), others);
    }
}
