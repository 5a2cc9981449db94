package io.rpcbench.benchmark.runner;

import io.rpcbench.benchmark.jmeter.JMeterRun;
import io.rpcbench.benchmark.live.LiveServer;
import io.rpcbench.benchmark.scenario.CellSetup;
import java.io.IOException;
import java.io.PrintWriter;
import java.util.Map;

/**
 * Where the main job's plans run and what they call: this machine (a provider and an agent on loopback, JMeter
 * running the threads itself) or a lab of hosts (JMeter as controller of remote engines). The job starts one, and
 * for each plan first has it run what the plan needs ({@link #prepare}), then hands it the plan's run
 * ({@link #configure}); closing it stops everything it started.
 */
public interface RunSite extends AutoCloseable {

    /**
     * Runs the processes {@code setup} names, restarting them (stopped by PID) only when they differ from those
     * running.
     *
     * @throws IllegalStateException naming what did not start, or what this site cannot run, and why
     */
    void prepare(CellSetup setup) throws IOException;

    /** Points {@code run} at this site: its properties, and where and how JMeter runs; {@code plan} are the plan's own. */
    JMeterRun configure(JMeterRun run, Map<String, String> plan);

    /**
     * How many consumers one JMeter run here is: 1 where JMeter runs the threads itself; in a lab, one per remote
     * engine, each running the plan's threads. A cell of more consumers runs that many JMeter runs at once
     * where this is 1.
     */
    int consumersPerRun();

    /** Where the figures were taken, in words, e.g. "JMeter, provider and agent on this machine, over loopback". */
    String describe();

    /**
     * Where the plans' Live Figures listeners send to reach {@code live}: its address on this machine; a site whose
     * JMeter engines cannot reach it gives another way (a lab: a folder the engines share).
     */
    default String liveAddress(LiveServer live) {
        return live.ingestAddress();
    }

    /** After the plans: anything the user should read about the site (e.g. the connections a lab saw). */
    void report(PrintWriter out);

    @Override
    void close();
}
