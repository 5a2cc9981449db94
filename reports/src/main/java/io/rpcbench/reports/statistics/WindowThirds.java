package io.rpcbench.reports.statistics;

import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.figures.Figures;
import io.rpcbench.reports.jtl.JtlSample;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The measured window cut into three equal thirds: per third the samples that started in it, their throughput
 * (samples / the third's length), mean and p99 response time, and for an open workload's arrivals the p99 of their
 * schedule lag and of the calls' own time ({@link ScheduleLagRule} compares the first third's with the last's) and
 * its backlog seconds: the window's whole seconds, counted from its start, in which more than half of the arrivals
 * started over {@value ScheduleLagRule#KEPT_LAG_P99_MS} ms late. A pause of the generator's machine makes the
 * arrivals of tens of ms late; a backlog keeps most of a second's late. Feed it every sample ({@link #accept} ignores
 * those outside the window), then read {@link #thirds()} for {@link SteadinessRule}.
 */
public final class WindowThirds implements Consumer<JtlSample> {

    private final MeasuredWindow window;
    private final List<LabelStatistics> thirds = new ArrayList<>();
    /** The fewest arrivals of a second that can make it a backlog second. */
    static final int BACKLOG_MIN_ARRIVALS = 10;
    /** Per second of the window: the arrivals due in it, and those of them that started late. */
    private final long[] arrivals;
    private final long[] late;

    public WindowThirds(MeasuredWindow window) {
        this.window = window;
        for (int i = 0; i < 3; i++) {
            thirds.add(LabelStatistics.figuresOnly("third " + (i + 1), 0));
        }
        int seconds = (int) Math.max(1, (window.lengthMs() + 999) / 1000);
        arrivals = new long[seconds];
        late = new long[seconds];
    }

    @Override
    public void accept(JtlSample sample) {
        if (window.contains(sample.timeStamp())) {
            long offset = sample.timeStamp() - window.startMs();
            thirds.get((int) Math.min(2, offset * 3 / window.lengthMs())).add(sample);
            if (sample.hasLag()) {
                int second = (int) Math.min(arrivals.length - 1, offset / 1000);
                arrivals[second]++;
                if (sample.lagUs() > ScheduleLagRule.KEPT_LAG_P99_MS * 1000) {
                    late[second]++;
                }
            }
        }
    }

    /**
     * The backlog seconds (most of their arrivals late) that start in third {@code i}: whole seconds of the window
     * only (a window that runs to a run's end may end 20 ms into a second), and with at least
     * {@value #BACKLOG_MIN_ARRIVALS} arrivals, so that "most" is not one late arrival of a slow schedule.
     */
    private int backlogSeconds(int i) {
        if (window.lengthMs() <= 0) {
            return 0;
        }
        int count = 0;
        for (int second = 0; second < window.lengthMs() / 1000; second++) {
            long offset = second * 1000L;
            if (Math.min(2, offset * 3 / window.lengthMs()) == i && arrivals[second] >= BACKLOG_MIN_ARRIVALS
                    && 2 * late[second] > arrivals[second]) {
                count++;
            }
        }
        return count;
    }

    /**
     * Third i holds the samples that started at offsets o from the window's start with floor(3 o / length) = i;
     * in whole ms it spans [start + ceil(i x length / 3), start + ceil((i + 1) x length / 3)). Its TPS is over
     * length / 3, the same for each third.
     */
    public List<DashboardData.Third> thirds() {
        List<DashboardData.Third> result = new ArrayList<>();
        double seconds = window.lengthMs() / 3000.0;
        for (int i = 0; i < 3; i++) {
            LabelStatistics third = thirds.get(i);
            result.add(new DashboardData.Third(
                    window.startMs() + (window.lengthMs() * i + 2) / 3,
                    window.startMs() + (window.lengthMs() * (i + 1) + 2) / 3,
                    third.samples(),
                    Figures.round(seconds == 0 ? 0 : third.samples() / seconds, 3),
                    Figures.round(third.meanMs(), 3),
                    Figures.round(third.percentileMs(99), 3),
                    third.scheduleLag().map(lag -> Figures.round(lag.lagPercentileMs(99), 3)).orElse(null),
                    third.scheduleLag().map(lag -> Figures.round(lag.callPercentileMs(99), 3)).orElse(null),
                    third.scheduleLag().isPresent() ? backlogSeconds(i) : null));
        }
        return result;
    }
}
