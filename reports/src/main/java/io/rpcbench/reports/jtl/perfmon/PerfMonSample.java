package io.rpcbench.reports.jtl.perfmon;

/**
 * One value the PerfMon Metrics Collector wrote to its results file.
 *
 * @param timeStamp when the collector read the value, ms since the epoch
 * @param metric    which host and metric
 * @param value     the metric's value with the collector's precision (3 decimals), or NaN for a failed read
 * @param success   false when the collector could not read the metric (then {@code message} says why)
 * @param message   the collector's error message for a failed read, else ""
 */
public record PerfMonSample(long timeStamp, PerfMonMetric metric, double value, boolean success, String message) {}
