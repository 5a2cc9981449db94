package io.rpcbench.reports.statistics;

import io.rpcbench.reports.figures.DashboardData;
import io.rpcbench.reports.figures.Figures;
import io.rpcbench.reports.jtl.JtlSample;
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

    private static final class Count {
        long samples;
        long errors;
    }

    /** One label's samples, and its samples per provider: one map lookup each per sample, no key object. */
    private static final class Label {
        long samples;
        final Map<String, Count> byProvider = new LinkedHashMap<>();
    }

    private final Map<String, Label> labels = new LinkedHashMap<>();
    private int pairs;

    @Override
    public void accept(JtlSample sample) {
        Label label = labels.get(sample.label());
        if (label == null) {
            label = new Label();
            labels.put(sample.label(), label);
        }
        label.samples++;
        String provider = sample.url();
        if (provider.isEmpty()) {
            return;
        }
        Count count = label.byProvider.get(provider);
        if (count == null) {
            if (pairs >= MAX_PROVIDERS) {
                provider = OTHER;
                count = label.byProvider.get(OTHER);
            }
            if (count == null) {
                count = new Count();
                label.byProvider.put(provider, count);
                pairs++;
            }
        }
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
        labels.forEach((name, label) -> label.byProvider.entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .forEach(e -> rows.add(new DashboardData.ProviderShare(name, e.getKey(), e.getValue().samples,
                        Figures.round(100.0 * e.getValue().samples / label.samples, 2), e.getValue().errors))));
        return rows;
    }
}
