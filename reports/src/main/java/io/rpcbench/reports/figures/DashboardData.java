package io.rpcbench.reports.figures;

import java.util.List;
import java.util.Optional;

/**
 * Everything the dashboard shows, as plain data: the JSON embedded in the HTML (and written alone by
 * {@code page.DashboardJson}, e.g. as {@code dashboard.json} for other tools), which the page's script draws and the
 * golden tests pin. Times are ms since the epoch, response times ms (with µs precision where the JTL has
 * {@code elapsed_us}), rates per second, sizes KB (1024 bytes) as JMeter counts them. A null figure is one the
 * run does not have.
 *
 * @param title      the page's heading
 * @param runs       one entry per run, in the order added
 * @param comparison one table per scenario, systems side by side (seed 000/001/003 layout)
 */
public record DashboardData(String title, List<RunData> runs, List<ComparisonTable> comparison) {

    /**
     * One run: one JTL and optionally its PerfMon file. Every figure (labels, total, steadiness, server, servers,
     * errors, providers, generators' figures) counts the measured window only: samples that started in
     * [windowStartMs, windowEndMs) and PerfMon readings taken in it. The series (client, generators' series, hosts)
     * cover the whole run.
     *
     * @param name            the run's name, e.g. "dubbo-echo-1k"
     * @param system          what is compared, e.g. "dubbo"
     * @param scenario        what it is compared on, e.g. "echo-1k"
     * @param jtl             the JTL's file name
     * @param perfmon         the PerfMon file's name, or null
     * @param jmeterDashboard link to JMeter's own dashboard for the run, or null
     * @param startMs         start of the shared time axis (first bucket of client or server)
     * @param endMs           end of the shared time axis (end of the last bucket)
     * @param bucketMs        width of one time bucket, shared by client and server series
     * @param warmupMs        the warm-up: from the run's first sample start to the window's start
     * @param windowStartMs   start of the measured window
     * @param windowEndMs     end of the measured window (exclusive)
     * @param labels          figures per sampler label, in order of first appearance
     * @param total           figures over all labels
     * @param steadiness      whether the window was steady, and warnings about the load generator
     * @param schedule        whether an open workload's arrivals kept their schedule, from their schedule lag
     *                        ({@code statistics.ScheduleLagRule}); null for a run without lag figures (a closed
     *                        workload, a JTL without {@code lag_us})
     * @param server          the provider's host and process over the window; with several provider hosts, no
     *                        figures and a note saying they are in {@code servers}
     * @param servers         the same figures per provider host (a PerfMon host with the provider process's series;
     *                        see {@code statistics.ServerWindow}), in order of first appearance; one for a local
     *                        run, none without a PerfMon file
     * @param errors          failed samples by category
     * @param providers       samples per label and answering provider; empty when the JTL names none
     * @param generators      per load generator (JMeter remote engine, from the thread names' prefix) of a
     *                        distributed run, addresses in numeric order; empty for a local run
     * @param client          client-side series
     * @param hosts           server-side series per agent host
     */
    public record RunData(String name, String system, String scenario, String jtl, String perfmon,
            String jmeterDashboard, long startMs, long endMs, long bucketMs, long warmupMs, long windowStartMs,
            long windowEndMs, List<LabelFigures> labels, LabelFigures total, Steadiness steadiness,
            Schedule schedule, ServerFigures server, List<ServerFigures> servers, List<ErrorCategory> errors,
            List<ProviderShare> providers, List<GeneratorFigures> generators, ClientSeries client,
            List<HostCharts> hosts, List<Spike> spikes) {

        /** The same run with another steadiness. */
        public RunData withSteadiness(Steadiness other) {
            return new RunData(name, system, scenario, jtl, perfmon, jmeterDashboard, startMs, endMs, bucketMs,
                    warmupMs, windowStartMs, windowEndMs, labels, total, other, schedule, server, servers, errors,
                    providers, generators, client, hosts, spikes);
        }
    }

    /**
     * A time bucket of the measured window (a second, on runs short enough for per-second buckets) whose p99 is more
     * than 3 x the median of the window's per-bucket p99s, with what happened in it on either side.
     *
     * @param t           the bucket's start, ms since the epoch
     * @param widthMs     its width
     * @param p99Ms       its p99
     * @param medianP99Ms the median of the window's per-bucket p99s
     * @param causes      what happened in it (the provider's GC, JMeter's CPU or GC, schedule lag, errors), or
     *                    "not explained"
     */
    public record Spike(long t, long widthMs, double p99Ms, double medianP99Ms, List<String> causes) {}

    /**
     * The summary row of one sampler label (or of all, labelled "Total"), over the measured window.
     *
     * @param tps        samples that started in the window per second of it
     * @param resolution "us" when every sample had {@code elapsed_us}, "ms" when none had (JMeter's whole ms),
     *                   "mixed" otherwise ({@code statistics.LabelStatistics.resolution()})
     * @param scheduleLag the schedule lag of an open workload's arrivals, whose response times above are then from
     *                   when each was due; null when no sample had one (a closed workload)
     * @param streams    the per-message figures of the samples that were streams; null when none was
     */
    public record LabelFigures(String label, long samples, double tps, double averageMs, double minMs,
            double maxMs, double p50Ms, double p90Ms, double p95Ms, double p99Ms, double p999Ms,
            double errorPercent, double receivedKBps, double sentKBps, String resolution, ScheduleLag scheduleLag,
            Streams streams) {

        /** Figures of samples none of which was a stream. */
        public LabelFigures(String label, long samples, double tps, double averageMs, double minMs, double maxMs,
                double p50Ms, double p90Ms, double p95Ms, double p99Ms, double p999Ms, double errorPercent,
                double receivedKBps, double sentKBps, String resolution, ScheduleLag scheduleLag) {
            this(label, samples, tps, averageMs, minMs, maxMs, p50Ms, p90Ms, p95Ms, p99Ms, p999Ms, errorPercent,
                    receivedKBps, sentKBps, resolution, scheduleLag, null);
        }

        /** Figures without a schedule lag: a closed workload's. */
        public LabelFigures(String label, long samples, double tps, double averageMs, double minMs, double maxMs,
                double p50Ms, double p90Ms, double p95Ms, double p99Ms, double p999Ms, double errorPercent,
                double receivedKBps, double sentKBps, String resolution) {
            this(label, samples, tps, averageMs, minMs, maxMs, p50Ms, p90Ms, p95Ms, p99Ms, p999Ms, errorPercent,
                    receivedKBps, sentKBps, resolution, null);
        }
    }

    /**
     * The streams among a label's samples over the measured window ({@code statistics.StreamStatistics}): each stream
     * is one sample (its response time from open to close), and these are its messages' figures, every stream's added.
     *
     * @param streams             samples that were streams
     * @param sent                messages the clients sent
     * @param received            messages the clients received
     * @param sentPerSecond       messages sent per second of the window
     * @param receivedPerSecond   messages received per second of the window
     * @param firstMessage        time from opening a stream to its first message, one value a stream; null when no
     *                            stream had a message
     * @param gaps                gaps between two messages received, one value a message; null with none
     * @param roundTrips          a ping-pong's round trip of each message (its sending to its answer); null when no
     *                            stream was a ping-pong
     */
    public record Streams(long streams, long sent, long received, double sentPerSecond, double receivedPerSecond,
            Percentiles firstMessage, Percentiles gaps, Percentiles roundTrips) {}

    /**
     * A distribution of times, ms with µs precision: HdrHistogram's value at or below which the share falls (within
     * 0.1 %), never above the exact maximum.
     *
     * @param values how many values it holds
     */
    public record Percentiles(long values, double p50Ms, double p99Ms, double maxMs) {}

    /**
     * The schedule lag of the arrivals of an open workload (samples with {@code lag_us}) over the measured window: how
     * late each call started after it was due, ms with µs precision ({@code statistics.LagStatistics}).
     *
     * @param samples   the arrivals with a lag
     * @param p50Ms     the lag's median
     * @param p99Ms     its 99th percentile
     * @param maxMs     its largest value, exact
     * @param callP50Ms the calls' own time (from their start, the lag left out), median
     * @param callP99Ms the calls' own time, 99th percentile
     */
    public record ScheduleLag(long samples, double p50Ms, double p99Ms, double maxMs, double callP50Ms,
            double callP99Ms) {}

    /**
     * Whether an open workload's arrivals kept their schedule, judged from their schedule lag over the measured
     * window ({@code statistics.ScheduleLagRule}).
     *
     * @param rule      the rule, in words
     * @param kept      whether the lag's p99 stayed within the rule's limit
     * @param boundBy   what bounded the run when it was not kept: "generator CPU", "provider" or "generator thread
     *                  pool"; null when kept
     * @param verdict   one line, e.g. "the schedule was kept: schedule lag p99 0.214 ms"
     * @param lag       the lag over every label
     */
    public record Schedule(String rule, boolean kept, String boundBy, String verdict, ScheduleLag lag) {}

    /**
     * Whether the measured window was steady ({@code statistics.SteadinessRule}).
     *
     * @param rule          the rule, in words
     * @param thirds        the window's three equal thirds
     * @param changePercent (last third's TPS - first third's) / first third's x 100
     * @param spreadPercent (max - min) / mean of the thirds' TPS x 100
     * @param steady        whether the rule holds; false when the window is too short to judge
     * @param verdict       one line, e.g. "steady (first third 24,810 TPS, last 25,102, +1.2 %; spread 2.1 %)"
     * @param warnings      the load generator's saturation and a window cut short, in plain words
     * @param jmeterCpuPercent the JMeter process's CPU over the window, % of all the machine's cores (100 = every
     *                      core busy), as the runner measured it; null when not measured (a JTL given alone)
     * @param jmeterCores   the cores of JMeter's machine that {@code jmeterCpuPercent} is a share of; null with it
     */
    public record Steadiness(String rule, List<Third> thirds, double changePercent, double spreadPercent,
            boolean steady, String verdict, List<String> warnings, Double jmeterCpuPercent, Integer jmeterCores) {

        /** The same, not steady, with {@code why} the throughput is not judged as its verdict. */
        public Steadiness notJudged(String why) {
            return new Steadiness(rule, thirds, changePercent, spreadPercent, false, why, warnings, jmeterCpuPercent,
                    jmeterCores);
        }

        /** "JMeter process: 48 % of the machine's 2 cores", or empty when not measured. */
        public Optional<String> jmeterCpuText() {
            return Optional.ofNullable(jmeterCpuPercent).map(cpu -> "JMeter process: " + Figures.text(cpu, 0)
                    + " % of the machine's " + (jmeterCores == null ? "cores" : jmeterCores + " core"
                    + (jmeterCores == 1 ? "" : "s")) + " over the window");
        }
    }

    /**
     * A third of the measured window: its samples (started in it), their TPS, mean and p99; for an open workload's
     * arrivals also the p99 of their schedule lag and of the calls' own time, and its backlog seconds: the whole
     * seconds of the window starting in this third in which most arrivals started late (more than
     * {@code ScheduleLagRule}'s kept lag), a backlog rather than a pause (null without lag figures).
     */
    public record Third(long startMs, long endMs, long samples, double tps, double averageMs, double p99Ms,
            Double lagP99Ms, Double callP99Ms, Integer backlogSeconds) {

        /** A third without lag figures: a closed workload's. */
        public Third(long startMs, long endMs, long samples, double tps, double averageMs, double p99Ms) {
            this(startMs, endMs, samples, tps, averageMs, p99Ms, null, null, null);
        }
    }

    /**
     * The provider's side of the measured window, from the PerfMon readings taken in it: means of the readings,
     * rates from the per-interval byte counts, sums of the GC readings. Null for a figure the run lacks.
     *
     * @param providerHost             the agent host of the provider's series (label=provider...), or the only
     *                                 agent host; null when there is none, it cannot be told, or there are several
     * @param hostCpuPercent           that host's CPU combined, % of all its cores
     * @param hostMemoryPercent        that host's memory used, %
     * @param providerCpuPercent       the provider process's CPU, % of one core (a busy core is 100)
     * @param providerRssMb            the provider process's resident memory, MB
     * @param networkInBytesPerSecond  bytes received by that host per second
     * @param networkOutBytesPerSecond bytes sent per second
     * @param diskReadBytesPerSecond   bytes read from its disks per second
     * @param diskWriteBytesPerSecond  bytes written per second
     * @param gcCollections            the provider JVM's collections in the window
     * @param gcPauseMs                their total time, ms
     * @param gcPausePercent           that time as % of the window
     * @param notes                    why a figure is missing when the file has the series but it cannot be used
     */
    public record ServerFigures(String providerHost, Double hostCpuPercent, Double hostMemoryPercent,
            Double providerCpuPercent, Double providerRssMb, Double networkInBytesPerSecond,
            Double networkOutBytesPerSecond, Double diskReadBytesPerSecond, Double diskWriteBytesPerSecond,
            Long gcCollections, Double gcPauseMs, Double gcPausePercent, List<String> notes) {}

    /** Failed samples of one response code, with the first message and label seen. */
    public record ErrorCategory(String code, long count, double percentOfErrors, double percentOfSamples,
            String exampleLabel, String exampleMessage) {}

    /**
     * The samples of one label that one provider answered (or, for failures, was tried last).
     *
     * @param percentOfLabel share of the label's samples, in %
     * @param errors         how many of them failed
     */
    public record ProviderShare(String label, String provider, long samples, double percentOfLabel, long errors) {}

    /**
     * One load generator of a distributed run: a JMeter remote engine, named as the controller's {@code -R} gave it
     * ({@code 198.18.0.21} or {@code 198.18.0.21:1099}), or {@code (no engine prefix)} for samples whose thread name
     * has none, or {@code (other generators)} past {@code statistics.LoadGenerators.MAX_GENERATORS}.
     *
     * @param generator      the engine's name
     * @param figures        its samples' summary row over the measured window, labelled with its name
     * @param hostCpuPercent the CPU combined over the window of the PerfMon agent host of the engine's name (without
     *                       port), % of all its cores; null when the PerfMon file has no such host
     * @param series         its series over the whole run
     */
    public record GeneratorFigures(String generator, LabelFigures figures, Double hostCpuPercent,
            GeneratorSeries series) {}

    /**
     * One load generator's series over the whole run, one value per time bucket starting at {@code t} (the run's
     * buckets); the mean response time rather than percentiles, which per generator would cost too much memory.
     */
    public record GeneratorSeries(List<Long> t, List<Double> tps, List<Double> errorsPerSecond,
            List<Double> averageMs) {}

    /**
     * Client series over the whole run, one value per time bucket starting at {@code t}; times in ms.
     *
     * @param lagP99Ms the p99 of the schedule lag of the bucket's arrivals (null for a bucket without any); the list
     *                 is null for a run without lag figures (a closed workload)
     */
    public record ClientSeries(List<Long> t, List<Double> tps, List<Double> errorsPerSecond, List<Double> p50Ms,
            List<Double> p90Ms, List<Double> p99Ms, List<Integer> activeThreads, List<Double> lagP99Ms) {

        /** Series without a schedule lag: a closed workload's. */
        public ClientSeries(List<Long> t, List<Double> tps, List<Double> errorsPerSecond, List<Double> p50Ms,
                List<Double> p90Ms, List<Double> p99Ms, List<Integer> activeThreads) {
            this(t, tps, errorsPerSecond, p50Ms, p90Ms, p99Ms, activeThreads, null);
        }
    }

    /** One agent host's charts. */
    public record HostCharts(String host, List<ServerChart> charts) {}

    /** One chart of a host: a PerfMon metric type ("CPU", "Memory", ...) with one series per metric. */
    public record ServerChart(String title, List<ServerSeries> series) {}

    /** One PerfMon metric: bucket means at {@code t}; {@code failedReads} the collector's error rows. */
    public record ServerSeries(String name, List<Long> t, List<Double> v, long failedReads) {}

    /**
     * Systems side by side on one scenario: one row per system, then one row per other system with its
     * difference to the first in % ((other - first) / first * 100, as the seeds compute it).
     *
     * @param columns the figures' names, e.g. "TPS", "average ms"
     */
    public record ComparisonTable(String scenario, List<String> columns, List<ComparisonRow> rows,
            List<ComparisonRow> differences) {}

    /**
     * A row of a comparison table; a null value is a figure the run does not have.
     *
     * @param resolution the response times' resolution of a system's row ("us", "ms", "mixed"); null for a
     *                   difference row
     */
    public record ComparisonRow(String title, List<Double> values, String resolution) {

        /** A row without a resolution: a difference row. */
        public ComparisonRow(String title, List<Double> values) {
            this(title, values, null);
        }
    }
}
