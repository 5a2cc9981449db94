package io.rpcbench.sampler.perfmon;

import io.rpcbench.sampler.call.BadParameterException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One row of a PerfMon Metrics Collector's table as the user wrote it: Host / IP, Port, Metric to collect, Metric
 * parameter. Here the Host cell may hold a list of agents ({@link AgentAddress#parseList}), the Port cell being the
 * port of entries that name none, and a row can be switched off: by an empty Host cell, by the word {@value #OFF}
 * in it, or by a {@code pid=} parameter that is empty or {@value #OFF} (a process metric with no process to
 * watch). {@link #perAgent()} turns the row into the one-agent rows the stock collector understands. A process
 * metric of several agents may name one process per agent, in the agents' order ({@code pid=4242,5151} with
 * {@code 10.0.0.5,10.0.0.6}): every provider host of a multi-host run then has its own process rows.
 *
 * <p>Why a word as well as the empty cell: the plans fill the Host cell from a property, and JMeter's command line
 * drops an empty {@code -J} value ({@code -Jagents=} removes the property, so the plan's default applies), so only
 * {@code -Jagents=none} can switch the rows off from the command line.
 */
public record MetricRow(String hosts, String port, String metric, String parameters) {

    /** The word that switches a row off in its Host cell or its {@code pid=} parameter. */
    public static final String OFF = "none";

    public MetricRow {
        hosts = hosts == null ? "" : hosts.trim();
        port = port == null ? "" : port.trim();
        metric = metric == null ? "" : metric;
        parameters = parameters == null ? "" : parameters;
    }

    /**
     * One row per agent of the Host cell, in the order written; none when the row {@link #isOff() is off}.
     *
     * @throws io.rpcbench.sampler.call.BadParameterException when the Host cell or the Port cell is not usable
     */
    public List<MetricRow> perAgent() {
        if (isOff()) {
            return List.of();
        }
        List<AgentAddress> agents = AgentAddress.parseList(hosts, port);
        String pid = pidParameter();
        List<String> pids = pid == null ? List.of() : List.of(pid.split(",", -1));
        if (pids.size() > 1 && pids.size() != agents.size()) {
            throw new BadParameterException("the Host cell '" + hosts + "' names " + agents.size() + " agent"
                    + (agents.size() == 1 ? "" : "s") + " and pid=" + pid + " " + pids.size() + " process ids; expected "
                    + "one process id for every agent, or one id for them all (the agents' order is the ids' order)");
        }
        List<MetricRow> rows = new ArrayList<>();
        for (int i = 0; i < agents.size(); i++) {
            AgentAddress agent = agents.get(i);
            String own = pids.size() > 1 ? parameters.replace("pid=" + pid, "pid=" + pids.get(i).trim()) : parameters;
            rows.add(new MetricRow(agent.host(), Integer.toString(agent.port()), metric, own));
        }
        return List.copyOf(rows);
    }

    /** True when the row asks no agent: its Host cell is empty or {@value #OFF}, or its process id is. */
    public boolean isOff() {
        return namesNoAgent() || processIdIsOff(pidParameter());
    }

    /**
     * True when the row names an agent but asks it for a process metric with an empty {@code pid=}: a mistake to
     * tell the user about (the agent would report the whole host under the process's label), not a wish.
     */
    public boolean lacksProcessId() {
        String pid = pidParameter();
        return !namesNoAgent() && pid != null && pid.isBlank();
    }

    private boolean namesNoAgent() {
        return hosts.isEmpty() || hosts.equalsIgnoreCase(OFF);
    }

    private static boolean processIdIsOff(String pid) {
        return pid != null && (pid.isBlank() || pid.trim().toLowerCase(Locale.ROOT).equals(OFF));
    }

    /** The value of the {@code pid=} parameter, or null when the row has none (a host metric). */
    private String pidParameter() {
        for (String token : parameters.split(":", -1)) {
            if (token.startsWith("pid=")) {
                return token.substring("pid=".length());
            }
        }
        return null;
    }
}
