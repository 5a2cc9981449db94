package io.rpcbench.sampler.perfmon;

import java.util.List;

/**
 * One row of a PerfMon Metrics Collector's table as the user wrote it: Host / IP, Port, Metric to collect, Metric
 * parameter. Here the Host cell may hold a list of agents ({@link AgentAddress#parseList}), the Port cell being the
 * port of entries that name none, and an empty Host cell switches the row off. {@link #perAgent()} turns the row
 * into the one-agent rows the stock collector understands.
 */
public record MetricRow(String hosts, String port, String metric, String parameters) {

    public MetricRow {
        hosts = hosts == null ? "" : hosts.trim();
        port = port == null ? "" : port.trim();
        metric = metric == null ? "" : metric;
        parameters = parameters == null ? "" : parameters;
    }

    /**
     * One row per agent of the Host cell, in the order written; none when the Host cell is empty.
     *
     * @throws io.rpcbench.sampler.call.BadParameterException when the Host cell or the Port cell is not usable
     */
    public List<MetricRow> perAgent() {
        return AgentAddress.parseList(hosts, port).stream()
                .map(agent -> new MetricRow(agent.host(), Integer.toString(agent.port()), metric, parameters))
                .toList();
    }
}
