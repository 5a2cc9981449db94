/**
 * A PerfMon Metrics Collector's file, read as the agents' readings: {@link io.rpcbench.reports.jtl.perfmon.PerfMonReader}
 * streams its rows ({@code PerfMonSample}), each named by its metric ({@code PerfMonMetric}). Reads its CSV with the
 * JTL's row reader ({@code io.rpcbench.reports.jtl}).
 */
package io.rpcbench.reports.jtl.perfmon;
