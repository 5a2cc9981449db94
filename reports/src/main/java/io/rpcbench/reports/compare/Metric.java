package io.rpcbench.reports.compare;

import java.util.Locale;

/**
 * A figure compared between runs: where it is in a run's entry of {@code dashboard.json}, which direction is
 * better, which of the steadiness thirds give its noise band, and how it is printed.
 */
enum Metric {

    TPS("TPS", "total", "tps", Better.HIGHER, "tps", 1),
    MEAN_MS("mean ms", "total", "averageMs", Better.LOWER, "averageMs", 3),
    // The thirds hold no p50, p90 or p99.9: the body of the distribution moves with the mean, its far tail at
    // least as much as p99, so they borrow those bands rather than the narrower TPS band.
    P50_MS("p50 ms", "total", "p50Ms", Better.LOWER, "averageMs", 3),
    P90_MS("p90 ms", "total", "p90Ms", Better.LOWER, "averageMs", 3),
    P99_MS("p99 ms", "total", "p99Ms", Better.LOWER, "p99Ms", 3),
    P999_MS("p99.9 ms", "total", "p999Ms", Better.LOWER, "p99Ms", 3),
    ERROR_PERCENT("error %", "total", "errorPercent", Better.LOWER, null, 2),
    PROVIDER_CPU_PERCENT("provider CPU %", "server", "providerCpuPercent", Better.LOWER, null, 1),
    PROVIDER_RSS_MB("provider RSS MB", "server", "providerRssMb", Better.LOWER, null, 1),
    HOST_CPU_PERCENT("host CPU %", "server", "hostCpuPercent", Better.LOWER, null, 1),
    // The share of the window, not the sum of pause ms, so that runs with windows of different lengths compare.
    GC_PAUSE_PERCENT("GC pause % of window", "server", "gcPausePercent", Better.LOWER, null, 2),
    // Bytes on the wire follow TPS and payload size: more is neither better nor worse.
    NETWORK_IN("network in B/s", "server", "networkInBytesPerSecond", Better.NEITHER, null, 0),
    NETWORK_OUT("network out B/s", "server", "networkOutBytesPerSecond", Better.NEITHER, null, 0);

    /** Which way a change is an improvement. */
    enum Better { HIGHER, LOWER, NEITHER }

    /** The field of {@code steadiness.thirds} whose spread is the band of metrics without thirds of their own. */
    static final String TPS_THIRDS = "tps";

    private final String label;
    private final String section;
    private final String field;
    private final Better better;
    private final String thirds;
    private final int decimals;

    Metric(String label, String section, String field, Better better, String thirds, int decimals) {
        this.label = label;
        this.section = section;
        this.field = field;
        this.better = better;
        this.thirds = thirds;
        this.decimals = decimals;
    }

    /** The name users see in the table, e.g. {@code p99 ms}. */
    String label() {
        return label;
    }

    /** The object of a run's entry that holds the metric: {@code total} or {@code server}. */
    String section() {
        return section;
    }

    String field() {
        return field;
    }

    /** The metric's place in an entry of {@code dashboard.json}, e.g. {@code total.p99Ms}. */
    String path() {
        return section + "." + field;
    }

    Better better() {
        return better;
    }

    /** The field of {@code steadiness.thirds} giving the noise band: the metric's own, or TPS's. */
    String noiseThirds() {
        return thirds == null ? TPS_THIRDS : thirds;
    }

    /** Whether the band is borrowed from TPS because the thirds do not hold this metric. */
    boolean usesTpsBand() {
        return thirds == null && this != TPS;
    }

    /**
     * Where the band comes from when it is not the metric's own spread, as the verdict names it: "TPS ", "mean "
     * or "p99 "; empty for a band of its own.
     */
    String borrowedBand() {
        if (usesTpsBand()) {
            return "TPS ";
        }
        if (this == P50_MS || this == P90_MS) {
            return "mean ";
        }
        return this == P999_MS ? "p99 " : "";
    }

    int decimals() {
        return decimals;
    }

    /** The value as printed, in {@link Locale#ROOT}; {@code -} for none. */
    String format(Double value) {
        return format(decimals, value);
    }

    /** A value with {@code decimals} decimals, in {@link Locale#ROOT}; {@code -} for none. */
    static String format(int decimals, Double value) {
        return value == null ? "-" : String.format(Locale.ROOT, "%." + decimals + "f", value);
    }
}
