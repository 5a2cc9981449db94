/**
 * The dashboard's charts over time: a run's client side per second ({@code ClientTimeline}), per load generator
 * ({@code GeneratorTimelines}) and the agents' readings ({@code ServerTimeline}), in time buckets that fit a chart
 * ({@code TimeBuckets}). Built on the statistics of a window ({@code io.rpcbench.reports.statistics}).
 */
package io.rpcbench.reports.statistics.timeline;
