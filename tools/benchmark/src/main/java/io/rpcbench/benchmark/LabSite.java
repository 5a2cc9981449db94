package io.rpcbench.benchmark;

import io.rpcbench.benchmark.jmeter.JMeterRun;
import io.rpcbench.benchmark.lab.ConnectionWatch;
import io.rpcbench.benchmark.lab.Lab;
import io.rpcbench.benchmark.lab.Topology;
import io.rpcbench.benchmark.live.LiveServer;
import io.rpcbench.benchmark.process.ProjectLayout;
import io.rpcbench.benchmark.runner.RunSite;
import io.rpcbench.benchmark.scenario.CellSetup;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The main job on a {@link Lab} of hosts on this machine: JMeter runs in the controller host and drives the remote
 * engines of the load-generator hosts ({@code -R}, the plan's properties sent with {@code -G}); the controller's
 * PerfMon collector reads every host's agent. While it runs, a {@link ConnectionWatch} records every TCP connection of
 * every host, and {@link #report} says whether all stayed inside the lab.
 */
final class LabSite implements RunSite {

    /** The open plans' property: the JMeter engines their rate is split between. */
    static final String OPEN_PLAN_ENGINES = "engines";

    private static final Duration WATCH_EVERY = Duration.ofSeconds(2);

    private final Lab lab;
    private final ConnectionWatch watch;
    private final Path results;
    private final Topology topology;

    private LabSite(Lab lab, ConnectionWatch watch, Path results, Topology topology) {
        this.lab = lab;
        this.watch = watch;
        this.results = results;
        this.topology = topology;
    }

    static LabSite start(ProjectLayout layout, Topology topology, Path results, PrintWriter out) throws IOException {
        out.printf("Making the lab %s (%s, %s, network namespaces on %s.0/24) ...%n", topology,
                count(topology.providers(), "provider host"), count(topology.generators(), "load-generator host"),
                Lab.DEFAULT_SUBNET);
        out.flush();
        Lab lab = Lab.start(layout, topology, Lab.DEFAULT_SUBNET, results.resolve("lab"));
        out.printf("Lab %s ready:%n", lab.network().id());
        lab.describe().forEach(out::println);
        out.flush();
        return new LabSite(lab, ConnectionWatch.start(lab.network().hosts(), WATCH_EVERY), results, topology);
    }

    private static String count(int n, String what) {
        return n + " " + what + (n == 1 ? "" : "s");
    }

    /**
     * The lab runs each provider host's provider with its defaults: a cell that needs more is refused, saying so. A
     * cell of several providers is the lab's own providers when their number is the lab's.
     */
    @Override
    public void prepare(CellSetup setup) {
        if (setup.providers() > 1 && setup.providers() != topology.providers()) {
            throw new IllegalStateException("this cell needs " + setup.providers() + " providers; the lab (--hosts "
                    + topology + ") has " + topology.providers() + " provider hosts; expected --hosts "
                    + setup.providers() + "x" + topology.generators());
        }
        if (!setup.providers(1).equals(CellSetup.DEFAULT)) {
            throw new IllegalStateException("this cell needs " + setup.describe() + "; the lab (--hosts " + topology
                    + ") runs the provider app with its defaults only; expected a run without --hosts");
        }
    }

    /**
     * The engines run in namespaces of their own and cannot reach the live server on this machine's loopback; they
     * share its disk, so each appends its messages to a file of a folder of the results, which the server reads.
     */
    @Override
    public String liveAddress(LiveServer live) {
        return live.folderAddress(results.resolve("live"));
    }

    @Override
    public String describe() {
        return "a lab of network namespaces on this one machine (--hosts " + topology + "): JMeter's engines, "
                + "providers and agents on hosts of their own";
    }

    /** Every remote engine runs the plan's threads: a JMeter run here is as many consumers as load-generator hosts. */
    @Override
    public int consumersPerRun() {
        return topology.generators();
    }

    @Override
    public JMeterRun configure(JMeterRun run, Map<String, String> plan) {
        Map<String, String> global = new LinkedHashMap<>(lab.globalProperties());
        // An open plan's rate is the run's: each engine's Arrivals Thread Group makes its share of it.
        global.put(OPEN_PLAN_ENGINES, Integer.toString(lab.engines().size()));
        global.putAll(plan);
        return run.launchedWith(command -> lab.controller().command(command))
                .jvmArgs(lab.controllerJvmArgs())
                .properties(lab.controllerProperties())
                .properties(plan)
                .remote(lab.engines(), global);
    }

    @Override
    public void report(PrintWriter out) {
        watch.close();
        Path file = results.resolve("connections.txt");
        try {
            watch.write(file);
        } catch (IOException e) {
            out.printf("%nThe lab's connections could not be written to %s: %s%n", file, e.getMessage());
        }
        List<ConnectionWatch.Connection> outside = watch.outside(Lab.DEFAULT_SUBNET);
        out.printf("%nConnections seen in the lab (ss -tn in every host every %d s): %d distinct, %s; list in %s%n",
                WATCH_EVERY.toSeconds(), watch.connections().size(),
                outside.isEmpty() ? "every one between lab addresses or on a host's loopback"
                        : outside.size() + " with an end OUTSIDE the lab and loopback: " + outside, file);
        watch.failure().ifPresent(e -> out.printf("  (a look at the connections failed: %s)%n", e.getMessage()));
    }

    @Override
    public void close() {
        try {
            watch.close();
        } finally {
            lab.close();
        }
    }
}
