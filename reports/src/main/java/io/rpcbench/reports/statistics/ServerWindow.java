package io.rpcbench.reports.statistics;

import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.figures.Figures;
import io.rpcbench.reports.jtl.LoadGeneratorName;
import io.rpcbench.reports.jtl.perfmon.PerfMonMetric;
import io.rpcbench.reports.jtl.perfmon.PerfMonSample;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Predicate;

/**
 * The server figures of a run's measured window (seed 003's "CPU 32 %, memory 21.6 %", and more), from the raw
 * PerfMon readings taken in it, not from the chart's bucket means. Feed it every PerfMon sample
 * ({@link #accept}), then read {@link #providerHostFigures()} (one entry per provider host) and {@link #figures()}
 * (the run's single provider host).
 *
 * <p>Which agent hosts are provider hosts, and which load generators: a PerfMon file names hosts, not their roles,
 * so the roles come from the series. A provider host is a host with series of the provider process
 * ({@code label=provider...}, below): the plans ask each provider's agent for its process by pid, which only the
 * provider's own machine can answer, so the label says where a provider runs however many there are. A run with no
 * such series has its only agent host as provider host (a local run's one agent); with several hosts and none of
 * those series, no host is the provider's and a note says why. Every other host is a load generator's or a
 * bystander's: a distributed run's generator is the agent host of its engine's name ({@link LoadGeneratorName#host},
 * whose CPU {@link #hostCpuPercent} gives beside the generator's figures), a local run's the agent reached over
 * loopback ({@link #loadGeneratorHost()}). A machine that is both (a provider beside an engine) is both.
 * This needs nothing more from the user than the plans already give; a host whose provider is not measured by pid
 * does not count as a provider host.
 *
 * <p>Which series, by the labels the PerfMon Metrics Collector writes ({@code <host> <type> <parameter>}, or
 * {@code <host> <type> <label>} when the parameter holds {@code label=}; see {@link PerfMonMetric}):
 * <ul>
 *   <li>the provider's series are those labelled {@code provider...}: CPU {@code pid=N:percent:label=provider}
 *       (% of one core), Memory {@code pid=N:resident:unit=mb:label=provider} (MB, as the plans ask), JMX
 *       {@code gc-time} and {@code gc-count} (ms of GC and collections since the previous reading), found by
 *       {@code gc-time} / {@code gc-count} in their label (e.g. {@code label=provider-gc-time});</li>
 *   <li>each provider host's CPU {@code combined} (% of all cores), Memory {@code usedperc}, Network I/O
 *       {@code bytesrecv}/{@code bytessent} and Disks I/O {@code readbytes}/{@code writebytes} (bytes since the
 *       previous reading, scaled by a {@code unit=kb|mb|gb} they may carry).</li>
 * </ul>
 * Gauges (CPU, memory) are the mean of the window's readings. Byte counts become rates: the sum of the window's
 * readings over the sum of their intervals (each reading's time since the previous reading of that series), so a
 * late or missed reading does not skew them. GC figures are sums of the window's readings; the pause share is
 * the pause time over the window's length. Readings count when taken in [window start, window end).
 */
public final class ServerWindow implements Consumer<PerfMonSample> {

    private static final String PROVIDER = "provider";
    private static final Set<String> LOOPBACK = Set.of("127.0.0.1", "localhost", "::1", "0:0:0:0:0:0:0:1");

    private final MeasuredWindow window;
    private final Map<PerfMonMetric, Readings> metrics = new LinkedHashMap<>();

    /** One series' readings in the window. */
    private static final class Readings {
        long previousMs = Long.MIN_VALUE;
        double sum;
        long count;
        double countedSum;
        long countedMs;

        Double mean() {
            return count == 0 ? null : sum / count;
        }

        /** Per second: the readings that follow an earlier reading, over the time since those readings. */
        Double perSecond() {
            return countedMs == 0 ? null : countedSum * 1000.0 / countedMs;
        }
    }

    public ServerWindow(MeasuredWindow window) {
        this.window = window;
    }

    @Override
    public void accept(PerfMonSample sample) {
        Readings readings = metrics.computeIfAbsent(sample.metric(), m -> new Readings());
        long previous = readings.previousMs;
        readings.previousMs = sample.timeStamp();
        if (!sample.success() || Double.isNaN(sample.value()) || !window.contains(sample.timeStamp())) {
            return;
        }
        readings.sum += sample.value();
        readings.count++;
        if (previous != Long.MIN_VALUE && sample.timeStamp() > previous) {
            readings.countedSum += sample.value();
            readings.countedMs += sample.timeStamp() - previous;
        }
    }

    /**
     * The figures of the run's provider host, as seed 003 has one: of the only provider host; with several, none, and
     * a note that they are per host ({@link #providerHostFigures()}), as one figure would mix machines; with none,
     * none, and a note when several hosts leave it untold.
     */
    public DashboardData.ServerFigures figures() {
        List<String> notes = new ArrayList<>();
        List<String> hosts = providerHosts(notes);
        if (hosts.size() == 1) {
            return figures(hosts.get(0));
        }
        if (hosts.size() > 1) {
            notes.add("several provider hosts " + hosts + ": their figures are given per host, as one figure "
                    + "would mix machines");
        }
        return new DashboardData.ServerFigures(null, null, null, null, null, null, null, null, null, null, null,
                null, notes);
    }

    /** The figures of every provider host, in order of first appearance in the PerfMon file; empty when none. */
    public List<DashboardData.ServerFigures> providerHostFigures() {
        return providerHosts(new ArrayList<>()).stream().map(this::figures).toList();
    }

    private DashboardData.ServerFigures figures(String host) {
        List<String> notes = new ArrayList<>();
        Readings gcTime = find(host, "JMX", name -> name.contains("gc-time"));
        Readings gcCount = find(host, "JMX", name -> name.contains("gc-count"));
        if ((gcTime == null || gcCount == null) && find(host, "JMX", name -> name.equals(PROVIDER)) != null) {
            notes.add("the JMX series labelled '" + PROVIDER + "' of " + host + " cannot be read as GC figures: PerfMon "
                    + "labels a row '<host> JMX <label>', so gc-time and gc-count under one label are one series; "
                    + "expected a label of their own, e.g. label=provider-gc-time and label=provider-gc-count");
        }
        Double pauseMs = gcTime == null || gcTime.count == 0 ? null : gcTime.sum;
        return new DashboardData.ServerFigures(host,
                round(hostCpuPercent(host), 2),
                round(mean(find(host, "Memory", name -> name.equals("usedperc"))), 2),
                round(mean(find(host, "CPU", ServerWindow::isProvider)), 2),
                round(mean(find(host, "Memory", ServerWindow::isProvider)), 2),
                round(bytesPerSecond(host, "Network I/O", "bytesrecv"), 1),
                round(bytesPerSecond(host, "Network I/O", "bytessent"), 1),
                round(bytesPerSecond(host, "Disks I/O", "readbytes"), 1),
                round(bytesPerSecond(host, "Disks I/O", "writebytes"), 1),
                gcCount == null || gcCount.count == 0 ? null : Math.round(gcCount.sum),
                round(pauseMs, 3),
                pauseMs == null ? null : Figures.round(pauseMs / window.lengthMs() * 100, 3),
                notes);
    }

    /**
     * The agent host that runs beside JMeter, i.e. is reached over loopback (127.0.0.1, localhost, ::1), if it has
     * a CPU series: on a local run the load generator's machine.
     */
    public Optional<String> loadGeneratorHost() {
        return hosts().stream().filter(h -> LOOPBACK.contains(h.toLowerCase(Locale.ROOT)))
                .filter(h -> hostCpuPercent(h) != null).findFirst();
    }

    /**
     * The load generator as the steadiness and schedule rules judge it: the JMeter process's CPU (given: it is
     * measured beside the JTL, not by an agent) and, when an agent runs on JMeter's machine
     * ({@link #loadGeneratorHost()}), that machine's CPU over the window and whether it is a provider host too.
     */
    public SteadinessRule.LoadGenerator loadGenerator(Optional<Double> jmeterCpuPercent, Optional<Integer> cores) {
        Optional<String> host = loadGeneratorHost();
        boolean providerHost = host.isPresent()
                && providerHostFigures().stream().anyMatch(figures -> host.get().equals(figures.providerHost()));
        return new SteadinessRule.LoadGenerator(jmeterCpuPercent, cores, host, host.map(this::hostCpuPercent),
                providerHost);
    }

    /** The mean of {@code host}'s CPU combined (plain "CPU" is combined too) over the window, or null. */
    public Double hostCpuPercent(String host) {
        return mean(find(host, "CPU", name -> name.equals("combined") || name.equals("cpu")));
    }

    /**
     * The provider hosts (class javadoc): the hosts of the provider's series in order of first appearance; else the
     * only host; else none, with a note when several hosts leave it untold.
     */
    private List<String> providerHosts(List<String> notes) {
        Set<String> providers = new LinkedHashSet<>();
        for (PerfMonMetric metric : metrics.keySet()) {
            if (isProvider(metric.name().toLowerCase(Locale.ROOT))) {
                providers.add(metric.host());
            }
        }
        if (!providers.isEmpty()) {
            return List.copyOf(providers);
        }
        Set<String> hosts = hosts();
        if (hosts.size() > 1) {
            notes.add("several agent hosts " + hosts + " and no series labelled '" + PROVIDER + "...': which host is "
                    + "the provider's cannot be told; expected the provider's CPU or Memory row with label=provider");
            return List.of();
        }
        return List.copyOf(hosts);
    }

    private Set<String> hosts() {
        Set<String> hosts = new LinkedHashSet<>();
        metrics.keySet().forEach(m -> hosts.add(m.host()));
        return hosts;
    }

    private static boolean isProvider(String name) {
        return name.startsWith(PROVIDER);
    }

    /** The first series of {@code host} of PerfMon type {@code type} whose lower-case name matches. */
    private Readings find(String host, String type, Predicate<String> name) {
        for (Map.Entry<PerfMonMetric, Readings> e : metrics.entrySet()) {
            PerfMonMetric metric = e.getKey();
            if (metric.host().equals(host) && metric.type().equalsIgnoreCase(type)
                    && name.test(metric.name().toLowerCase(Locale.ROOT))) {
                return e.getValue();
            }
        }
        return null;
    }

    /** Bytes per second of a byte-count series named {@code field} or {@code field:unit=...}. */
    private Double bytesPerSecond(String host, String type, String field) {
        for (Map.Entry<PerfMonMetric, Readings> e : metrics.entrySet()) {
            PerfMonMetric metric = e.getKey();
            String name = metric.name().toLowerCase(Locale.ROOT);
            if (metric.host().equals(host) && metric.type().equalsIgnoreCase(type)
                    && (name.equals(field) || name.startsWith(field + ":"))) {
                Double rate = e.getValue().perSecond();
                return rate == null ? null : rate * unitBytes(name);
            }
        }
        return null;
    }

    /** The agent's unit= divisor (1024-based), to turn a value back into bytes. */
    private static double unitBytes(String name) {
        if (name.contains("unit=kb")) {
            return 1024.0;
        }
        if (name.contains("unit=mb")) {
            return 1024.0 * 1024;
        }
        return name.contains("unit=gb") ? 1024.0 * 1024 * 1024 : 1;
    }

    private static Double mean(Readings readings) {
        return readings == null ? null : readings.mean();
    }

    private static Double round(Double value, int decimals) {
        return value == null ? null : Figures.round(value, decimals);
    }
}
