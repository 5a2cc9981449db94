package io.rpcbench.reports;

/**
 * A server metric averaged over a whole run, for the comparison table (seed 003's "CPU 32 %, memory 21.6 %").
 * The mean of the bucket means, so every interval of the run weighs the same.
 */
final class ServerAverages {

    private ServerAverages() {}

    /**
     * The run-long mean of {@code host}'s metric of PerfMon type {@code type} named {@code name} or named the
     * type itself (PerfMon's default field, e.g. plain "CPU" is combined); null when the run has no such
     * series.
     */
    static Double of(DashboardData.RunData run, String host, String type, String name) {
        for (DashboardData.HostCharts h : run.hosts()) {
            if (!h.host().equals(host)) {
                continue;
            }
            for (DashboardData.ServerChart chart : h.charts()) {
                if (!chart.title().equalsIgnoreCase(type)) {
                    continue;
                }
                for (DashboardData.ServerSeries series : chart.series()) {
                    if (series.name().equalsIgnoreCase(name) || series.name().equalsIgnoreCase(type)) {
                        return mean(series);
                    }
                }
            }
        }
        return null;
    }

    private static Double mean(DashboardData.ServerSeries series) {
        double sum = 0;
        int count = 0;
        for (Double v : series.v()) {
            if (v != null && !v.isNaN()) {
                sum += v;
                count++;
            }
        }
        return count == 0 ? null : Figures.round(sum / count, 2);
    }
}
