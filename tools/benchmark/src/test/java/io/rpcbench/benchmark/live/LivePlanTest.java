package io.rpcbench.benchmark.live;

import static org.assertj.core.api.Assertions.assertThat;

import io.rpcbench.seconds.LiveMessage;
import io.rpcbench.seconds.SampleFigures;
import io.rpcbench.seconds.SampleTimes;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class LivePlanTest {

    private static final long FIRST = 1_800_000_000L;

    private static SampleFigures second(Random random, int samples) {
        SampleFigures figures = new SampleFigures();
        for (int i = 0; i < samples; i++) {
            figures.record(SampleTimes.of(0, 100 + random.nextInt(5000), false, 0), 0, random.nextInt(100) != 0,
                    "timeout", 1, 1, 4);
        }
        return figures;
    }

    /**
     * A long plan (an hour and a half of seconds, a message each, some seconds sent twice as late calls are): the
     * window's figures, as seconds are dropped past the quarter of an hour kept, equal those of every second in it
     * added at once, and the plan keeps no more than that quarter of an hour of histograms.
     */
    @Test
    void aLongPlanKeepsAQuarterOfAnHourOfHistogramsAndItsWindowExact() {
        Random random = new Random(7);
        LivePlan plan = new LivePlan("soak", 1, 1, "load", 60, 5000, 0);
        java.util.TreeMap<Long, SampleFigures> sent = new java.util.TreeMap<>();
        long seconds = 5400;
        for (long s = FIRST; s < FIRST + seconds; s++) {
            SampleFigures figures = second(random, 20);
            plan.add(message(s, figures));
            sent.merge(s, figures, (a, b) -> {
                a.add(b);
                return a;
            });
            if (s % 97 == 0 && s - 3 >= FIRST) { // a late call of a second three seconds back
                SampleFigures late = second(random, 1);
                plan.add(message(s - 3, late));
                sent.get(s - 3).add(late);
            }
            if (s % 300 == 0) {
                plan.windowFigures(s * 1000); // the page asks now and then
            }
        }
        long now = (FIRST + seconds + 3) * 1000;
        // the reports' rule: the plan ran longer than warm-up and window, so the window starts at the warm-up's end
        assertThat(plan.window(now).orElseThrow().startMs()).isEqualTo((FIRST + 60) * 1000);
        assertSameFigures(plan.windowFigures(now).get("label"), sent, FIRST + 60, FIRST + 60 + 5000);
        assertThat(plan.approximate()).isFalse();
        assertThat(plan.perSecond(now)).hasSizeLessThanOrEqualTo(LivePlan.SHOWN_SECONDS);
        assertThat(plan.spikeSeconds(now)).hasSize((int) seconds);
        assertThat(plan.heldSeconds()).isLessThanOrEqualTo(LivePlan.KEEP_SECONDS + 20); // and the window's start and end zones

        // the final report's window starting elsewhere in the start zone (the JTL's first call later in its first
        // second than the live figures can tell), as long as asked: still exact
        plan.ended((FIRST + 56) * 1000, (FIRST + 56 + 5000) * 1000);
        assertSameFigures(plan.windowFigures(now).get("label"), sent, FIRST + 56, FIRST + 56 + 5000);
        assertThat(plan.approximate()).isFalse();
    }

    private static void assertSameFigures(SampleFigures shown, java.util.TreeMap<Long, SampleFigures> sent, long from,
            long to) {
        SampleFigures expected = new SampleFigures();
        sent.subMap(from, to).values().forEach(expected::add);
        assertThat(shown.samples()).isEqualTo(expected.samples()).isPositive();
        assertThat(shown.errors()).isEqualTo(expected.errors());
        for (double p : new double[] {50, 99, 99.9, 100}) {
            assertThat(shown.percentileMs(p)).as("p%s", p).isEqualTo(expected.percentileMs(p));
        }
        assertThat(shown.maxMs()).isEqualTo(expected.maxMs());
    }

    private static LiveMessage message(long second, SampleFigures figures) {
        return new LiveMessage("e", second * 1000, false, List.of(new LiveMessage.Second("label", second,
                figures.wire())), List.of());
    }
}
