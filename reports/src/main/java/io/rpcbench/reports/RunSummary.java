package io.rpcbench.reports;

import java.nio.file.Path;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The per-label statistics of one JTL file, built in one streaming pass.
 *
 * <pre>{@code
 * RunSummary run = RunSummary.of(Path.of("results/dubbo-echo-1k.jtl"));
 * LabelStatistics echo = run.label("dubbo-echo-1k");
 * }</pre>
 */
public final class RunSummary {

    private final Path jtl;
    private final Map<String, LabelStatistics> labels;

    private RunSummary(Path jtl, Map<String, LabelStatistics> labels) {
        this.jtl = jtl;
        this.labels = labels;
    }

    /** Reads {@code jtl} once and summarises it per label, labels in order of first appearance. */
    public static RunSummary of(Path jtl) {
        Map<String, LabelStatistics> labels = new LinkedHashMap<>();
        JtlReader.read(jtl, sample -> labels.computeIfAbsent(sample.label(), LabelStatistics::new).add(sample));
        return new RunSummary(jtl, labels);
    }

    public Path jtl() { return jtl; }

    public Collection<LabelStatistics> labels() { return Collections.unmodifiableCollection(labels.values()); }

    /** The statistics of {@code label}, or statistics of no samples when the file has none of it. */
    public LabelStatistics label(String label) {
        LabelStatistics statistics = labels.get(label);
        return statistics != null ? statistics : new LabelStatistics(label);
    }
}
