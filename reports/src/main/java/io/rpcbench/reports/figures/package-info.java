/**
 * What the dashboard shows, as plain data ({@link io.rpcbench.reports.figures.DashboardData}): what the statistics
 * hand to the page and to {@code dashboard.json}, and how its figures are rounded. Uses no other package of the
 * reports.
 */
package io.rpcbench.reports.figures;
