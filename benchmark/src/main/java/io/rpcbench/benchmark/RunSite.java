package io.rpcbench.benchmark;

import java.io.PrintWriter;
import java.util.Map;

/**
 * Where the main job's plans run and what they call: this machine (a provider and an agent on loopback, JMeter
 * running the threads itself) or a lab of hosts (JMeter as controller of remote engines). The job starts one, hands
 * each plan's run to {@link #configure}, and closes it, which stops everything it started.
 */
interface RunSite extends AutoCloseable {

    /** Points {@code run} at this site: its properties, and where and how JMeter runs; {@code plan} are the plan's own. */
    JMeterRun configure(JMeterRun run, Map<String, String> plan);


    /** After the plans: anything the user should read about the site (e.g. the connections a lab saw). */
    void report(PrintWriter out);

    @Override
    void close();
}
