/**
 * The reports' source: JMeter's CSV results (JTL) and the PerfMon Metrics Collector's files read as a stream of
 * samples and readings ({@link io.rpcbench.reports.jtl.JtlReader}, and a PerfMon file's, in the sub-package perfmon),
 * and where a JTL's samples lie in time ({@link io.rpcbench.reports.jtl.JtlSpan}). Uses no other package of the
 * reports.
 */
package io.rpcbench.reports.jtl;
