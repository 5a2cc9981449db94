package io.rpcbench.discovery;

/**
 * The figures of a discovery cell, by the key each has in the consumer's and the farm's {@code GET /figures} answers
 * ({@link FiguresEndpoint}) and in the cell's {@code discovery-figures.properties}, which the benchmark writes from
 * those answers and its own readings and its seed-004-discovery scenario reads: writers put {@link #key()}, the
 * reader gets it, so both spell a figure the same way.
 */
public enum DiscoveryFigure {

    // the consumer's (DiscoveryConsumerCommand)
    /** Dubbo's migration step the consumer ran with. */
    MODE("mode"),
    /** The heap in use after a full collection the consumer runs for the final read only. */
    LIVE_HEAP_BYTES("live_heap_bytes"),
    /** The collectors' names, comma-separated. */
    COLLECTORS("collectors"),
    YOUNG_GCS("young_gcs"),
    YOUNG_GC_MS("young_gc_ms"),
    FULL_GCS("full_gcs"),
    FULL_GC_MS("full_gc_ms"),
    /** Young collections since the consumer subscribed: during the address changes. */
    CHANGES_YOUNG_GCS("changes_young_gcs"),
    CHANGES_YOUNG_GC_MS("changes_young_gc_ms"),
    CHANGES_FULL_GCS("changes_full_gcs"),
    CHANGES_FULL_GC_MS("changes_full_gc_ms"),
    REFERENCES("references"),
    /** Addresses held in interface-level directories, over all references and both registries. */
    INTERFACE_ADDRESSES("interface_addresses"),
    /** Addresses held in application-level directories. */
    APPLICATION_ADDRESSES("application_addresses"),
    CALLS("calls"),
    FAILED_CALLS("failed_calls"),
    LAST_FAILURE("last_failure"),

    // the registry farm's (RegistryFarmCommand)
    /** Fake instances that left or joined. */
    ADDRESS_CHANGES("address_changes"),
    FAILED_CHURN_STEPS("failed_churn_steps"),
    /** Present only when a step failed. */
    LAST_CHURN_FAILURE("last_churn_failure"),
    /** Fake instances' addresses listened on, to count dials. */
    FAKE_LISTENERS("fake_listeners"),
    /** Connections accepted on those addresses. */
    FAKE_CONNECTIONS("fake_connections"),

    // the benchmark's, beside the two answers: the consumer's process and the set-up's ready lines
    /** The consumer's resident memory ({@code VmRSS}). */
    RSS_KIB("rss_kib"),
    /** Its peak ({@code VmHWM}). */
    RSS_PEAK_KIB("rss_peak_kib"),
    /** The consumer's TCP peers with their connection counts. */
    PEERS("peers"),
    /** The consumer's connections to loopback addresses other than 127.0.0.1: to fake instances. */
    FAKE_PEERS("fake_peers"),
    /** Fake interface-level URLs in each registry (the farm's ready line). */
    URLS("urls"),
    /** Fake instances in each registry (the farm's ready line). */
    INSTANCES("instances"),
    /** Milliseconds the farm took to fill both registries (its ready line). */
    FILL_MS("fill.ms"),
    /** Milliseconds the consumer took to subscribe (its ready line). */
    REFER_MS("refer.ms");

    private final String key;

    DiscoveryFigure(String key) {
        this.key = key;
    }

    /** The figure's name in {@code name=value} lines. */
    public String key() {
        return key;
    }
}
