/**
 * Runs read into the dashboard's figures: each run's JTL in one pass ({@code RunPass}) feeding the statistics, from
 * which come its printed summary ({@link io.rpcbench.reports.dashboard.RunSummary},
 * {@link io.rpcbench.reports.dashboard.SummaryTable}) and its part of the dashboard; the runs compared, and the page
 * written ({@link io.rpcbench.reports.dashboard.Dashboard}). Uses {@code jtl}, {@code statistics}, {@code figures}
 * and {@code page}.
 */
package io.rpcbench.reports.dashboard;
