/**
 * The dashboard's exporters: one self-contained HTML page ({@link io.rpcbench.reports.page.DashboardWriter} with a
 * {@link io.rpcbench.reports.page.PageTemplate}, Chart.js inlined, sections of plain HTML) and the figures as JSON
 * ({@link io.rpcbench.reports.page.DashboardJson}). Knows only the {@code figures}, not how they were counted.
 */
package io.rpcbench.reports.page;
