package io.rpcbench.reports;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Samples per sampler label and answering provider (JMeter's URL column, which rpcbench's samplers fill with the
 * provider that answered or was tried last): how a cluster spread the calls, and which provider the failures
 * came from. Feed it every sample, then read {@link #shares}. Bounded: after {@link #MAX_PROVIDERS} distinct
 * label and provider pairs, further pairs count under {@link #OTHER}.
 */
final class ProviderShares implements Consumer<JtlSample> {

    static final int MAX_PROVIDERS = 200;
    static final String OTHER = "(other providers)";

    private record Key(String label, String provider) {}

    private static final class Count {
        long samples;
        long errors;
    }

    private final Map<Key, Count> counts = new LinkedHashMap<>();
    private final Map<String, Long> samplesPerLabel = new LinkedHashMap<>();

    @Override
    public void accept(JtlSample sample) {
        samplesPerLabel.merge(sample.label(), 1L, Long::sum);
        if (sample.url().isEmpty()) {
            return;
        }
        Key key = new Key(sample.label(), sample.url());
        if (!counts.containsKey(key) && counts.size() >= MAX_PROVIDERS) {
            key = new Key(sample.label(), OTHER);
        }
        Count count = counts.computeIfAbsent(key, k -> new Count());
        count.samples++;
        if (!sample.success()) {
            count.errors++;
        }
    }

    /**
     * One row per label and provider, labels in order of first appearance, providers by name; the share is of the
     * label's samples. Empty when no sample names a provider (e.g. a JTL written without the URL column).
     */
    List<DashboardData.ProviderShare> shares() {
        List<DashboardData.ProviderShare> rows = new ArrayList<>();
        for (String label : samplesPerLabel.keySet()) {
            long total = samplesPerLabel.get(label);
            counts.entrySet().stream()
                    .filter(e -> e.getKey().label().equals(label))
                    .sorted(Map.Entry.comparingByKey((a, b) -> a.provider().compareTo(b.provider())))
                    .forEach(e -> rows.add(new DashboardData.ProviderShare(label, e.getKey().provider(),
                            e.getValue().samples, Figures.round(100.0 * e.getValue().samples / total, 2),
                            e.getValue().errors)));
        }
        return rows;
    }
}
