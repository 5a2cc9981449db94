package io.rpcbench.benchmark.live;

import io.rpcbench.reports.figures.Figures;
import io.rpcbench.reports.jtl.perfmon.PerfMonMetric;
import io.rpcbench.reports.statistics.MeasuredWindow;
import io.rpcbench.reports.statistics.SpikeRule;
import io.rpcbench.seconds.LiveMessage;
import io.rpcbench.seconds.SampleFigures;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.LongFunction;
import java.util.function.LongSupplier;

/**
 * What the live dashboard knows of a run of {@code ./run-benchmark}: its plans in order, each with the figures its
 * engines sent ({@link LivePlan}), the agents' readings per host, and whether the run has ended. The job tells it
 * when each plan starts and ends; the engines' messages go to the plan under way. Thread-safe: the job, the
 * server's threads and the ingest call it at once.
 */
public final class LiveRun {

    /** Readings per metric the page shows: ten minutes at one a second. */
    static final int SHOWN_READINGS = 600;

    static final double[] PERCENTILES = {50, 90, 99, 99.9};

    private final String title;
    private final LongSupplier clock;
    private final List<LivePlan> plans = new ArrayList<>();
    /** Per agent label ({@code host type name}): time, value. */
    private final Map<String, TreeMap<Long, Double>> readings = new TreeMap<>();
    private LivePlan current;
    private long unplaced;
    private LongFunction<List<String>> jmeterSide = second -> List.of();
    private boolean ended;
    private String endNote = "";

    public LiveRun(String title, LongSupplier clock) {
        this.title = title;
        this.clock = clock;
    }

    /** A plan starts: what comes from now on is its. */
    public synchronized void planStarted(String name, int index, int count, String load, int warmupSeconds,
            int measuredSeconds) {
        current = new LivePlan(name, index, count, load, warmupSeconds, measuredSeconds, clock.getAsLong());
        plans.add(current);
    }

    /** The plan under way has ended, with the final report's measured window. */
    public synchronized void planEnded(long windowStartMs, long windowEndMs) {
        if (current != null) {
            current.ended(windowStartMs, windowEndMs);
        }
    }

    /** The plan under way has no figures, for {@code reason}. */
    public synchronized void planFailed(String reason) {
        if (current != null) {
            current.failed(reason);
        }
    }

    /** The run has ended: {@code note} says where its final dashboard is (or why there is none). */
    public synchronized void runEnded(String note) {
        ended = true;
        endNote = note;
    }

    /** An engine's message: added to the plan under way; one that comes with no plan under way is counted. */
    public synchronized void accept(LiveMessage message) {
        for (LiveMessage.Reading reading : message.metrics()) {
            TreeMap<Long, Double> series = readings.computeIfAbsent(reading.label(), label -> new TreeMap<>());
            series.put(reading.timeMs(), reading.value());
            while (series.size() > SHOWN_READINGS) {
                series.pollFirstEntry();
            }
        }
        if (current == null) {
            unplaced++;
            return;
        }
        current.add(message);
    }

    /** The window's figures of {@code plan}'s {@code label}, as the page shows them: for tests and the job's check. */
    public synchronized Optional<SampleFigures> windowFigures(String plan, String label) {
        return plans.stream().filter(p -> p.name.equals(plan)).reduce((a, b) -> b)
                .map(p -> p.windowFigures(clock.getAsLong()).get(label));
    }

    /** The page's data: the run, each plan, the hosts. */
    public synchronized Map<String, Object> view() {
        long now = clock.getAsLong();
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("title", title);
        view.put("nowMs", now);
        view.put("ended", ended);
        view.put("endNote", endNote);
        view.put("unplacedMessages", unplaced);
        List<Object> planViews = new ArrayList<>();
        for (LivePlan plan : plans) {
            planViews.add(planView(plan, now, plan == current && !plan.done()));
        }
        view.put("plans", planViews);
        view.put("hosts", hostsView());
        return view;
    }

    /** The last plan of that name as the page shows it, once it has ended: its live figures kept in its folder. */
    public synchronized Optional<Map<String, Object>> planView(String name) {
        long now = clock.getAsLong();
        return plans.stream().filter(p -> p.name.equals(name)).reduce((a, b) -> b).map(p -> planView(p, now, false));
    }

    private Map<String, Object> planView(LivePlan plan, long now, boolean underWay) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("name", plan.name);
        view.put("index", plan.index);
        view.put("count", plan.count);
        view.put("load", plan.load);
        view.put("warmupSeconds", plan.warmupSeconds);
        view.put("measuredSeconds", plan.measuredSeconds);
        view.put("phase", plan.phase(now));
        long[] elapsedAndLeft = plan.elapsedAndLeft(now);
        view.put("elapsedSeconds", elapsedAndLeft[0]);
        view.put("leftSeconds", plan.done() ? 0 : elapsedAndLeft[1]);
        view.put("failure", plan.failure());
        view.put("messages", plan.messages());
        Optional<MeasuredWindow> window = plan.window(now);
        window.ifPresent(w -> view.put("window", Map.of("startMs", w.startMs(), "endMs", w.endMs(), "final",
                plan.done())));
        view.put("steadiness", plan.steadiness(now));
        view.put("approximate", plan.approximate());
        List<Object> labels = new ArrayList<>();
        long windowSoFarMs = window.map(w -> Math.min(w.endMs(), Math.max(w.startMs(), now / 1000 * 1000))
                - w.startMs()).orElse(0L);
        plan.windowFigures(now).forEach((label, figures) -> labels.add(labelView(label, figures, windowSoFarMs)));
        view.put("labels", labels);
        if (underWay || plan.done()) {
            List<Object> seconds = new ArrayList<>();
            Map<Long, SampleFigures> perSecond = plan.perSecond(now);
            perSecond.forEach((second, figures) -> seconds.add(plan.shownSecond(second, figures, LiveRun::secondView)));
            view.put("seconds", seconds);
            view.put("spikes", Spikes.of(plan.spikeSeconds(now), window, this::causes));
        }
        return view;
    }

    private static Map<String, Object> labelView(String label, SampleFigures figures, long windowSoFarMs) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("label", label);
        view.put("samples", figures.samples());
        view.put("tps", windowSoFarMs <= 0 ? 0 : Figures.round(figures.samples() * 1000.0 / windowSoFarMs, 1));
        view.put("errors", figures.errors());
        view.put("errorsByCategory", figures.errorsByCode());
        view.put("stopped", figures.stopped());
        view.put("dropped", figures.dropped());
        view.put("resolution", figures.allMicroseconds() ? "us" : figures.samples() == 0 ? "-" : "ms");
        view.put("meanMs", Figures.round(figures.meanMs(), 3));
        putPercentiles(view, figures);
        view.put("maxMs", Figures.round(figures.maxMs(), 3));
        if (figures.arrivals() > 0) {
            view.put("lagP50Ms", Figures.round(figures.lagPercentileMs(50), 3));
            view.put("lagP99Ms", Figures.round(figures.lagPercentileMs(99), 3));
            view.put("lagMaxMs", Figures.round(figures.lagMaxMs(), 3));
        }
        return view;
    }

    private static void putPercentiles(Map<String, Object> view, SampleFigures figures) {
        for (double p : PERCENTILES) {
            view.put(percentileName(p), Figures.round(figures.percentileMs(p), 3));
        }
    }

    /** {@code p50Ms}, {@code p99Ms}, {@code p99_9Ms}. */
    static String percentileName(double p) {
        String number = p == Math.rint(p) ? Long.toString((long) p) : Double.toString(p).replace('.', '_');
        return "p" + number + "Ms";
    }

    private static Map<String, Object> secondView(long second, SampleFigures figures) {
        Map<String, Object> view = new LinkedHashMap<>();
        view.put("t", second * 1000);
        view.put("samples", figures.samples());
        view.put("errors", figures.errors());
        putPercentiles(view, figures);
        view.put("maxMs", Figures.round(figures.maxMs(), 3));
        view.put("threads", figures.maxThreads());
        if (figures.arrivals() > 0) {
            view.put("lagP99Ms", Figures.round(figures.lagPercentileMs(99), 3));
        }
        return view;
    }

    /**
     * What JMeter's side saw in a second (its CPU, its GC), in words: the job sets it for the plan under way; the
     * seconds' figures and the agents' readings give the rest.
     */
    public synchronized void jmeterSide(LongFunction<List<String>> causes) {
        this.jmeterSide = causes;
    }

    /** What happened in the second starting at {@code secondMs} besides the samples' own errors and lag. */
    private List<String> causes(long secondMs, long widthMs) {
        List<String> causes = new ArrayList<>();
        readings.forEach((label, series) -> {
            if (label.toLowerCase(java.util.Locale.ROOT).contains("gc-time")) {
                List<Long> t = new ArrayList<>(series.keySet());
                List<Double> v = new ArrayList<>(series.values());
                causes.addAll(SpikeRule.providerGc(PerfMonMetric.parse(label).host(), t, v, secondMs, widthMs));
            }
        });
        causes.addAll(jmeterSide.apply(secondMs));
        return causes;
    }

    private List<Object> hostsView() {
        Map<String, Map<String, Object>> hosts = new TreeMap<>();
        readings.forEach((label, series) -> {
            PerfMonMetric metric = PerfMonMetric.parse(label);
            Map<String, Object> host = hosts.computeIfAbsent(metric.host(), h -> {
                Map<String, Object> view = new LinkedHashMap<>();
                view.put("host", h);
                view.put("metrics", new ArrayList<>());
                return view;
            });
            List<Object> points = new ArrayList<>();
            series.forEach((t, v) -> points.add(List.of(t, Figures.round(v, 3))));
            Map<String, Object> view = new LinkedHashMap<>();
            view.put("label", label);
            view.put("chart", metric.chart());
            view.put("order", metric.chartOrder());
            view.put("name", metric.type().isEmpty() ? metric.name() : metric.type() + " " + metric.name());
            view.put("last", Figures.round(series.lastEntry().getValue(), 3));
            view.put("points", points);
            @SuppressWarnings("unchecked")
            List<Object> metrics = (List<Object>) host.get("metrics");
            metrics.add(view);
        });
        return new ArrayList<>(hosts.values());
    }

    /** Every plan's figures so far, warm-up included, per label; and the agents' last readings: for the export. */
    synchronized void export(PrometheusText.Writer writer) {
        long now = clock.getAsLong();
        for (LivePlan plan : plans) {
            Map<String, SampleFigures> window = plan.windowFigures(now);
            plan.totals().forEach((label, figures) -> writer.plan(plan.name, label, figures,
                    window.getOrDefault(label, new SampleFigures()), plan.phase(now)));
        }
        readings.forEach((label, series) -> writer.reading(PerfMonMetric.parse(label), series.lastEntry()
                .getValue()));
    }
}
