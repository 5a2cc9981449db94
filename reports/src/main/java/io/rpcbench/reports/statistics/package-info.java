/**
 * What a run's samples and readings add up to: the measured window placed on a JTL
 * ({@link io.rpcbench.reports.statistics.MeasuredWindow}, {@link io.rpcbench.reports.statistics.WindowedJtl}), then
 * consumers fed every sample or reading, each giving its part of the figures: per label
 * ({@link io.rpcbench.reports.statistics.LabelStatistics}), the window's thirds and steadiness, errors, providers,
 * the server's side, and the timelines over the whole run. Reads the samples of {@code jtl}, gives {@code figures}.
 */
package io.rpcbench.reports.statistics;
